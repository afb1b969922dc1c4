import { Dialog, Link, moment, navigate, Notice, PageTitle, REQUEST_STATUSES } from '@svc/ui-kit';
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { useHoldDecisions, type HoldDecision, type HoldFailure } from '../hold-decisions';
import { canWrite } from '../issue-data';
import { stageOf, type PortalRequest } from '../request-words';
import { useSession, workspacePath } from '../session';

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'activity', label: 'Latest customer activity' },
  { value: 'votes', label: 'Most votes' },
  { value: 'oldest', label: 'Oldest' },
] as const;
type Sort = (typeof SORTS)[number]['value'];
const VISIBILITIES = [
  { value: 'private', label: 'Private' },
  { value: 'company', label: 'Company' },
  { value: 'public', label: 'Public' },
] as const;
/** The inbox's filters, each a parameter of the address. */
const FILTERS = ['portal', 'status', 'type', 'company', 'visibility', 'sort'] as const;

const RUNNING_WORDS: Record<HoldDecision, string> = { release: 'Releasing', reject: 'Declining' };

export const requestCountsKey = (workspaceId: string) => ['request-counts', workspaceId] as const;

/** The held requests of every portal, for the navigation (members and above read requests). */
export function useHeldCount(workspaceId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: requestCountsKey(workspaceId ?? ''),
    enabled: enabled && workspaceId !== null,
    queryFn: async () => (await must(inWorkspace(workspaceId!).GET('/v1/requests/counts'))).held,
  });
}

/**
 * `/w/<slug>/requests`: the requests of every portal. The hold queue first (newcomers' requests
 * that have not reached GitHub), released or declined one at a time or several at once; then the
 * requests past it, by portal, status, request type, company and visibility, newest, by votes or
 * by latest customer activity. Every filter is in the address.
 */
export function RequestsPage({ location }: { location: URL }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const params = location.searchParams;
  const one = (name: (typeof FILTERS)[number]) => params.get(name) ?? '';
  const sort = (SORTS.find((s) => s.value === one('sort'))?.value ?? 'newest') as Sort;
  const portals = useQuery({ queryKey: ['portals', workspace!.id], queryFn: () => must(api.GET('/v1/portals', { params: { query: { limit: 100 } } })) });
  const portalList = portals.data?.data ?? [];
  // Request types and companies belong to a portal: offered once one portal is chosen.
  const chosenPortal = one('portal');
  const [types, companies] = useQueries({
    queries: [
      { queryKey: ['request-types', workspace!.id, chosenPortal], enabled: Boolean(chosenPortal), queryFn: () => must(api.GET('/v1/portals/{portalId}/request-types', { params: { path: { portalId: chosenPortal } } })) },
      { queryKey: ['companies', workspace!.id, chosenPortal], enabled: Boolean(chosenPortal), queryFn: () => must(api.GET('/v1/portals/{portalId}/companies', { params: { path: { portalId: chosenPortal }, query: { limit: 100 } } })) },
    ],
  });
  const filter = {
    ...(chosenPortal ? { portalId: chosenPortal } : {}),
    ...(one('status') ? { status: one('status') as PortalRequest['status']['id'] } : {}),
    ...(chosenPortal && one('type') ? { requestTypeId: one('type') } : {}),
    ...(chosenPortal && one('company') ? { companyId: one('company') } : {}),
    ...(one('visibility') ? { visibility: one('visibility') as PortalRequest['visibility'] } : {}),
  };
  const set = (changes: Partial<Record<(typeof FILTERS)[number], string>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
      // A portal's types and companies go with it.
      if (name === 'portal') (next.delete('type'), next.delete('company'));
    }
    const text = next.toString();
    navigate(`${location.pathname}${text ? `?${text}` : ''}`, { keepScroll: true });
  };
  const past = useInfiniteQuery({
    queryKey: ['requests', workspace!.id, 'past', filter, sort],
    queryFn: ({ pageParam }) => must(api.GET('/v1/requests', { params: { query: { ...filter, held: false, sort, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = past.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <div class="list-head">
        <PageTitle>Requests</PageTitle>
      </div>
      <HoldQueue portalId={chosenPortal} />
      <section aria-labelledby="past-title">
        <h2 id="past-title">Requests past the queue</h2>
        <form class="issue-filters request-filters" role="search" aria-label="Filter the requests" onSubmit={(e) => e.preventDefault()}>
          <FilterSelect id="requests-portal" label="Portal" value={chosenPortal} any="Every portal" choices={portalList.map((p) => ({ value: p.id, label: p.name }))} onChoose={(portal) => set({ portal })} />
          <FilterSelect id="requests-status" label="Status customers see" value={one('status')} any="Any" choices={REQUEST_STATUSES.map((s) => ({ value: s.id, label: s.label }))} onChoose={(status) => set({ status })} />
          <FilterSelect id="requests-type" label="Request type" value={one('type')} any="Any" perPortal={!chosenPortal} choices={(types.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }))} onChoose={(type) => set({ type })} />
          <FilterSelect id="requests-company" label="Company" value={one('company')} any="Any" perPortal={!chosenPortal} choices={(companies.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))} onChoose={(company) => set({ company })} />
          <FilterSelect id="requests-visibility" label="Who sees it" value={one('visibility')} any="Anyone" choices={VISIBILITIES} onChoose={(visibility) => set({ visibility })} />
          <FilterSelect id="requests-sort" label="Sort by" value={sort} choices={SORTS} onChoose={(chosen) => set({ sort: chosen === 'newest' ? '' : chosen })} />
          {chosenPortal ? null : <p id="requests-per-portal" class="help filters-note">Request types and companies belong to a portal: choose one to filter by them.</p>}
        </form>
        {past.isError ? <Notice kind="error">{past.error.message}</Notice> : null}
        {past.isPending ? <p class="loading">Loading the requests…</p> : null}
        {past.data && rows.length === 0 ? <p class="empty">No request matches these filters.</p> : null}
        <ol class="request-list" aria-label="Requests">
          {rows.map((r) => (
            <RequestRow key={r.id} request={r} />
          ))}
        </ol>
        {past.hasNextPage ? <button type="button" disabled={past.isFetchingNextPage} onClick={() => past.fetchNextPage()}>Show more</button> : null}
      </section>
    </>
  );
}

/**
 * One filter of the inbox: a labelled select whose first choice (`any`) is no filter. A filter that
 * belongs to one portal (`perPortal`) is disabled until a portal is chosen, and says so.
 */
function FilterSelect({ id, label, value, any, choices, perPortal = false, onChoose }: { id: string; label: string; value: string; any?: string; choices: ReadonlyArray<{ value: string; label: string }>; perPortal?: boolean; onChoose: (value: string) => void }) {
  return (
    <div>
      <label for={id}>{label}</label>
      <select id={id} value={value} disabled={perPortal} aria-describedby={perPortal ? 'requests-per-portal' : undefined} onChange={(e) => onChoose((e.target as HTMLSelectElement).value)}>
        {any === undefined ? null : <option value="">{any}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>{c.label}</option>
        ))}
      </select>
    </div>
  );
}

/** One request of a list: its reference and title (to its page), where it came from, its status as customers see it and its stage. */
export function RequestRow({ request, chooser, requester = true }: { request: PortalRequest & { portalId: string; portalName: string; lastCustomerActivityAt: string }; chooser?: preact.ComponentChildren; requester?: boolean }) {
  const { workspace } = useSession();
  return (
    <li class={`request-row${chooser ? ' with-chooser' : ''}`}>
      {chooser}
      <div>
        <Link class="request-link" href={workspacePath(workspace!, `/requests/${request.portalId}/${request.id}`)}>
          <span class="meta">{request.reference}</span> {request.title}
        </Link>
        <p class="meta">
          {request.portalName}
          {requester ? ` · ${request.requester ? `${request.requester.name}${request.requester.company ? ` (${request.requester.company.name})` : ''}` : 'shared by a member'}` : ''}
          {request.requestType ? ` · ${request.requestType.name}` : ''} · last customer activity {moment(request.lastCustomerActivityAt)}
        </p>
      </div>
      <p class="request-row-side">
        <span class={`badge request-status status-${request.status.id}`}>{request.status.label}</span>
        <span class="meta">{stageOf(request)} · {request.voteCount} vote{request.voteCount === 1 ? '' : 's'}</span>
      </p>
    </li>
  );
}

/**
 * The hold queue of every portal (or of the one chosen), oldest first: each request released to
 * GitHub (through the installation's lane) or declined, one at a time or several chosen at once.
 * A release GitHub refuses is said in words and the request stays held and chosen.
 */
function HoldQueue({ portalId }: { portalId: string }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const canAct = canWrite(workspace);
  const held = useQuery({
    queryKey: ['requests', workspace!.id, 'held', portalId],
    queryFn: () => must(api.GET('/v1/requests', { params: { query: { held: true, sort: 'oldest', limit: 100, ...(portalId ? { portalId } : {}) } } })),
  });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const { decide, running } = useHoldDecisions();
  const [failures, setFailures] = useState<HoldFailure[]>([]);
  const [declining, setDeclining] = useState(false);
  const list = held.data?.data ?? [];
  const picked = list.filter((r) => chosen.has(r.id));

  const act = async (kind: HoldDecision) => {
    setDeclining(false);
    setFailures([]);
    const failed = await decide(kind, picked);
    setChosen(new Set(failed.map((f) => f.id)));
    setFailures(failed);
  };
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  if (held.isError) return <Notice kind="error">{held.error.message}</Notice>;
  if (!held.data) return <p class="loading">Loading the hold queue…</p>;
  return (
    <section class="hold-queue card" aria-labelledby="hold-title">
      <h2 id="hold-title">Hold queue <span class="meta">{list.length === 0 ? 'empty' : `${list.length} waiting`}</span></h2>
      <p class="help">A newcomer’s first request on an open portal waits here: nothing of it is on GitHub until it is released. One marked “address not verified” can be released once its requester confirms the address they signed up with.</p>
      {list.length === 0 ? <p class="empty">Nothing waits for the team.</p> : null}
      {list.length > 0 && canAct ? (
        <div class="button-row hold-actions">
          <label class="choice">
            <input type="checkbox" checked={picked.length === list.length} onChange={(e) => setChosen((e.target as HTMLInputElement).checked ? new Set(list.map((r) => r.id)) : new Set())} />
            All {list.length}
          </label>
          <button type="button" class="primary" disabled={picked.length === 0 || running !== null} onClick={() => act('release')}>Release {picked.length || ''} to GitHub</button>
          <button type="button" class="danger" disabled={picked.length === 0 || running !== null} onClick={() => setDeclining(true)}>Decline {picked.length || ''}…</button>
        </div>
      ) : null}
      <div role="status" class="hold-progress">
        {running ? (
          <>
            {RUNNING_WORDS[running.kind]} {running.done + 1} of {running.total}…
            <progress max={running.total} value={running.done} aria-label={`${RUNNING_WORDS[running.kind]} the chosen requests`} />
          </>
        ) : null}
      </div>
      {failures.length ? (
        <Notice kind="error">
          <p>{failures.length === 1 ? 'This request was not changed and stays held:' : 'These requests were not changed and stay held:'}</p>
          <ul>
            {failures.map((f) => (
              <li key={f.reference}>{f.reference}: {f.why}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <ol class="request-list" aria-label="Held requests">
        {list.map((r) => (
          <RequestRow
            key={r.id}
            request={r}
            chooser={canAct ? <input type="checkbox" class="row-select" checked={chosen.has(r.id)} onChange={() => toggle(r.id)} aria-label={`Choose ${r.reference} ${r.title}`} /> : undefined}
          />
        ))}
      </ol>
      <Dialog open={declining} title={`Decline ${picked.length} request${picked.length === 1 ? '' : 's'}?`} onClose={() => setDeclining(false)}>
        <p>Nothing is written to GitHub and nobody is e-mailed. Each requester sees theirs as Closed; nobody else sees it.</p>
        <div class="button-row">
          <button type="button" class="danger" onClick={() => act('reject')}>Decline them</button>
          <button type="button" onClick={() => setDeclining(false)}>Keep them held</button>
        </div>
      </Dialog>
    </section>
  );
}
