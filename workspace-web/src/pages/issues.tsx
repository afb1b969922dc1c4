import { day, Link, navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useInfiniteQuery, useQuery } from '@tanstack/preact-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { inWorkspace, must, type Issue } from '../api';
import { openShortcutSheet } from '../commands';
import { canWrite, useMemberLogins } from '../issue-data';
import { typingIn, useShortcuts } from '../keyboard';
import { openNewIssue } from '../new-issue';
import { useSession, workspacePath } from '../session';
import { useDocumentTop, useWindowVirtualizer } from '../virtual';
import { DEFAULT_ORDER, isListParam as isListParamName, LIST_PARAMS, type ListParam } from '../views';
import { BulkBar, type BulkReport } from './bulk-edit';
import { LabelFilter } from './label-filter';
import { ProjectFilter } from './project-filter';
import { SavedViews } from './saved-views';

/** The filters a list URL may carry, each the API's own parameter (so a list link is an API query too), and `field:<id>`. */
const FILTERS = LIST_PARAMS;
type Filter = ListParam;
const PAGE = 50;
/**
 * The list draws only the rows in and near the window (@tanstack/virtual-core): a row's height
 * before it is measured (a title line and a meta line), the rows drawn beyond each edge of the
 * window, and how near the last row drawn may come to the last one loaded before the next page is
 * asked for (about two screens ahead, as the list's end sentinel was before).
 */
const ROW_ESTIMATE = 68;
const OVERSCAN = 8;
const PAGE_AHEAD = 30;
/** GitHub's default issue types; an organisation's own are typed into the address (`type=`), and shown when there. */
const ISSUE_TYPES = ['Bug', 'Feature', 'Task'];

const SORTS: Array<{ value: string; label: string }> = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'created', label: 'Newest' },
  { value: 'number', label: 'Number' },
  { value: 'title', label: 'Title' },
  { value: 'comments', label: 'Most commented' },
];

/** `/w/<slug>/issues`: the workspace's issues, every filter and the sort in the address. */
export function IssuesPage({ location }: { location: URL }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const params = location.searchParams;
  const one = (name: Filter) => params.get(name) ?? '';
  const state = params.get('state') ?? 'open';
  const query: Record<string, string | string[]> = { state };
  for (const name of FILTERS) {
    if (name === 'state') continue;
    const values = params.getAll(name).filter(Boolean);
    if (values.length === 1) query[name] = values[0];
    else if (values.length > 1) query[name] = values;
  }
  // Project field filters (`field:<fieldNodeId>`), which a saved view may hold.
  for (const name of new Set(params.keys())) {
    if (!name.startsWith('field:')) continue;
    const values = params.getAll(name).filter(Boolean);
    if (values.length) query[name] = values.length === 1 ? values[0] : values;
  }

  const sort = (['updated', 'created', 'number', 'title', 'comments'] as const).find((v) => v === params.get('sort')) ?? 'updated';
  const order = params.get('order') === 'asc' || params.get('order') === 'desc' ? params.get('order')! : DEFAULT_ORDER[sort];
  const memberLogins = useMemberLogins(workspace!.id);
  const set = (name: Filter, value: string) => setAll({ [name]: value });
  // A list of values (labels) becomes the parameter repeated; an empty value or list removes it.
  const setAll = (changes: Record<string, string | string[]>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      next.delete(name);
      for (const one of Array.isArray(value) ? value : [value]) if (one) next.append(name, one);
      if (name === 'sort') next.delete('order');
    }
    const text = next.toString();
    navigate(`${location.pathname}${text ? `?${text}` : ''}`, { replace: 'q' in changes, keepScroll: true });
  };

  const list = useInfiniteQuery({
    queryKey: ['issues', workspace!.id, query],
    queryFn: ({ pageParam }) =>
      must(api.GET('/v1/issues', { params: { query: { ...(query as Record<string, string>), limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const labels = useQuery({ queryKey: ['labels', workspace!.id], queryFn: () => must(api.GET('/v1/labels', { params: { query: { limit: 100 } } })) });
  const labelNames = [...new Set((labels.data?.data ?? []).map((l) => l.name))];
  const milestones = useQuery({ queryKey: ['milestones', workspace!.id], queryFn: () => must(api.GET('/v1/milestones', { params: { query: { limit: 100 } } })) });
  const repositories = useQuery({ queryKey: ['repositories', workspace!.id], queryFn: () => must(api.GET('/v1/codehost/repositories', { params: { query: { limit: 100 } } })) });

  const issues: Issue[] = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  // A viewer reads; saving views and bulk edits are a member's (the API refuses a viewer both).
  const canEdit = workspace!.role !== 'viewer';

  // The selection for a bulk edit: kept while the filters stay; `anchor` is where a shift-click range starts.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState<{ done: number; total: number; what: string } | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);
  const anchor = useRef<string | null>(null);
  const listKey = JSON.stringify(query);
  useEffect(() => {
    setSelected(new Set());
    setReport(null);
    anchor.current = null;
  }, [listKey]);
  const selectedIssues = issues.filter((i) => selected.has(i.id));
  const toggle = (index: number, range: boolean) => {
    const issue = issues[index];
    if (!issue || !canEdit) return;
    const from = range && anchor.current ? issues.findIndex((i) => i.id === anchor.current) : -1;
    const on = !selected.has(issue.id);
    const next = new Set(selected);
    const span = from === -1 ? [issue] : issues.slice(Math.min(from, index), Math.max(from, index) + 1);
    for (const one of span) {
      if (on) next.add(one.id);
      else next.delete(one.id);
    }
    anchor.current = issue.id;
    setSelected(next);
  };
  const allShown = issues.length > 0 && selectedIssues.length === issues.length;

  // The rows drawn: those in the window and OVERSCAN beyond each edge, each measured as drawn (a
  // title wraps on a narrow screen). The list's top in the page is the virtualizer's scrollMargin.
  const rows = useRef<HTMLOListElement>(null);
  const listTop = useDocumentTop(rows);
  /** What a sticky bar over the page's top covers, kept clear when a row is scrolled to (set as j or k moves). */
  const covered = useRef(0);
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: issues.length,
    estimateSize: useCallback(() => ROW_ESTIMATE, []),
    getItemKey: useCallback((index: number) => issues[index]?.id ?? index, [issues]),
    overscan: OVERSCAN,
    scrollMargin: listTop ?? 0,
    scrollPaddingStart: covered.current,
  });
  const drawn = virtualizer.getVirtualItems();
  const lastDrawn = drawn.length ? drawn[drawn.length - 1].index : -1;

  // The next page is asked for while the rows drawn come within PAGE_AHEAD rows of the last loaded
  // (once the list's place in the page is known: before, the rows drawn are a guess).
  useEffect(() => {
    if (listTop === null || lastDrawn < 0 || !list.hasNextPage || list.isFetchingNextPage || list.isError) return;
    if (lastDrawn >= issues.length - PAGE_AHEAD) void list.fetchNextPage();
  }, [listTop, lastDrawn, issues.length, list.hasNextPage, list.isFetchingNextPage, list.isError]);

  const search = useRef<HTMLInputElement>(null);
  // A search set from elsewhere (a saved view, back, the palette) shows in the box unless it is being typed in.
  useEffect(() => {
    if (search.current && document.activeElement !== search.current) search.current.value = one('q');
  }, [one('q')]);
  /** The index of the row holding the focus, or -1. */
  const focusedRow = () => {
    const row = (document.activeElement as HTMLElement | null)?.closest?.<HTMLElement>('.issue-row');
    return row && rows.current?.contains(row) ? Number(row.dataset.index) : -1;
  };
  // j and k move by index over every row loaded, drawn or not: the virtualizer scrolls to the row
  // (so it is drawn), and its link takes the focus once it is in the page, a frame or so later. A
  // key pressed meanwhile moves on from the row on its way (a held j skips none); a row that was
  // never drawn (the list changed under it) is let go after a moment.
  const wanted = useRef<{ id: string; at: number } | null>(null);
  const focusWanted = () => {
    if (!wanted.current) return;
    const { id, at } = wanted.current;
    if (performance.now() - at > 2000) wanted.current = null;
    const link = document.getElementById(`title-${id}`);
    if (!link || !rows.current?.contains(link)) return;
    wanted.current = null;
    link.focus({ preventScroll: true });
  };
  useLayoutEffect(focusWanted);
  // The row last focused: scrolled out of the window, it leaves the page and the focus falls to the
  // body; j and k go on from it then, as they did when every row stayed in the page.
  const lastRow = useRef<string | null>(null);
  const onRowFocus = (event: FocusEvent) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.issue-row');
    if (row) lastRow.current = issues[Number(row.dataset.index)]?.id ?? null;
  };
  /** The row j or k moved to: the one on its way to the focus, else the one holding it; or -1. */
  const currentRow = (orLast = false) => {
    focusWanted();
    const pending = wanted.current ? issues.findIndex((i) => i.id === wanted.current!.id) : -1;
    if (pending !== -1) return pending;
    const focused = focusedRow();
    if (focused !== -1 || !orLast || !lastRow.current || (document.activeElement && document.activeElement !== document.body)) return focused;
    return issues.findIndex((i) => i.id === lastRow.current);
  };
  const move = (by: number) => {
    if (issues.length === 0) return;
    const at = currentRow(true);
    const index = Math.min(issues.length - 1, Math.max(0, at === -1 ? (by > 0 ? 0 : issues.length - 1) : at + by));
    // A bar stuck over the page's top (the bulk edit's, on a wide screen) would hide a row scrolled up to.
    const bar = document.querySelector<HTMLElement>('.bulk-bar');
    const stuck = bar && getComputedStyle(bar).position === 'sticky' ? bar.offsetHeight : 0;
    if (stuck !== covered.current) {
      covered.current = stuck;
      virtualizer.setOptions({ ...virtualizer.options, scrollPaddingStart: stuck });
    }
    wanted.current = { id: issues[index].id, at: performance.now() };
    lastRow.current = issues[index].id;
    virtualizer.scrollToIndex(index);
    focusWanted();
  };
  useShortcuts(
    {
      j: () => move(1),
      k: () => move(-1),
      '/': () => search.current?.focus(),
      x: () => toggle(currentRow(), false),
      X: () => toggle(currentRow(), true),
      Escape: () => {
        if (document.activeElement === search.current) search.current?.blur();
        else if (selected.size && !running && !typingIn(document.activeElement)) setSelected(new Set());
      },
    },
    [issues, selected, running],
  );

  // On a narrow screen the filters beyond the search and the state fold away (open on a wide one).
  const [wide, setWide] = useState(() => window.matchMedia('(min-width: 48rem)').matches);
  const setCount = [...new Set(params.keys())].filter((name) => name !== 'q' && name !== 'state' && name !== 'view' && name !== 'order' && (isListParamName(name))).length;
  const filtered = FILTERS.some((name) => name !== 'sort' && name !== 'order' && params.has(name));
  return (
    <>
      <div class="list-head">
        <PageTitle>Issues</PageTitle>
        {canWrite(workspace) ? <button type="button" class="primary" aria-keyshortcuts="c" onClick={openNewIssue}>New issue <kbd aria-hidden="true">c</kbd></button> : null}
      </div>
      <SavedViews workspaceId={workspace!.id} location={location} canSave={canEdit} />
      <form class="issue-filters" role="search" aria-label="Filter the issues" onSubmit={(event) => event.preventDefault()}>
        <div class="filter-search">
          <label for="issue-search">Search <kbd>/</kbd></label>
          <input
            id="issue-search"
            ref={search}
            type="search"
            defaultValue={one('q')}
            placeholder="Words, #number, -excluded, &quot;a phrase&quot;"
            onInput={debounced((value) => set('q', value.trim()))}
          />
        </div>
        <div>
          <label for="issue-state">State</label>
          <select id="issue-state" value={state} onChange={(e) => set('state', (e.target as HTMLSelectElement).value === 'open' ? '' : (e.target as HTMLSelectElement).value)}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </select>
        </div>
        <details class="more-filters" open={wide || undefined} onToggle={(e) => setWide((e.currentTarget as HTMLDetailsElement).open)}>
          <summary>Filters and sort{setCount ? ` (${setCount} set)` : ''}</summary>
          <div class="more-filters-grid">
            <div>
              <label for="issue-repository">Repository</label>
              <select id="issue-repository" value={one('repository')} onChange={(e) => set('repository', (e.target as HTMLSelectElement).value)}>
                <option value="">All</option>
                {(repositories.data?.data ?? []).filter((r) => r.syncEnabled || r.syncedAt).map((r) => (
                  <option key={r.id} value={r.id}>{r.fullName}</option>
                ))}
              </select>
            </div>
            <LabelFilter names={labelNames} chosen={params.getAll('label').filter(Boolean)} change={(chosen) => setAll({ label: chosen })} />
            <div>
              <label for="issue-assignee">Assignee</label>
              <select id="issue-assignee" value={one('assignee')} onChange={(e) => set('assignee', (e.target as HTMLSelectElement).value)}>
                <option value="">Anyone</option>
                <option value="@me">Me</option>
                <option value="none">Nobody</option>
                {(memberLogins.data ?? []).map((m) => (
                  <option key={m.login} value={m.login}>{`${m.login} (${m.name})`}</option>
                ))}
              </select>
            </div>
            <div>
              <label for="issue-milestone">Milestone</label>
              <select id="issue-milestone" value={one('milestone')} onChange={(e) => set('milestone', (e.target as HTMLSelectElement).value)}>
                <option value="">Any</option>
                <option value="none">None</option>
                {(milestones.data?.data ?? []).map((m) => (
                  <option key={m.id} value={m.id}>{m.title}</option>
                ))}
              </select>
            </div>
            <ProjectFilter workspaceId={workspace!.id} params={params} change={setAll} />
            <div>
              <label for="issue-type">Type</label>
              <select id="issue-type" value={one('type')} onChange={(e) => set('type', (e.target as HTMLSelectElement).value)}>
                <option value="">Any</option>
                <option value="none">None</option>
                {ISSUE_TYPES.map((name) => (
                  <option key={name} value={name}>{name}</option>
                ))}
                {one('type') && one('type') !== 'none' && !ISSUE_TYPES.includes(one('type')) ? <option value={one('type')}>{one('type')}</option> : null}
              </select>
            </div>
            <div>
              <label for="issue-updated">Updated</label>
              <select id="issue-updated" value={one('updated_since')} onChange={(e) => set('updated_since', (e.target as HTMLSelectElement).value)}>
                <option value="">Any time</option>
                <option value="-24h">Last 24 hours</option>
                <option value="-7d">Last 7 days</option>
                <option value="-30d">Last 30 days</option>
              </select>
            </div>
            <div>
              <label for="issue-sort">Sort by</label>
              <select id="issue-sort" value={one('sort') || 'updated'} onChange={(e) => set('sort', (e.target as HTMLSelectElement).value === 'updated' ? '' : (e.target as HTMLSelectElement).value)}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>{s.label}</option>
                ))}
              </select>
            </div>
            <div>
              <label for="issue-order">Order</label>
              <select id="issue-order" value={order} onChange={(e) => setAll({ order: (e.target as HTMLSelectElement).value === DEFAULT_ORDER[sort] ? '' : (e.target as HTMLSelectElement).value })}>
                <option value="desc">{sort === 'title' ? 'Z to A' : sort === 'number' || sort === 'comments' ? 'Highest first' : 'Newest first'}</option>
                <option value="asc">{sort === 'title' ? 'A to Z' : sort === 'number' || sort === 'comments' ? 'Lowest first' : 'Oldest first'}</option>
              </select>
            </div>
          </div>
        </details>
      </form>
      {canEdit ? (
        <BulkBar
          workspace={workspace!}
          selected={selectedIssues}
          labelNames={labelNames}
          milestones={milestones.data?.data ?? []}
          running={running}
          setRunning={setRunning}
          report={report}
          finished={(done, failedIds) => {
            setReport(done);
            setSelected(new Set(failedIds));
          }}
          clear={() => setSelected(new Set())}
        />
      ) : null}
      {list.isError ? <Notice kind="error">{list.error.message}</Notice> : null}
      {list.isPending ? (
        <p class="loading">Loading the issues…</p>
      ) : issues.length === 0 ? (
        <p class="empty">{filtered ? 'No issue matches these filters.' : 'No issues yet. Mirror a repository under GitHub to see its issues here.'}</p>
      ) : (
        <>
          <div class="list-tools">
            {canEdit ? (
              <label class="choice">
                <input
                  type="checkbox"
                  checked={allShown}
                  indeterminate={!allShown && selectedIssues.length > 0}
                  onChange={() => setSelected(allShown ? new Set() : new Set(issues.map((i) => i.id)))}
                />
                Select all {issues.length} on this page
              </label>
            ) : (
              <span />
            )}
            <button type="button" class="link-button" onClick={openShortcutSheet}>
              Keyboard shortcuts <kbd aria-hidden="true">?</kbd>
            </button>
          </div>
          {/* Only the rows in and near the window are in the page; the padding stands for the others,
              at their measured (or estimated) heights, so the page scrolls as if all were there.
              aria-setsize and aria-posinset tell assistive technology each row's place among all
              loaded; data-loaded-rows says how many are (the benchmark reads it). */}
          <ol
            class="issue-list"
            ref={rows}
            aria-label="Issues"
            data-loaded-rows={issues.length}
            onFocusIn={onRowFocus}
            style={{
              paddingTop: `${drawn.length ? drawn[0].start - virtualizer.options.scrollMargin : 0}px`,
              paddingBottom: `${drawn.length ? virtualizer.getTotalSize() - (drawn[drawn.length - 1].end - virtualizer.options.scrollMargin) : 0}px`,
            }}
          >
            {drawn.map(({ index }) => {
              const issue = issues[index];
              return (
                <IssueRow
                  key={issue.id}
                  issue={issue}
                  index={index}
                  setSize={issues.length}
                  measure={virtualizer.measureElement}
                  href={workspacePath(workspace!, `/issues/${issue.id}`)}
                  selected={selected.has(issue.id)}
                  toggle={canEdit ? (range) => toggle(index, range) : null}
                />
              );
            })}
          </ol>
          <p class="list-end" aria-hidden={!list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading more…' : list.hasNextPage ? '' : `${issues.length} issue${issues.length === 1 ? '' : 's'}`}
          </p>
        </>
      )}
      {list.hasNextPage && !list.isFetchingNextPage ? (
        <button type="button" onClick={() => list.fetchNextPage()}>Load more</button>
      ) : null}
    </>
  );
}

function IssueRow({ issue, index, setSize, measure, href, selected, toggle }: {
  issue: Issue;
  /** Its place among the rows loaded, from 0 (the virtualizer reads it from data-index when it measures the row). */
  index: number;
  setSize: number;
  measure: (row: HTMLLIElement | null) => void;
  href: string;
  selected: boolean;
  toggle: ((range: boolean) => void) | null;
}) {
  return (
    <li ref={measure} class={`issue-row${selected ? ' selected' : ''}`} data-index={index} aria-posinset={index + 1} aria-setsize={setSize}>
      {toggle ? (
        <input
          type="checkbox"
          class="row-select"
          checked={selected}
          aria-label={`Select ${issue.repository.fullName}#${issue.number}`}
          aria-describedby={`title-${issue.id}`}
          onClick={(event) => toggle(event.shiftKey)}
        />
      ) : null}
      <span class={`state-dot state-${issue.state}`} aria-label={issue.state === 'open' ? 'Open' : 'Closed'} role="img" />
      <div class="issue-main">
        <Link href={href} class="issue-link" id={`title-${issue.id}`}>{issue.title}</Link>
        <span class="labels">
          {issue.labels.map((label) => (
            <span key={label.nodeId} class="label">{label.name}</span>
          ))}
        </span>
        <p class="meta">
          {issue.repository.fullName}#{issue.number} · updated {day(issue.updatedAt)}
          {issue.assignees.some(Boolean) ? ` · ${issue.assignees.flatMap((a) => (a ? [a.login] : [])).join(', ')}` : ''}
          {issue.commentsCount ? ` · ${issue.commentsCount} comment${issue.commentsCount === 1 ? '' : 's'}` : ''}
        </p>
      </div>
    </li>
  );
}

function debounced(run: (value: string) => void): (event: Event) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (event) => {
    const value = (event.target as HTMLInputElement).value;
    clearTimeout(timer);
    timer = setTimeout(() => run(value), 250);
  };
}
