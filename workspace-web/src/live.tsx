import type { components, paths } from '@svc/client';
import { useQueryClient, type QueryKey } from '@tanstack/preact-query';
import { useEffect, useRef, useState } from 'preact/hooks';
import { unreadKey } from './notifications';

/** The stream's events as /openapi.json describes them (the `LiveEvent` schema). */
type LiveEvent = components['schemas']['LiveEvent'];
/** What an `issue` or `comment` event's data holds. */
type Changed = Extract<LiveEvent, { event: 'issue' | 'comment' }>['data'];

/** GET /v1/events: an EventSource sends no headers, so the workspace goes in its `workspace` parameter. */
const EVENTS: keyof paths = '/v1/events';

/** Changes that arrive together are refetched together, once. */
const GATHER_MS = 150;
/** A stream the service refused or could not open (its process restarting, say) is tried again after this, doubling to the most. */
const FIRST_WAIT_MS = 1000;
const MOST_WAIT_MS = 30_000;

/** What one tab tells the others of its stream: an event of the stream, or that it is paused. */
type Told = { name: LiveEvent['event'] | 'paused'; data: unknown };

/**
 * Live updates for the workspace being looked at: one EventSource to GET /v1/events, and the
 * queries the pages read (`['issues', ws, …]`, `['issue', ws, id]`, `['comments', ws, id]`, the projects and their cards, the
 * person's own `['notifications', ws, …]` and unread count)
 * invalidated as changes are told, so TanStack Query refetches the ones on screen. At every
 * (re)connection everything shown is refetched: changes made while the stream was away are not
 * sent again. `paused` is true from a lost connection until the stream is back; `ended` is called
 * when the service says the credential no longer holds.
 *
 * One stream for all of a browser's tabs on the workspace, not one each: a browser opens at most
 * six HTTP/1.1 connections to a host, and a seventh tab's every request would wait behind six
 * streams. The tab holding a Web Lock named for the workspace keeps the stream and tells the others
 * on a BroadcastChannel; when it closes, the lock passes to another tab, which opens the stream.
 */
export function useLiveUpdates(workspaceId: string | null, ended: () => void): { paused: boolean } {
  const queryClient = useQueryClient();
  const [paused, setPaused] = useState(false);
  const onEnded = useRef(ended);
  onEnded.current = ended;

  useEffect(() => {
    if (!workspaceId) return;
    const ws = workspaceId;
    let stopped = false;

    const gathered = new Map<string, QueryKey>();
    let flush: ReturnType<typeof setTimeout> | null = null;
    const refetch = (keys: QueryKey[]) => {
      for (const key of keys) gathered.set(JSON.stringify(key), key);
      flush ??= setTimeout(() => {
        flush = null;
        const keys = [...gathered.values()];
        gathered.clear();
        for (const queryKey of keys) {
          // A fetch under way may have read before the change: it is let finish (a page waiting
          // for its first answer is drawn with it, not held back for a second) and fetched again.
          for (const query of queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
            void query.promise?.catch(() => undefined).finally(() => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }));
          }
          void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.state.fetchStatus !== 'fetching' });
        }
      }, GATHER_MS);
    };
    const everything = (): QueryKey[] => [['issues', ws], ['issue', ws], ['comments', ws], ['activity', ws], ['projects', ws], ['project', ws], ['project-items', ws], ['requests', ws], ['request-counts', ws], ['request', ws], ['notifications', ws], unreadKey(ws)];

    /** What every tab does with an event, its own stream's or one told by the tab that holds it. */
    const handle = ({ name, data }: Told) => {
      if (stopped) return;
      const changed = data as Changed | null;
      switch (name) {
        case 'ready':
          setPaused(false);
          refetch(everything());
          break;
        case 'resync':
          refetch(everything());
          break;
        case 'issue':
          // One issue: the lists that may hold it and its page. Many at once: every list and page.
          // A board's cards follow their issues (a card's change is told as its issue's).
          refetch(changed?.issueId ? [['issues', ws], ['issue', ws, changed.issueId], ['activity', ws, changed.issueId], ['project-items', ws]] : [['issues', ws], ['issue', ws], ['activity', ws], ['project-items', ws]]);
          break;
        case 'request': {
          // A request made, released, declined, voted for, commented on by a customer, changed or deleted.
          const request = data as { requestId: string | null } | null;
          refetch([['requests', ws], ['request-counts', ws], request?.requestId ? ['request', ws, request.requestId] : ['request', ws]]);
          break;
        }
        case 'project': {
          // A project mirrored, renamed or closed, or its fields or cards changed (a draft's card too):
          // the project pickers, the project and its board.
          const project = data as { projectId: string | null } | null;
          refetch(project?.projectId ? [['projects', ws], ['project', ws, project.projectId], ['project-items', ws, project.projectId]] : [['projects', ws], ['project', ws], ['project-items', ws]]);
          break;
        }
        case 'notification':
          // The person's own inbox (no one else's stream hears of it): the bell's count and the inbox lists.
          refetch([unreadKey(ws), ['notifications', ws]]);
          break;
        case 'comment':
          refetch(changed?.issueId ? [['comments', ws, changed.issueId], ['activity', ws, changed.issueId]] : [['comments', ws], ['activity', ws]]);
          break;
        case 'paused':
          setPaused(true);
          break;
        case 'end':
          // The credential no longer holds (signed out elsewhere, removed from the workspace): the
          // frame reads the person and the workspaces again, and goes where that leads.
          stopped = true;
          onEnded.current();
          break;
      }
    };
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`svc-live:${ws}`) : null;
    if (channel) channel.onmessage = (message: MessageEvent<Told>) => handle(message.data);
    const tell = (told: Told) => {
      channel?.postMessage(told);
      handle(told);
    };

    /** Keeps the stream open (this tab holds the lock) until the returned function is called. */
    const keepStream = () => {
      let source: EventSource | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;
      let wait = FIRST_WAIT_MS;
      const connect = () => {
        retry = null;
        if (stopped) return;
        const stream = new EventSource(`${EVENTS}?workspace=${encodeURIComponent(ws)}`);
        source = stream;
        for (const name of ['ready', 'resync', 'issue', 'comment', 'project', 'request', 'notification', 'end'] as const) {
          stream.addEventListener(name, (event) => {
            let data: unknown = null;
            try {
              data = JSON.parse((event as MessageEvent<string>).data);
            } catch {
              // An event without data still counts.
            }
            if (name === 'ready') wait = FIRST_WAIT_MS;
            if (name === 'end') stream.close();
            tell({ name, data });
          });
        }
        stream.onerror = () => {
          if (stopped) return;
          tell({ name: 'paused', data: null });
          // CONNECTING: the browser tries again by itself, after the service's `retry:` advice.
          // CLOSED: the service answered something else than a stream (a restart's 503, a 429) and
          // the browser gave up; so it is tried again here, waiting longer each time.
          if (stream.readyState === EventSource.CLOSED) {
            stream.close();
            retry = setTimeout(connect, wait);
            wait = Math.min(wait * 2, MOST_WAIT_MS);
          }
        };
      };
      connect();
      return () => {
        source?.close();
        if (retry) clearTimeout(retry);
      };
    };

    let leave!: () => void;
    const left = new Promise<void>((resolve) => (leave = resolve));
    const waiting = new AbortController();
    if (navigator.locks) {
      navigator.locks
        .request(`svc-live:${ws}`, { signal: waiting.signal }, async () => {
          if (stopped) return;
          const close = keepStream();
          await left;
          close();
        })
        // Aborted: this tab left before its turn came.
        .catch(() => {});
    } else {
      const close = keepStream();
      void left.then(close);
    }

    return () => {
      stopped = true;
      waiting.abort();
      leave();
      channel?.close();
      if (flush) clearTimeout(flush);
      setPaused(false);
    };
  }, [workspaceId, queryClient]);

  return { paused };
}

/** The live updates of the signed-in frame, and the word that they are paused while they are. */
export function LiveUpdates({ workspaceId, ended }: { workspaceId: string; ended: () => void }) {
  const { paused } = useLiveUpdates(workspaceId, ended);
  return paused ? (
    <div class="live-paused" role="status">
      Live updates paused: reconnecting…
    </div>
  ) : null;
}
