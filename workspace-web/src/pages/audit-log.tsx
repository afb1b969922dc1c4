import type { components } from '@svc/client';
import { Link, moment, navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useInfiniteQuery, useQuery } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { useSession } from '../session';
import { actionWords, objectWords } from '../audit-words';

type AuditEntry = components['schemas']['AuditEntry'];

/** The filters, named as the API and the address name them. */
const FILTERS = ['action', 'actor', 'objectType', 'objectId', 'since', 'until'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const filtersOf = (location: URL): Filters => Object.fromEntries(FILTERS.map((f) => [f, location.searchParams.get(f) ?? '']).filter(([, v]) => v)) as Filters;
const searchOf = (filters: Filters) => new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();

/** An ISO instant as a `datetime-local` input shows it (the person's time zone), and back. */
const localOf = (iso: string | undefined) => {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

/** Who did it, in words: a member and the credential, a customer, or the payments provider. */
function actorWords(actor: AuditEntry['actor']): string {
  if (actor.type === 'member') return actor.credential?.via === 'api_key' ? `${actor.name ?? 'A member'} (API key ${actor.credential.name ?? ''})` : (actor.name ?? 'A member');
  if (actor.type === 'customer') return `${actor.name ?? 'A customer'} (portal customer)`;
  if (actor.type === 'payments_provider') return actor.name ?? 'The payments provider';
  return actor.name ?? actor.type;
}

/** The actor id the filter takes for an entry's actor: its API key when one was used, else the member. */
const actorIdOf = (actor: AuditEntry['actor']) => actor.credential?.apiKeyId ?? actor.membershipId ?? null;

const changeText = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '—');

/**
 * `/w/<slug>/settings/audit`: every write in the workspace, newest first, filtered by action, actor,
 * object and time. The filters are in the address, so a link gives the same view; the same filters
 * download as CSV through a plain link (the browser saves it as it streams).
 */
export function AuditLogPage({ location }: { location: URL }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const filters = filtersOf(location);
  const apply = (next: Filters) => {
    const search = searchOf(next);
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, { keepScroll: true });
  };
  const entries = useInfiniteQuery({
    queryKey: ['audit', workspace!.id, searchOf(filters)],
    queryFn: ({ pageParam }) => must(api.GET('/v1/audit', { params: { query: { limit: 50, ...filters, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = entries.data?.pages.flatMap((p) => p.data) ?? [];
  // Members by name, for the objects that are members (a role change names only the membership).
  const members = useQuery({ queryKey: ['members', workspace!.id], queryFn: () => must(api.GET('/v1/members', { params: { query: { limit: 100 } } })) });
  const memberNames = new Map((members.data?.data ?? []).map((m) => [m.membershipId, m.name]));
  const csv = `/v1/audit/export?${searchOf({ ...filters })}${Object.keys(filters).length ? '&' : ''}workspace=${encodeURIComponent(workspace!.id)}`;

  return (
    <div class="audit-log">
      <PageTitle>Audit log</PageTitle>
      <p class="help">Every change made in the workspace, who made it and with which credential, newest first.</p>
      <AuditFilters key={searchOf(filters)} filters={filters} apply={apply} />
      <p class="button-row">
        <a class="button" href={csv} download>Download as CSV</a>
        <span class="meta">With the filters shown; every matching entry.</span>
      </p>
      {entries.isError ? <Notice kind="error">{entries.error.message}</Notice> : null}
      {entries.isPending ? <p class="loading">Loading the audit log…</p> : null}
      {entries.data && rows.length === 0 ? <p class="empty">No entry matches these filters.</p> : null}
      {rows.length ? (
        <table class="audit-table">
          <caption class="sr-only">Audit log entries</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Who</th>
              <th scope="col">Object</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => {
              const actorId = actorIdOf(e.actor);
              const object = objectWords(e, memberNames);
              return (
                <tr key={e.id}>
                  <td><time dateTime={e.createdAt}>{moment(e.createdAt)}</time></td>
                  <td class="audit-action">
                    <Link href={`${location.pathname}?${searchOf({ ...filters, action: e.action })}`} title={`Only ${e.action}`}>{actionWords(e.action)}</Link>
                    <code class="meta">{e.action}</code>
                  </td>
                  <td class="audit-actor">{actorId ? <Link href={`${location.pathname}?${searchOf({ ...filters, actor: actorId })}`} title="Only what this actor did">{actorWords(e.actor)}</Link> : actorWords(e.actor)}</td>
                  <td class="audit-object">
                    <Link href={`${location.pathname}?${searchOf({ ...filters, objectType: e.target.type, objectId: e.target.id })}`} title={`This object’s history (${e.target.type} ${e.target.id})`}>
                      {object.name ? <>{object.type} <strong>{object.name}</strong></> : <>{object.type} <span class="meta">{e.target.id}</span></>}
                    </Link>
                  </td>
                  <td class="audit-change">
                    {e.before || e.after ? (
                      <details>
                        <summary>Before and after</summary>
                        <p><strong>Before:</strong> <code>{changeText(e.before)}</code></p>
                        <p><strong>After:</strong> <code>{changeText(e.after)}</code></p>
                      </details>
                    ) : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {entries.hasNextPage ? <button type="button" disabled={entries.isFetchingNextPage} onClick={() => entries.fetchNextPage()}>{entries.isFetchingNextPage ? 'Loading…' : 'Load more'}</button> : null}
    </div>
  );
}

/** The filter form: typed into, applied to the address on submit (so a link and a reload keep it). */
function AuditFilters({ filters, apply }: { filters: Filters; apply: (next: Filters) => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [draft, setDraft] = useState<Filters>(filters);
  const members = useQuery({ queryKey: ['members', workspace!.id], queryFn: () => must(api.GET('/v1/members', { params: { query: { limit: 100 } } })) });
  const keys = useQuery({ queryKey: ['api-keys', workspace!.id], queryFn: () => must(api.GET('/v1/api-keys', { params: { query: { limit: 100 } } })) });
  const set = (name: keyof Filters, value: string) => setDraft({ ...draft, [name]: value });
  const known = new Set([...(members.data?.data ?? []).map((m) => m.membershipId), ...(keys.data?.data ?? []).map((k) => k.id)]);
  const submit = (event: Event) => {
    event.preventDefault();
    apply(draft);
  };
  const input = (name: keyof Filters, label: string, props: preact.JSX.InputHTMLAttributes = {}) => (
    <div class="form-field">
      <label for={`audit-${name}`}>{label}</label>
      <input id={`audit-${name}`} value={draft[name] ?? ''} onInput={(e) => set(name, (e.target as HTMLInputElement).value)} {...props} />
    </div>
  );
  return (
    <form class="issue-filters audit-filters" role="search" aria-label="Filter the audit log" onSubmit={submit}>
      {input('action', 'Action', { placeholder: 'member.role_changed', pattern: '[a-z_]+\\.[a-z_]+', title: 'An action such as member.role_changed' })}
      <div class="form-field">
        <label for="audit-actor">Who</label>
        <select id="audit-actor" value={draft.actor ?? ''} onChange={(e) => set('actor', (e.target as HTMLSelectElement).value)}>
          <option value="">Anyone</option>
          {draft.actor && !known.has(draft.actor) ? <option value={draft.actor}>The actor in the address ({draft.actor.slice(0, 8)}…)</option> : null}
          <optgroup label="Members (any credential)">
            {(members.data?.data ?? []).map((m) => (
              <option key={m.membershipId} value={m.membershipId}>{m.name}</option>
            ))}
          </optgroup>
          {keys.data?.data.length ? (
            <optgroup label="API keys">
              {keys.data.data.map((k) => (
                <option key={k.id} value={k.id}>{k.name} ({k.createdBy.name})</option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      {input('objectType', 'Object type', { placeholder: 'member', pattern: '[a-z_]+', required: !!draft.objectId, 'aria-describedby': 'audit-object-help' })}
      {input('objectId', 'Object id', { required: !!draft.objectType, 'aria-describedby': 'audit-object-help' })}
      <div class="form-field">
        <label for="audit-since">From</label>
        <input id="audit-since" type="datetime-local" value={localOf(draft.since)} onInput={(e) => set('since', isoOf((e.target as HTMLInputElement).value))} />
      </div>
      <div class="form-field">
        <label for="audit-until">Until</label>
        <input id="audit-until" type="datetime-local" value={localOf(draft.until)} onInput={(e) => set('until', isoOf((e.target as HTMLInputElement).value))} />
      </div>
      <p id="audit-object-help" class="help filters-note">An object is named by its type and id together (choose one in the list to see its history).</p>
      <div class="button-row filters-note">
        <button type="submit" class="primary">Apply the filters</button>
        <button type="button" onClick={() => apply({})}>Clear</button>
      </div>
    </form>
  );
}
