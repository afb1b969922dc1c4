import { useEffect, useRef, useState } from 'preact/hooks';
import { day, Link, navigate, Notice, PageTitle } from '@svc/ui-kit';
import { api, problemOf, STATUSES, type PortalRequest } from '../api';
import type { Session } from '../app';
import { RequestTypeList } from '../request-types';
import { CheckYourEmail } from './confirm-address';
import { HELD_LINE, HeldBadge, REJECTED_LINE, StatusBadge } from '../ui';

type Filter = 'mine' | 'company' | 'public';
const FILTERS: Array<{ value: '' | Filter; label: string }> = [
  { value: '', label: 'All I can see' },
  { value: 'mine', label: 'Mine' },
  { value: 'company', label: "My company's" },
  { value: 'public', label: 'Public' },
];

export function HomePage({ session, location }: { session: Session; location: URL }) {
  const { front } = session;
  const params = location.searchParams;
  const filter = (params.get('filter') ?? '') as '' | Filter;
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const sort = params.get('sort') === 'votes' ? 'votes' : 'newest';
  const unread = params.get('unread') === 'true';
  const [items, setItems] = useState<PortalRequest[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = async (after: string | null) => {
    const { data, error, response } = await api.GET('/portal/requests', {
      params: {
        query: {
          limit: 20,
          ...(filter ? { filter } : {}),
          ...(status ? { status: status as PortalRequest['status']['id'] } : {}),
          ...(q ? { q } : {}),
          sort,
          ...(unread ? { unread: true } : {}),
          ...(after ? { cursor: after } : {}),
        },
      },
    });
    if (!data) {
      setProblem(problemOf(error, response));
      return;
    }
    setProblem(null);
    setItems((before) => (after && before ? [...before, ...data.data] : data.data));
    setCursor(data.nextCursor);
  };

  useEffect(() => {
    setItems(null);
    void load(null);
  }, [filter, status, q, sort, unread]);

  // The filters apply as they change: a choice at once, the search a moment after typing stops
  // (one history entry per search, not per letter) or on Enter.
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);
  const formRef = useRef<HTMLFormElement>(null);
  const apply = (options: { replace?: boolean } = {}) => {
    const form = new FormData(formRef.current!);
    const next = new URLSearchParams();
    for (const key of ['filter', 'status', 'q', 'sort']) {
      const value = String(form.get(key) ?? '').trim();
      if (value && !(key === 'sort' && value === 'newest')) next.set(key, value);
    }
    if (form.get('unread')) next.set('unread', 'true');
    const query = next.toString();
    if (`?${query}` === location.search || (!query && !location.search)) return;
    navigate(query ? `/?${query}` : '/', { ...options, keepScroll: true });
  };
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => apply(), 400);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <>
      <section class="hero">
        <PageTitle>{front.name}</PageTitle>
        {front.branding.welcomeText ? <p class="welcome">{front.branding.welcomeText}</p> : null}
      </section>
      {session.me.addressConfirmed ? null : <CheckYourEmail email={session.me.email} />}

      <RequestTypeList types={front.requestTypes} heading="Ask for something" />

      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Requests</h2>
        {/* The controls show the address's query, so back and forward show the filters of the list shown. */}
        <form
          ref={formRef}
          class="filters"
          role="search"
          aria-label="Filter requests"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <div>
            <label for="f-q">Search titles</label>
            <input id="f-q" name="q" type="search" value={typed} onInput={(event) => setTyped((event.currentTarget as HTMLInputElement).value)} maxLength={200} />
          </div>
          <div>
            <label for="f-filter">Show</label>
            <select id="f-filter" name="filter" value={filter} onChange={() => apply()}>
              {FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
            </select>
          </div>
          <div>
            <label for="f-status">Status</label>
            <select id="f-status" name="status" value={status} onChange={() => apply()}>
              <option value="">Any status</option>
              {STATUSES.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
            </select>
          </div>
          <div>
            <label for="f-sort">Sort by</label>
            <select id="f-sort" name="sort" value={sort} onChange={() => apply()}>
              <option value="newest">Newest first</option>
              <option value="votes">Most votes</option>
            </select>
          </div>
          <div class="filter-unread">
            <input id="f-unread" name="unread" type="checkbox" value="true" checked={unread} onChange={() => apply()} />
            <label for="f-unread">Only with new activity</label>
          </div>
        </form>
        {problem ? <Notice kind="error">{problem}</Notice> : null}
        {items === null ? (
          <p class="loading">Loading requests…</p>
        ) : items.length === 0 ? (
          <p class="empty">{q || filter || status || unread ? 'No request matches.' : 'No requests yet.'} <Link href="/new">Make a request</Link>.</p>
        ) : (
          <ul class="requests" aria-label="Requests">
            {items.map((r) => (
              <li key={r.reference} class="request-row">
                <div class="request-main">
                  <Link href={`/requests/${encodeURIComponent(r.reference)}`} class="request-title">
                    {r.title}
                  </Link>
                  {r.unread ? <span class="unread">New activity</span> : null}
                  <p class="meta">
                    {r.reference} · {r.requestType ?? 'Request'} · {r.mine ? 'you' : r.submittedBy}
                    {r.company ? ` (${r.company})` : ''} · {day(r.createdAt)} · {r.voteCount} {r.voteCount === 1 ? 'vote' : 'votes'}
                    {r.attachments.length ? ` · ${r.attachments.length} ${r.attachments.length === 1 ? 'file' : 'files'}` : ''}
                  </p>
                  {r.held ? <p class="held-line">{HELD_LINE}</p> : r.rejected ? <p class="held-line">{REJECTED_LINE}</p> : null}
                </div>
                <span class="badges">{r.held ? <HeldBadge /> : <StatusBadge status={r.status} />}</span>
              </li>
            ))}
          </ul>
        )}
        {cursor ? <button type="button" onClick={() => void load(cursor)}>Show more</button> : null}
      </section>
    </>
  );
}
