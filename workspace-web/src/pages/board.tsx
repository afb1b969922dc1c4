import { Link, navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/preact-query';
import { memo } from 'preact/compat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { components } from '@svc/client';
import { inWorkspace, must, problemOf } from '../api';
import { useSession, workspacePath } from '../session';

type Item = components['schemas']['ProjectItem'];
/** The most cards a board loads (ten pages). */
const MAX_CARDS = 1000;
interface Column {
  /** The option's id; '' for cards with no value. */
  id: string;
  name: string;
}
interface Pending {
  itemId: string;
  to: string;
}

/**
 * `/w/<slug>/board?project=<id>&field=<nodeId>`: a project (v2) as columns of one single-select
 * field (Status by default). A card moves to another column by drag, or by keyboard: Space picks it
 * up, ← and → choose the column, Space or Enter drops, Escape puts it back. The move is written to
 * GitHub first; the card shows where it is going meanwhile, and a refusal puts it back with the
 * reason in words.
 */
export function BoardPage({ location }: { location: URL }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const projects = useQuery({ queryKey: ['projects', workspace!.id], queryFn: () => must(api.GET('/v1/projects', { params: { query: { limit: 100 } } })) });
  const open = (projects.data?.data ?? []).filter((p) => !p.closed);
  const projectId = location.searchParams.get('project') ?? open[0]?.id ?? null;
  const project = useQuery({
    queryKey: ['project', workspace!.id, projectId],
    queryFn: () => must(api.GET('/v1/projects/{projectId}', { params: { path: { projectId: projectId! } } })),
    enabled: Boolean(projectId),
  });
  const selectFields = (project.data?.fields ?? []).filter((f) => f.dataType === 'single_select' && f.settable);
  const fieldId = location.searchParams.get('field') ?? (selectFields.find((f) => f.name.toLowerCase() === 'status') ?? selectFields[0])?.nodeId ?? null;
  const field = selectFields.find((f) => f.nodeId === fieldId) ?? null;

  const items = useInfiniteQuery({
    queryKey: ['project-items', workspace!.id, projectId],
    queryFn: ({ pageParam }) =>
      must(api.GET('/v1/projects/{projectId}/items', { params: { path: { projectId: projectId! }, query: { limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(projectId),
  });
  // A board shows its cards page after page, up to MAX_CARDS: a project can hold tens of thousands.
  const loaded = items.data?.pages.reduce((n, p) => n + p.data.length, 0) ?? 0;
  const capped = loaded >= MAX_CARDS && Boolean(items.hasNextPage);
  useEffect(() => {
    if (items.hasNextPage && !items.isFetchingNextPage && loaded < MAX_CARDS) void items.fetchNextPage();
  }, [items.hasNextPage, items.isFetchingNextPage, loaded]);

  const [pending, setPending] = useState<Pending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, say] = useState('');
  const columns: Column[] = useMemo(() => (field ? [...(field.options ?? []).map((o) => ({ id: o.id, name: o.name })), { id: '', name: `No ${field.name}` }] : []), [field]);
  const all: Item[] = items.data?.pages.flatMap((p) => p.data) ?? [];
  const columnOf = (item: Item) => {
    if (pending?.itemId === item.itemNodeId) return pending.to;
    const value = field ? item.fieldValues[field.nodeId] : undefined;
    return value && value.type === 'single_select' ? value.optionId : '';
  };

  const move = async (item: Item, to: string) => {
    if (!field || !projectId || columnOf(item) === to || pending) return;
    const name = columns.find((c) => c.id === to)?.name ?? '';
    setProblem(null);
    setPending({ itemId: item.itemNodeId, to });
    say(`Moving ${titleOf(item)} to ${name}: writing to GitHub…`);
    const { data, error, response } = await api.PATCH('/v1/projects/{projectId}/items/{itemId}/fields/{fieldNodeId}', {
      params: { path: { projectId, itemId: item.itemNodeId, fieldNodeId: field.nodeId } },
      body: { value: to ? { optionId: to } : null },
    });
    if (data) {
      queryClient.setQueryData(['project-items', workspace!.id, projectId], (old: typeof items.data) =>
        old ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.map((i) => (i.itemNodeId === data.itemNodeId ? data : i)) })) } : old,
      );
      say(`${titleOf(item)} is in ${name}.`);
    } else {
      const why = problemOf(error, response);
      setProblem(`${titleOf(item)} stays where it was: ${why}`);
      say(`${titleOf(item)} stays where it was.`);
    }
    setPending(null);
  };

  const choose = (params: Record<string, string>) => {
    const next = new URLSearchParams(location.searchParams);
    for (const [k, v] of Object.entries(params)) next.set(k, v);
    if ('project' in params) next.delete('field');
    navigate(`${location.pathname}?${next}`, { replace: true, keepScroll: true });
  };

  if (projects.isPending) return <p class="loading">Loading the projects…</p>;
  if (projects.isError) return <Notice kind="error">{projects.error.message}</Notice>;
  if (open.length === 0)
    return (
      <>
        <PageTitle>Board</PageTitle>
        <p class="empty">No open project yet. Projects (v2) of the connected GitHub account show here once mirrored; see <Link href="/settings/codehost">GitHub</Link>.</p>
      </>
    );

  return (
    <>
      <PageTitle>Board</PageTitle>
      <div class="board-controls">
        <div>
          <label for="board-project">Project</label>
          <select id="board-project" value={projectId ?? ''} onChange={(e) => choose({ project: (e.target as HTMLSelectElement).value })}>
            {open.map((p) => (
              <option key={p.id} value={p.id}>{p.title}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="board-field">Columns by</label>
          <select id="board-field" value={fieldId ?? ''} onChange={(e) => choose({ field: (e.target as HTMLSelectElement).value })} disabled={selectFields.length === 0}>
            {selectFields.map((f) => (
              <option key={f.nodeId} value={f.nodeId}>{f.name}</option>
            ))}
          </select>
        </div>
        <p class="help board-help" id="board-help">
          Drag a card to another column, or focus it and press <kbd>Space</kbd>, then <kbd>←</kbd> <kbd>→</kbd> to choose a column and <kbd>Space</kbd> to drop (<kbd>Esc</kbd> puts it back).
        </p>
      </div>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <p class="sr-only" aria-live="polite">{said}</p>
      {project.isError ? <Notice kind="error">{project.error.message}</Notice> : null}
      {items.isError ? <Notice kind="error">{items.error.message}</Notice> : null}
      {capped ? (
        <Notice kind="info">
          This board shows the project's first {MAX_CARDS.toLocaleString()} cards in its order. To find any other, filter the issue list by this project and its field.
        </Notice>
      ) : null}
      {!field && project.data ? <p class="empty">This project has no single-select field to make columns of.</p> : null}
      {field ? (
        <Columns columns={columns} items={all} columnOf={columnOf} pending={pending} move={move} loading={items.isPending || (items.hasNextPage && !capped)} slug={workspace!} />
      ) : null}
    </>
  );
}

const titleOf = (item: Item) => item.content.title ?? (item.content.type === 'Redacted' ? 'A card you cannot see' : 'Untitled');

function Columns(props: {
  columns: Column[];
  items: Item[];
  columnOf: (item: Item) => string;
  pending: Pending | null;
  move: (item: Item, to: string) => void;
  loading: boolean;
  slug: { slug: string };
}) {
  const { columns, items, columnOf, pending, move, loading, slug } = props;
  const [lifted, setLifted] = useState<{ itemId: string; at: number } | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const dragged = useRef<Item | null>(null);
  const byColumn = new Map<string, Item[]>(columns.map((c) => [c.id, []]));
  for (const item of items) (byColumn.get(columnOf(item)) ?? byColumn.get(''))!.push(item);

  const onDragStart = useCallback((item: Item, event: DragEvent) => {
    dragged.current = item;
    event.dataTransfer?.setData('text/plain', item.itemNodeId);
  }, []);
  const onCardBlur = useCallback((item: Item) => setLifted((l) => (l?.itemId === item.itemNodeId ? null : l)), []);
  // Read through a ref so each card's handler stays the same function and a card re-renders only when it changes.
  const keyHandler = useRef<(event: KeyboardEvent, item: Item) => void>(() => {});
  const onCardKey = useCallback((event: KeyboardEvent, item: Item) => keyHandler.current(event, item), []);
  keyHandler.current = (event: KeyboardEvent, item: Item) => {
    const here = columns.findIndex((c) => c.id === columnOf(item));
    if (!lifted || lifted.itemId !== item.itemNodeId) {
      if (event.key === ' ' && !pending) {
        event.preventDefault();
        setLifted({ itemId: item.itemNodeId, at: here });
      }
      return;
    }
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const at = Math.max(0, Math.min(columns.length - 1, lifted.at + (event.key === 'ArrowRight' ? 1 : -1)));
      setLifted({ itemId: item.itemNodeId, at });
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      setLifted(null);
      if (lifted.at !== here) move(item, columns[lifted.at].id);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setLifted(null);
    }
  };

  return (
    <div class="board" aria-busy={loading}>
      {columns.map((column, index) => {
        const cards = byColumn.get(column.id) ?? [];
        const target = lifted?.at === index || over === column.id;
        return (
          <section
            key={column.id}
            class={`board-column${target ? ' board-target' : ''}`}
            aria-label={`${column.name}, ${cards.length} card${cards.length === 1 ? '' : 's'}`}
            onDragOver={(e) => {
              e.preventDefault();
              // Many events a second while dragging: the board re-renders only when the column changes.
              if (over !== column.id) setOver(column.id);
            }}
            onDragLeave={() => setOver((o) => (o === column.id ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              setOver(null);
              if (dragged.current) move(dragged.current, column.id);
              dragged.current = null;
            }}
          >
            <h2 class="board-column-title">
              {column.name} <span class="meta">{cards.length}</span>
            </h2>
            <ol class="board-cards">
              {cards.map((item) => (
                <Card
                  key={item.itemNodeId}
                  item={item}
                  lifted={lifted?.itemId === item.itemNodeId ? columns[lifted.at].name : null}
                  pending={pending?.itemId === item.itemNodeId}
                  draggable={!pending}
                  slug={slug}
                  onDragStart={onDragStart}
                  onKey={onCardKey}
                  onBlur={onCardBlur}
                />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** One card; memoised, so a drag or a pick-up re-renders the cards it changes, not the whole board. */
const Card = memo(function Card(props: {
  item: Item;
  lifted: string | null;
  pending: boolean;
  draggable: boolean;
  slug: { slug: string };
  onDragStart: (item: Item, event: DragEvent) => void;
  onKey: (event: KeyboardEvent, item: Item) => void;
  onBlur: (item: Item) => void;
}) {
  const { item, lifted, pending, draggable, slug } = props;
  return (
    <li
      class={`board-card${lifted ? ' lifted' : ''}${pending ? ' pending' : ''}`}
      draggable={draggable}
      tabIndex={0}
      aria-describedby="board-help"
      aria-roledescription="card"
      aria-label={`${titleOf(item)}${lifted ? `, picked up: drop in ${lifted}` : ''}`}
      onDragStart={(e) => props.onDragStart(item, e)}
      onKeyDown={(e) => props.onKey(e, item)}
      onBlur={() => lifted && props.onBlur(item)}
    >
      <span class="board-card-title">
        {item.content.issueId ? <Link href={workspacePath(slug, `/issues/${item.content.issueId}`)} tabIndex={-1}>{titleOf(item)}</Link> : titleOf(item)}
      </span>
      <span class="meta">
        {item.content.repositoryFullName ? `${item.content.repositoryFullName}#${item.content.number}` : item.content.type === 'DraftIssue' ? 'Draft' : ''}
        {pending ? ' · moving…' : ''}
      </span>
    </li>
  );
});
