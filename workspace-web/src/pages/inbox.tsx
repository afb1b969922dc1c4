import { Link, moment, navigate, Notice, PageTitle, toast } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useInfiniteQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { attempt } from '../issue-data';
import { useSession, workspacePath } from '../session';
import { KIND_WORDS, unreadKey } from '../notifications';
import { NotificationPreferences } from './notification-preferences';

type Notification = components['schemas']['Notification'];

/**
 * `/w/<slug>/inbox`: the person's notifications, newest first, all or unread only (in the
 * address); mark one (opening it does), several (chosen), or all read; and their preferences per
 * kind of notification.
 */
export function InboxPage({ location }: { location: URL }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const unreadOnly = location.searchParams.get('show') === 'unread';
  const list = useInfiniteQuery({
    queryKey: ['notifications', workspace!.id, unreadOnly],
    queryFn: ({ pageParam }) =>
      must(api.GET('/v1/notifications', { params: { query: { limit: 50, ...(unreadOnly ? { unread: true } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const notifications = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unreadCount = list.data?.pages[0]?.unreadCount ?? 0;

  const mark = async (body: { notificationIds: string[] } | { all: true }) => {
    setProblem(null);
    const outcome = await attempt(() => api.POST('/v1/notifications/read', { body }));
    if (!outcome.ok) return setProblem(`Nothing was marked read. ${outcome.problem}`);
    queryClient.setQueryData(unreadKey(workspace!.id), outcome.data.unreadCount);
    void queryClient.invalidateQueries({ queryKey: ['notifications', workspace!.id] });
    setChosen(new Set());
    return outcome.data;
  };
  const open = (n: Notification) => {
    if (!n.read) void mark({ notificationIds: [n.id] });
    navigate(targetOf(n, workspace!) ?? location.pathname);
  };
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  return (
    <>
      <div class="list-head">
        <PageTitle>Inbox</PageTitle>
        <span class="meta" role="status">{unreadCount === 0 ? 'Nothing unread' : `${unreadCount} unread`}</span>
      </div>
      <nav aria-label="Which notifications" class="view-list-nav">
        <ul class="view-list">
          <li><Link href={location.pathname} class="view-link" aria-current={unreadOnly ? undefined : 'page'}>All</Link></li>
          <li><Link href={`${location.pathname}?show=unread`} class="view-link" aria-current={unreadOnly ? 'page' : undefined}>Unread</Link></li>
        </ul>
      </nav>
      <div class="button-row inbox-actions">
        <button type="button" disabled={chosen.size === 0} onClick={async () => { const done = await mark({ notificationIds: [...chosen] }); if (done) toast('ok', `Marked ${done.marked} read.`); }}>
          Mark {chosen.size || ''} chosen read
        </button>
        <button type="button" disabled={unreadCount === 0} onClick={async () => { const done = await mark({ all: true }); if (done) toast('ok', 'Everything is read.'); }}>Mark all read</button>
      </div>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {list.isError ? <Notice kind="error">{list.error.message}</Notice> : null}
      {list.isPending ? <p class="loading">Loading your notifications…</p> : null}
      {!list.isPending && notifications.length === 0 ? <p class="empty">{unreadOnly ? 'Nothing unread.' : 'No notifications yet.'}</p> : null}
      <ol class="notification-list" aria-label="Notifications">
        {notifications.map((n) => (
          <li key={n.id} class={`notification${n.read ? '' : ' unread'}`}>
            <input type="checkbox" class="row-select" checked={chosen.has(n.id)} onChange={() => toggle(n.id)} aria-label={`Choose: ${summaryOf(n)}`} />
            <div>
              <p class="notification-title">
                {n.read ? null : <span class="sr-only">Unread: </span>}
                <a
                  href={targetOf(n, workspace!) ?? '#'}
                  onClick={(event) => {
                    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    open(n);
                  }}
                >
                  {summaryOf(n)}
                </a>
              </p>
              <p class="meta">
                {KIND_WORDS[n.kind].title} · {n.actor.name ?? n.actor.login ?? 'someone'} · {moment(n.createdAt)}
                {n.kind === 'request_status' && n.status ? ` · ${n.previousStatus?.label ?? '—'} → ${n.status.label}` : ''}
              </p>
              {n.excerpt ? <p class="excerpt">{n.excerpt}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      {list.hasNextPage ? <button type="button" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>Show older</button> : null}
      <NotificationPreferences />
    </>
  );
}

function summaryOf(n: Notification): string {
  if (n.request) return `${n.request.reference} ${n.request.title}`;
  if (n.issue) return `${n.issue.repository}#${n.issue.number} ${n.issue.title}`;
  return KIND_WORDS[n.kind].title;
}

function targetOf(n: Notification, workspace: Parameters<typeof workspacePath>[0]): string | null {
  if (n.request?.id) return workspacePath(workspace, `/requests/${n.request.portalId}/${n.request.id}`);
  if (n.issue?.id) return workspacePath(workspace, `/issues/${n.issue.id}`);
  return null;
}
