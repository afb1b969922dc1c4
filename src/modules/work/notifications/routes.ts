import { z } from 'zod';
import { notificationEmailModes, notificationKinds } from '../../../db/schema/index.js';
import { defineRoute } from '../../../http/route.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { booleanQuery } from '../../../platform/query-values.js';
import { timestamp, uuidParam } from '../../../platform/schemas.js';
import { READ_NOTIFICATION_RETENTION_DAYS, defaultPreferences, inbox } from './service.js';

const issueParam = uuidParam('issueId', "The issue's id (`id` of an issue), not its number.");

const KINDS =
  '`assigned` (a change assigned you to the issue), `mentioned` (your linked code-host login was @-mentioned in an issue body or a comment, outside code), `comment` (a new comment on an issue you follow: you authored it, are assigned to it, or followed it, unless you stopped following it), `request_status` (a portal request whose issue you follow changed status), `request_new` (a customer submitted a request that reached the team) and `request_held` (a customer\'s request waits in the hold queue); the last two only when you turn them on.';
const PRECEDENCE =
  'One event makes at most one notification for a person: of every reason it has to reach them, the most specific kind wins, in the order assigned > mentioned > request_status > comment > request_held > request_new (kinds turned off in the preferences do not count). Nobody hears of their own action: a change made through the service by them, or on the code host by their linked account.';

const kindSchema = z.enum(notificationKinds);
const emailSchema = z.enum(notificationEmailModes);
const statusSchema = z.object({ id: z.string(), label: z.string() }).nullable();

const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: kindSchema.describe(KINDS),
    read: z.boolean(),
    readAt: timestamp().nullable().describe('When it was first marked read; marking it again does not move it.'),
    createdAt: timestamp(),
    actor: z
      .object({
        type: z.enum(['member', 'codehost', 'customer', 'system']).describe('`member`: through the service; `codehost`: on the code host (its webhook); `customer`: a portal customer; `system`: nobody known.'),
        name: z.string().nullable().describe('The member or customer; for a code-host account linked by a member of this workspace, that member.'),
        login: z.string().nullable().describe('The code-host login, for changes made there.'),
        userId: z.uuid().nullable().describe('The member, when one is known.'),
      })
      .describe('Who did it.'),
    issue: z
      .object({
        id: z.uuid().nullable().describe('Null once the issue left the cache.'),
        number: z.number().int(),
        title: z.string(),
        repository: z.string().describe('owner/name'),
        htmlUrl: z.string(),
      })
      .nullable()
      .describe('The issue it is about, as it was when the notification was made.'),
    request: z
      .object({ id: z.uuid().nullable(), portalId: z.uuid(), portalName: z.string(), reference: z.string(), title: z.string() })
      .nullable()
      .describe('The portal request it is about (request kinds), as it was then.'),
    status: statusSchema.describe('`request_status`: the status the request now shows.'),
    previousStatus: statusSchema.describe('`request_status`: the status it showed before.'),
    excerpt: z.string().nullable().describe('The start of the comment or body it is about (at most 280 characters).'),
  })
  .meta({ id: 'Notification' });

const inboxPage = pageOf(notificationSchema).extend({
  unreadCount: z.number().int().describe("The caller's unread notifications in this workspace, whatever the filter."),
});

const kindPreference = z.object({ inbox: z.boolean().describe('Whether this kind arrives in the inbox at all.'), email: emailSchema.describe('`immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.') });
const preferencesSchema = z
  .object(Object.fromEntries(notificationKinds.map((k) => [k, kindPreference])) as Record<(typeof notificationKinds)[number], typeof kindPreference>)
  .meta({ id: 'NotificationPreferences' });
const kindChange = z.object({ inbox: z.boolean().optional(), email: emailSchema.optional() }).strict().refine((v) => v.inbox !== undefined || v.email !== undefined, { message: 'Send inbox, email or both.' });
const preferencesChange = z
  .object(Object.fromEntries(notificationKinds.map((k) => [k, kindChange.optional()])) as Record<(typeof notificationKinds)[number], z.ZodOptional<typeof kindChange>>)
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one kind to change.' });

const followSchema = z
  .object({
    issueId: z.uuid(),
    following: z.boolean().describe("Whether the issue's new comments and its portal requests' status changes reach your inbox."),
    reason: z
      .enum(['followed', 'unfollowed', 'author', 'assignee'])
      .nullable()
      .describe('`followed`/`unfollowed`: you said so; `author`/`assignee`: your linked code-host account wrote it or is assigned (followed until you unfollow); null: not following.'),
  })
  .meta({ id: 'IssueFollow' });

const markReadBody = z
  .object({
    notificationIds: z.array(z.uuid()).max(500).optional().describe('At most 500. Ids naming nobody\'s notification, or somebody else\'s, are ignored.'),
    all: z.boolean().optional().describe('`true` marks every unread notification of yours in this workspace.'),
  })
  .strict()
  .refine((b) => (b.notificationIds === undefined) !== (b.all === undefined), { message: 'Send exactly one of notificationIds and all.' });

const DEFAULTS = `Defaults (a kind you never changed): ${Object.entries(defaultPreferences)
  .map(([k, p]) => `\`${k}\` ${p.inbox ? 'in the inbox' : 'off'}${p.email !== 'none' ? `, e-mail ${p.email}` : ''}`)
  .join('; ')}.`;
const PERSONAL = 'Your own inbox settings, not workspace data: allowed to every role and every API key, and while the workspace\'s billing has lapsed.';

export const inboxRoutes = [
  defineRoute({
    operationId: 'listNotifications',
    method: 'GET',
    path: '/v1/notifications',
    summary: 'Your inbox',
    description: `Your notifications in this workspace, newest first, with \`unreadCount\`. Each is one event that concerned you, made when the change was written through the service or when the code host's webhook told of it (a redelivery, or the webhook echo of the service's own write, adds nothing). ${KINDS} ${PRECEDENCE} Read notifications are deleted ${READ_NOTIFICATION_RETENTION_DAYS} days after they were made; unread ones stay. A cursor is bound to you and to \`unread\`.`,
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: 'self:read' },
    query: z.object({
      ...pageQuery,
      unread: booleanQuery('unread').optional().describe('`true`: only unread; `false`: only read.'),
    }),
    response: inboxPage,
    handler: ({ services, auth, query }) => inbox.list(services, auth, query),
  }),

  defineRoute({
    operationId: 'markNotificationsRead',
    method: 'POST',
    path: '/v1/notifications/read',
    summary: 'Mark notifications read',
    description: `Send exactly one of \`notificationIds\` (at most 500) or \`all\` (\`true\` marks every unread one; \`false\` marks nothing), else 422. An id of somebody else's notification, or of none, is ignored, not refused. A notification already read keeps the time it was first read. \`marked\` is how many went from unread to read by this call. Callable by every credential whatever its scopes. ${PERSONAL}`,
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: null, billingExempt: true },
    body: markReadBody,
    status: 200,
    response: z.object({ marked: z.number().int(), unreadCount: z.number().int() }).meta({ id: 'NotificationsMarked' }),
    handler: ({ services, auth, body }) => inbox.markRead(services, auth, body),
  }),

  defineRoute({
    operationId: 'getNotificationPreferences',
    method: 'GET',
    path: '/v1/notifications/preferences',
    summary: 'Your notification preferences',
    description: `For each kind: whether it arrives in your inbox, and how it reaches you by e-mail (only notifications that arrive are e-mailed). ${DEFAULTS} Per workspace.`,
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: 'self:read' },
    response: preferencesSchema,
    handler: ({ services, auth }) => inbox.preferences(services, auth),
  }),

  defineRoute({
    operationId: 'changeNotificationPreferences',
    method: 'PATCH',
    path: '/v1/notifications/preferences',
    summary: 'Change your notification preferences',
    description: `Any kinds, each with \`inbox\`, \`email\` or both; the rest stay. Applies to notifications made from now on (one made earlier keeps the e-mail setting it arrived with). \`immediate\` e-mails wait for the collapse window (\`NOTIFY_COLLAPSE_SECONDS\`, 60 by default) and carry everything of yours that arrived in it; the daily digest goes at 07:00 UTC with what is still unread. ${PERSONAL}`,
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: null, billingExempt: true },
    body: preferencesChange,
    response: preferencesSchema,
    handler: ({ services, auth, body }) => inbox.changePreferences(services, auth, body),
  }),

  defineRoute({
    operationId: 'getIssueFollow',
    method: 'GET',
    path: '/v1/issues/:issueId/follow',
    summary: 'Whether you follow an issue',
    description: "An issue's author and assignees (by their linked code-host accounts) follow it until they unfollow it; members who create an issue through the service follow it. An issue of another workspace is 404.",
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    params: issueParam,
    response: followSchema,
    handler: ({ services, auth, params }) => inbox.follow(services, auth, params.issueId as string),
  }),

  defineRoute({
    operationId: 'followIssue',
    method: 'PUT',
    path: '/v1/issues/:issueId/follow',
    summary: 'Follow an issue',
    description: `Its new comments (kind \`comment\`) and the status changes of portal requests on it (\`request_status\`) reach your inbox. Idempotent. An issue of another workspace is 404. ${PERSONAL.replace('every API key', 'every API key that reads issues')}`,
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read', billingExempt: true },
    params: issueParam,
    response: followSchema,
    handler: ({ services, auth, params }) => inbox.setFollow(services, auth, params.issueId as string, true),
  }),

  defineRoute({
    operationId: 'unfollowIssue',
    method: 'DELETE',
    path: '/v1/issues/:issueId/follow',
    summary: 'Stop following an issue',
    description: `Its comments and request status changes stop reaching you, even as its author or an assignee, until you follow it again; being assigned or mentioned still does. Idempotent. An issue of another workspace is 404. ${PERSONAL.replace('every API key', 'every API key that reads issues')}`,
    tags: ['Notifications'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read', billingExempt: true },
    params: issueParam,
    response: followSchema,
    handler: ({ services, auth, params }) => inbox.setFollow(services, auth, params.issueId as string, false),
  }),
];
