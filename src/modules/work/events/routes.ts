import { z } from 'zod';
import { defineRoute, WORKSPACE_QUERY_PARAMETER } from '../../../http/route.js';
import { errorCodes } from '../../../platform/errors.js';
import { liveStreamsOf, STREAM_ACCESS } from './live-streams.js';

const changed = z.object({
  issueId: z
    .uuid()
    .nullable()
    .describe('The issue that changed, or whose comments did (`id` of an issue). Null when many changed at once (a backfill page, a label renamed, a repository removed): refetch every list, issue and comments of `repositoryId`, or of the whole workspace when that is null too.'),
  repositoryId: z.uuid().nullable().describe("The issue's repository (`id` in the repository list); null only with `issueId` null, for a change across repositories (a project's cards)."),
});

const requestChanged = z.object({
  requestId: z
    .uuid()
    .nullable()
    .describe("The request that was created, changed or deleted (`id` of a request). Null when many of the portal's requests changed at once (a portal deleted, a customer moved to another company): read again every list of `portalId`'s requests, and the inbox."),
  portalId: z.uuid().describe('Its portal (`id` in the portal list).'),
});

const notificationChanged = z.object({
  notificationId: z
    .uuid()
    .nullable()
    .describe("The notification that arrived or changed (`id` of a notification). Null when several of yours changed at once (some or all marked read, read ones deleted after their retention): read your inbox again."),
});

const projectChanged = z.object({
  projectId: z
    .uuid()
    .nullable()
    .describe('The project that changed, or whose fields or cards did (`id` of a project). Null when many projects changed at once (a page of a projects walk, a disconnection): read every project again.'),
});

/** One event of the stream, as OpenAPI 3.2's `itemSchema` would describe it (3.1 has no word for a sequence). */
const liveEvent = z
  .discriminatedUnion('event', [
    z
      .object({ event: z.literal('ready'), data: z.object({ workspaceId: z.uuid().describe('The workspace the stream tells of.') }) })
      .describe('First, once the stream receives changes: anything read before it may be stale, so read again what is shown.'),
    z.object({ event: z.literal('issue'), data: changed }).describe("An issue changed in the cache (a webhook applied, a write through the service, a backfill page, a deletion, a card's values): read it again (`GET /v1/issues/{issueId}`) and the lists that may hold it."),
    z.object({ event: z.literal('comment'), data: changed }).describe("An issue's comments changed (added, edited, deleted): read them again (`GET /v1/issues/{issueId}/comments`)."),
    z
      .object({ event: z.literal('request'), data: requestChanged })
      .describe(
        "A portal's request was created (a customer's submission, an issue shared), changed (held to filed or rejected, a vote given or taken back, a customer's comment, a member's edit) or deleted: read again the request lists that may hold it (`GET /v1/requests`, `GET /v1/portals/{portalId}/requests`) and the held count (`GET /v1/requests/counts`). Sent only to callers who may read requests (member or above; `requests:read` for an API key). A request's derived status follows its issue: that is the `issue` event.",
      ),
    z
      .object({ event: z.literal('notification'), data: notificationChanged })
      .describe(
        "Your inbox changed: a notification arrived for you, or one of yours was marked read (in any tab, window or client of yours), became a more specific kind, or was deleted. Read again the unread count and the lists that show it (`GET /v1/notifications`, whose `unreadCount` is the count: the event carries none). Sent only to the streams of the person the notification is for (an API key's stream: the person it was issued to), never to anyone else in the workspace, and only to callers who may read their inbox (as `GET /v1/notifications`; every API key may).",
      ),
    z
      .object({ event: z.literal('project'), data: projectChanged })
      .describe(
        "A project (Projects v2) was mirrored, renamed, closed or removed, or one of its fields or cards was added, changed or removed (a card moved, a draft's card, a column renamed): read again the project list (`GET /v1/projects`), the project (`GET /v1/projects/{projectId}`) and its cards (`GET /v1/projects/{projectId}/items`). Sent only to callers who may read projects (`projects:read` for an API key). A card of a cached issue is also told as an `issue` event, since the issue shows its cards' values.",
      ),
    z
      .object({ event: z.literal('resync'), data: z.object({}).describe('Empty.') })
      .describe('The service lost and regained its own connection to the changes: some were missed, so read again everything shown.'),
    z
      .object({ event: z.literal('end'), data: z.object({ code: z.enum(errorCodes), message: z.string() }) })
      .describe('Last: the credential no longer passes this operation (signed out, key revoked, membership removed, session expired); `code` and `message` are what the request would now be answered. Do not connect again with it.'),
  ])
  .meta({ id: 'LiveEvent' })
  .describe(
    'The stream (`text/event-stream`): a sequence of these events, each an `event:` line naming it and a `data:` line holding its `data` as JSON, ended by a blank line; `retry:` advice comes first and a comment line (`: keep-alive`) every 20 seconds.',
  );

export const eventRoutes = [
  defineRoute({
    operationId: 'streamEvents',
    method: 'GET',
    path: '/v1/events',
    summary: 'Live updates (server-sent events)',
    description: [
      "A stream of server-sent events (`text/event-stream`, for a browser's `EventSource`) telling what changed in the workspace's cache, its projects, its portals' requests and the caller's own inbox, so open pages read again what they show: `issue` and `comment` events carry `{ issueId, repositoryId }`, `project` events `{ projectId }`, `request` events `{ requestId, portalId }`, `notification` events `{ notificationId }`, never the change itself (read it through the issue, project, request and notification operations, which apply their own rules). Only the selected workspace's changes, to anyone who may read its issues (`issues:read` for an API key); `project` events only to those who may also read projects (`projects:read` for an API key), `request` events only to those who may also read requests (member or above; `requests:read` for an API key), decided again whenever the credential is checked. `notification` events tell only of the caller's own inbox (for an API key, of the person it was issued to).",
      '',
      '- Events: `ready` first, once changes are received; `issue`; `comment`; `project`; `request`; `notification`; `resync` when the service missed changes (read everything again); `end` when the credential stops passing this operation\'s checks (sign-out, revoked key, removed membership, expired session), after which the stream closes. The `LiveEvent` schema lists each with its data.',
      '- The workspace: `X-Workspace-Id`, or the `workspace` parameter for a client that cannot send headers (`EventSource`); both given must agree (422). A workspace the caller is not a member of is 404, as everywhere.',
      '- The credential is checked at the start like every request and again at every credential change and every minute.',
      '- Nothing is replayed: a client that connects again (after `retry:`, 3 seconds) should read again what it shows when `ready` arrives, as changes between the two connections are not sent.',
      '- Any service process serves any stream (changes reach every process through PostgreSQL). A stream closes when its process shuts down; connect again. At most 32 streams per person or API key on one process (429 past that).',
    ].join('\n'),
    tags: ['Issues'],
    access: STREAM_ACCESS,
    workspaceQuery: WORKSPACE_QUERY_PARAMETER,
    query: z.object({
      [WORKSPACE_QUERY_PARAMETER]: z.uuid().optional().describe('The workspace, for a client that cannot send `X-Workspace-Id` (a browser\'s EventSource). Same rules as the header.'),
    }),
    contentType: 'text/event-stream',
    response: liveEvent,
    handler({ services, auth, request, reply }) {
      // `Connection: close`: when the stream ends (the server closing, say) its connection goes with
      // it, instead of lingering as an idle keep-alive the closing server would wait out.
      reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no').header('connection', 'close');
      // HEAD: the headers alone, and no stream left behind.
      if (request.method === 'HEAD') return '' as never;
      return liveStreamsOf(services).start(auth, request.headers) as never;
    },
  }),
];
