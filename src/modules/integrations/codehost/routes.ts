import { z } from 'zod';
import { pagedList, pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { isoOrNull, timestamp } from '../../../platform/schemas.js';
import { personCodehostSchema } from './schemas.js';
import { codehostService } from './service.js';
import { syncService } from '../../../sync/sync-control.js';
import { codehostStore, type RepositoryRow } from './store.js';
import { finishConnecting, setupErrors } from './setup-return.js';

const urlSchema = z.object({ url: z.url() });

const repositorySchema = z
  .object({
    id: z.uuid(),
    codehostId: z.number().int().describe("The code host's numeric id of the repository."),
    nodeId: z.string(),
    ownerLogin: z.string(),
    name: z.string(),
    fullName: z.string(),
    private: z.boolean(),
    archived: z.boolean(),
    htmlUrl: z.url(),
    syncEnabled: z.boolean().describe('Whether the service mirrors its issues; off until an admin turns it on.'),
    removed: z.boolean().describe('The installation no longer has access; listed until the nightly cleanup.'),
    syncedAt: timestamp().nullable(),
  })
  .meta({ id: 'Repository' });

const presentRepository = (r: RepositoryRow) => ({
  id: r.id,
  codehostId: r.codehostId,
  nodeId: r.nodeId,
  ownerLogin: r.ownerLogin,
  name: r.name,
  fullName: r.fullName,
  private: r.private,
  archived: r.archived,
  htmlUrl: r.htmlUrl,
  syncEnabled: r.syncEnabled,
  removed: r.removed,
  syncedAt: isoOrNull(r.syncedAt),
});

const connectionSchema = z
  .object({
    connected: z.boolean(),
    installationId: z.number().int().nullable(),
    accountLogin: z.string().nullable(),
    accountType: z.string().nullable().describe('User or Organization.'),
    repositorySelection: z.enum(['all', 'selected']).nullable(),
    suspended: z.boolean(),
    repositories: z.number().int().describe('Repositories the installation covers.'),
    connectedAt: timestamp().nullable(),
    lastWebhookAt: timestamp()
      .nullable()
      .describe("When the service last received one of the code host's webhooks for this workspace, whatever it held (a repository not mirrored included): that GitHub reaches the service. Null before the first. Old deliveries are pruned, so a long quiet spell reads as null too."),
    permissions: z
      .record(z.string(), z.enum(['read', 'write', 'admin']))
      .describe("What the installation may do, as GitHub last said it (at connecting, and with each `installation` webhook): `{ issues: 'write', … }`. Empty when not connected, or not known yet."),
    missingPermissions: z
      .array(z.object({ name: z.string(), level: z.enum(['read', 'write']), why: z.string() }))
      .describe("What svc needs that the installation lacks, and what for: an owner of the account grants it on GitHub (the app's installation settings). Empty when nothing is missing, or the permissions are not known."),
  })
  .meta({ id: 'CodehostConnection' });

const syncJobSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['repository_backfill', 'projects_backfill', 'reconcile']),
    repositoryId: z.uuid().nullable(),
    repositoryFullName: z.string().nullable(),
    status: z.enum(['queued', 'running', 'paused', 'done', 'failed']),
    phase: z.string().describe('Which part of the walk: labels, milestones, issues, comments, deletions (reconcile only), done (or cancelled when sync was turned off).'),
    error: z.string().nullable(),
    resumeAfter: timestamp().nullable().describe('When a paused or retrying job continues.'),
    createdAt: timestamp(),
    finishedAt: timestamp().nullable(),
    progress: z
      .object({
        issues: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
        comments: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
      })
      .nullable()
      .describe(
        "A repository backfill still going: how many issues and comments the cache holds of the total. The issues' total is the code host's count (pull requests not included), asked once as the walk reaches the issues; the comments' total is what the issues say they have, known once the issues are read. A total is null until known. Null for other jobs and for jobs that ended.",
      ),
  })
  .meta({ id: 'SyncJob' });

const repositoryIds = z.array(z.uuid()).max(100).default([]);

/**
 * A query value a browser brings back from another site. Taken as it comes (a repeated name is a
 * list), never refused with 422: a browser flow ends in a redirect whatever arrives.
 */
const broughtBack = (description: string) => z.union([z.string(), z.array(z.string())]).optional().describe(description);
const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export const codehostRoutes = [
  defineRoute({
    operationId: 'codehostAuthorizeUrl',
    method: 'GET',
    path: '/v1/codehost/authorize-url',
    summary: 'Where to link your code-host account',
    description:
      "The code host's authorization page for this app. After the person approves, the code host sends the browser to `GET /v1/codehost/callback`, which links the account to the person (shared by all their workspaces) and returns them to `returnTo` on the workspace application.",
    tags: ['Code host'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    codehost: true,
    query: z.object({ returnTo: z.string().max(500).optional().describe('A path on the workspace application; default /settings/codehost.') }),
    response: urlSchema,
    handler: ({ services, auth, query }) => ({ url: codehostService.authorizeUrl(services, auth, query.returnTo) }),
  }),

  defineRoute({
    operationId: 'codehostCallback',
    method: 'GET',
    path: '/v1/codehost/callback',
    summary: "The code host's OAuth callback",
    description:
      'Where the code host returns the browser after authorization. Links the account named by the signed `state` and redirects to the workspace application; on failure the redirect carries `error` (`please_restart_the_process`, `account_already_linked`, `codehost_link_failed`). Never answers with an envelope.',
    tags: ['Code host'],
    access: { kind: 'public' },
    query: z.object({ code: z.string().max(200).optional(), state: z.string().max(2000).optional() }).loose(),
    status: 302,
    response: z.null().describe('Redirect to the workspace application.'),
    async handler({ services, query, reply }) {
      return reply.redirect(await codehostService.completeLink(services, query.code, query.state), 302);
    },
  }),

  defineRoute({
    operationId: 'setWritesAsSelf',
    method: 'PATCH',
    path: '/account/codehost',
    summary: 'Choose how issues you create are authored',
    description: 'With `writesAsSelf`, issues you create through the service are authored as your linked code-host account instead of the app. 409 until an account is linked.',
    tags: ['Code host'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    body: z.object({ writesAsSelf: z.boolean() }),
    response: personCodehostSchema.unwrap(),
    handler: ({ services, auth, body }) => codehostService.setWritesAsSelf(services, auth, body.writesAsSelf),
  }),

  defineRoute({
    operationId: 'codehostInstallUrl',
    method: 'GET',
    path: '/v1/codehost/install-url',
    summary: 'Where to install the app',
    description:
      "The code host's page for installing this app on an account, valid for 10 minutes. After installing, the code host sends the browser to `GET /v1/codehost/setup` (the app's setup URL), which connects the installation to this workspace; or connect it with POST /v1/codehost/installation.",
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'admin', scope: 'codehost:write' },
    codehost: true,
    response: urlSchema,
    handler: ({ services, auth }) => ({ url: codehostService.installUrl(services, auth) }),
  }),

  defineRoute({
    operationId: 'codehostSetup',
    method: 'GET',
    path: '/v1/codehost/setup',
    summary: 'Where the code host returns after installing the app',
    description: `The app's setup URL: after somebody installs the app from the page of \`GET /v1/codehost/install-url\`, the code host sends the browser here with \`installation_id\`, \`setup_action\` (\`install\`, \`update\`, or \`request\` when an organisation member only asked its owners to install) and the \`state\` of that page. The state names the workspace and the person who asked for the link, and the browser must carry that person's session (the session cookie, or a session bearer token): the link alone connects nothing. Then, as POST /v1/codehost/installation does for that person (an admin or owner still), the code host is asked whether their linked account can see the installation, and the installation is connected (audited as \`codehost.connected\`; coming back for an installation the workspace already holds changes nothing). Always a redirect to \`{workspace_app_origin}/settings/codehost\`, never an envelope: with \`connected=<installationId>\` on success, else with \`error\`: ${Object.entries(setupErrors)
      .map(([code, meaning]) => `\`${code}\` (${meaning})`)
      .join('; ')}.`,
    tags: ['Code host'],
    access: { kind: 'public' },
    query: z
      .object({
        installation_id: broughtBack("The installation's id on the code host."),
        setup_action: broughtBack('`install`, `update` or `request`.'),
        state: broughtBack('The `state` of the install link, as the code host passes it through.'),
      })
      .loose(),
    status: 302,
    response: z.null().describe('Redirect to the settings page of the workspace application.'),
    async handler({ services, query, request, reply }) {
      const credential = { authorization: request.headers.authorization, cookie: request.headers.cookie };
      const setup = { installationId: single(query.installation_id), setupAction: single(query.setup_action), state: single(query.state), credential };
      return reply.redirect(await finishConnecting(services, setup, { requestId: request.id, log: request.log }), 302);
    },
  }),

  defineRoute({
    operationId: 'listAvailableInstallations',
    method: 'GET',
    path: '/v1/codehost/installations/available',
    summary: 'Installations you may connect',
    description:
      "Installations of the app that the caller's linked code-host account can see, asked of the code host now, each marked `available`, `this_workspace` or `another_workspace`. 409 until the caller links a code-host account.",
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'admin', scope: 'codehost:read', credentials: ['session'] },
    codehost: true,
    response: z.object({
      data: z.array(
        z.object({
          installationId: z.number().int(),
          accountLogin: z.string(),
          accountType: z.string(),
          repositorySelection: z.enum(['all', 'selected']),
          suspended: z.boolean(),
          connection: z.enum(['available', 'this_workspace', 'another_workspace']),
        }),
      ),
    }),
    handler: async ({ services, auth }) => ({ data: await codehostService.availableInstallations(services, auth) }),
  }),

  defineRoute({
    operationId: 'connectInstallation',
    method: 'POST',
    path: '/v1/codehost/installation',
    summary: 'Connect an installation',
    description:
      "Connects the workspace to an installation from the available list. The code host is asked again whether the caller can see it, so an id guessed or copied from somebody else is refused (403, `detail.reason` `installation_not_visible`). An installation another workspace holds is 409 (`installation_held_by_another_workspace`), as is another installation while this workspace holds one (`workspace_already_connected`); without a linked code-host account, 409 (`not_linked`, or `link_expired`). The installation's repositories are recorded; none is enabled for sync.",
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'admin', scope: 'codehost:write', credentials: ['session'] },
    codehost: true,
    creates: true,
    body: z.object({ installationId: z.number().int().positive() }),
    response: z.object({ accountLogin: z.string(), repositories: z.number().int().describe('How many the installation covers; none is enabled.') }),
    handler: ({ services, auth, body, request }) => codehostService.connect(services, auth, body.installationId, request.id),
  }),

  defineRoute({
    operationId: 'getCodehostConnection',
    method: 'GET',
    path: '/v1/codehost/installation',
    summary: 'The connection',
    description:
      "The workspace's code-host installation (the GitHub App): the account it is installed on, whether it covers all or selected repositories, whether it is suspended, how many repositories it covers, and since when. Without an installation `connected` is false, the installation's fields are null and `repositories` is 0.",
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'viewer', scope: 'codehost:read' },
    response: connectionSchema,
    handler: ({ services, auth }) => codehostService.connection(services, auth),
  }),

  defineRoute({
    operationId: 'setRepositorySync',
    method: 'PATCH',
    path: '/v1/codehost/repositories',
    summary: 'Turn mirroring on or off per repository',
    description:
      'Ids in `enable` start mirroring: a backfill job for labels, milestones, issues and comments is queued (a repository already being walked is not walked twice). Ids in `disable` stop future updates; cached data is kept. Answers with the named repositories after the change and the ids of the repository backfill jobs started. The first time any repository is enabled, a projects backfill is queued as well (see sync-status).',
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'admin', scope: 'codehost:write' },
    body: z.object({ enable: repositoryIds, disable: repositoryIds }),
    response: z.object({ data: z.array(repositorySchema), queued: z.array(z.uuid()) }),
    async handler({ services, auth, body, request }) {
      const { after, queued } = await syncService.setRepositorySync(services, auth, body, request.id);
      return { data: after.map(presentRepository), queued };
    },
  }),

  defineRoute({
    operationId: 'syncNow',
    method: 'POST',
    path: '/v1/codehost/sync',
    summary: 'Sync now',
    description:
      'Reconciles every enabled repository now, as the hourly reconcile does: labels and milestones are re-read, issues and comments changed since the last reconcile are read back, and issues and comments deleted on the code host while a webhook was lost are deleted. A repository whose backfill has not finished is walked instead. The installation\'s projects (fields, cards and values) are walked again too. Repositories and projects with a reconcile or walk already queued or running are left to it. `queued` names every job that will read the code host for this request: the ones started, and ones already queued or running (a running walk reads in `updated` order, so a change made while it runs is still read). See sync-status.',
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'admin', scope: 'codehost:write' },
    creates: true,
    status: 202,
    response: z.object({ queued: z.array(z.uuid()) }),
    handler: ({ services, auth }) => syncService.syncNow(services, auth),
  }),

  defineRoute({
    operationId: 'getSyncStatus',
    method: 'GET',
    path: '/v1/codehost/sync-status',
    summary: 'Sync jobs and the code-host budget',
    description:
      "The twenty most recent sync jobs, the installation's REST budget as the code host last reported it (zeros before the first request), and whether backfills are paused because less than 10% of the hourly budget is left (writes continue).",
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'viewer', scope: 'codehost:read' },
    response: z.object({
      jobs: z.array(syncJobSchema),
      budget: z.object({ limit: z.number().int(), remaining: z.number().int(), resetAt: timestamp().nullable() }),
      backfillPaused: z.boolean(),
    }),
    handler: ({ services, auth }) => syncService.status(services, auth),
  }),

  defineRoute({
    operationId: 'listRepositories',
    method: 'GET',
    path: '/v1/codehost/repositories',
    summary: 'Repositories the installation covers',
    description: 'By full name. Repositories that lost access stay listed with `removed: true` until the nightly cleanup, because their cached issues remain readable.',
    tags: ['Code host'],
    access: { kind: 'workspace', role: 'viewer', scope: 'codehost:read' },
    query: z.object(pageQuery),
    response: pageOf(repositorySchema),
    handler: ({ services, auth, query }) =>
      pagedList(services.cursors, {
        binding: `repositories:${auth.workspace.workspaceId}`,
        cursor: query.cursor,
        limit: query.limit,
        fetch: (after, limit) => codehostStore.listRepositoriesPage(services.database.db, auth.workspace.workspaceId, after, limit),
        sortKey: (r) => [r.fullName.toLowerCase(), r.id],
        present: presentRepository,
      }),
  }),
];

