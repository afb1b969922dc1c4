/**
 * The layering rule of src/ (README, "Layout"), checked by `npm test`. Each layer may import the
 * ones below it and itself, never one above:
 *
 *   routes   modules/[<group>/]<area>/routes.ts and *-routes.ts, auth/routes.ts, routes.ts, app.ts, main.ts
 *   sync     sync/            jobs, walks, the webhook receiver and its appliers
 *   modules  modules/        services, stores, schemas (never a routes file, never sync/)
 *   http     http/, services.ts   route declaration and registration, idempotency, the Services container
 *   cache    cache/           the cache writers both writes and webhooks use
 *   edges    auth/, codehost/, billing/, files/   credentials and access; the GitHub client and payload
 *            mapping; the payments provider; the attachment stores
 *   platform platform/        shared rules (errors, pagination, text rules, request paths, metrics)
 *   base     config.ts, secrets.ts, start-failure.ts, db/, mail/
 */
const ROUTES = '^src/modules/.+/[^/]*routes[.]ts$|^src/auth/routes[.]ts$|^src/routes[.]ts$|^src/app[.]ts$|^src/main[.]ts$';

const layers = {
  base: '^src/(config\\.ts|secrets\\.ts|start-failure\\.ts|db/|mail/)',
  platform: '^src/platform/',
  edges: '^src/(auth|codehost|billing|files)/',
  cache: '^src/cache/',
  http: '^src/(http/|services\\.ts)',
  modules: '^src/modules/',
  sync: '^src/sync/',
};
const order = ['base', 'platform', 'edges', 'cache', 'http', 'modules', 'sync'];

/** A layer may not reach any layer above it, nor a routes file. */
const upward = order.flatMap((layer, i) => {
  const above = order.slice(i + 1).map((l) => layers[l]);
  return [
    {
      name: `${layer}-not-upward`,
      comment: `${layer} may import only the layers below it (see the layering rule in the README).`,
      severity: 'error',
      from: { path: layers[layer], pathNot: ROUTES },
      to: { path: above.length ? above.join('|') : '^$' },
    },
    {
      name: `${layer}-no-routes`,
      comment: 'Only the composition imports route modules.',
      severity: 'error',
      from: { path: layers[layer], pathNot: ROUTES },
      to: { path: ROUTES },
    },
  ];
});

/**
 * The groups of src/modules/ (docs/layout.md, "The groups of modules/"). Each group may import the
 * groups below it and itself, never one above; every area lives in a group:
 *
 *   customers     portals, their site and API, portal customers and their preferences and data,
 *                 companies, requests, request types, attachments, the mail and chat messages
 *                 about requests (request-notifications, chat-webhook)
 *   workspace     workspaces, members, invitations, accounts, API keys, billing, the workspace
 *                 application's site (app-site)
 *   work          issues, events (live updates), labels, milestones, projects, views, activity, the
 *                 members' notifications
 *   integrations  the code-host connection (installations, a person's link, writes as that person), MCP
 *   audit         the audit trail that every group writes to
 */
const groups = {
  audit: '^src/modules/audit/',
  integrations: '^src/modules/integrations/',
  work: '^src/modules/work/',
  workspace: '^src/modules/workspace/',
  customers: '^src/modules/customers/',
};
const groupOrder = ['audit', 'integrations', 'work', 'workspace', 'customers'];

/**
 * The imports that climb, each allowed from one file to one file, with its reason. Any other import
 * into a group above fails.
 */
const climbs = [
  {
    from: 'src/modules/work/issues/write-service.ts',
    to: 'src/modules/customers/request-notifications/service.ts',
    why: 'an issue write schedules the customers\' status sweep in its own transaction, so a rolled-back write tells no one',
  },
  {
    from: 'src/modules/work/issues/comment-write-service.ts',
    to: 'src/modules/customers/request-notifications/service.ts',
    why: 'a public comment queues the mail to the request\'s subscribers in the transaction that writes it',
  },
  {
    from: 'src/modules/work/issues/comment-files.ts',
    to: 'src/modules/customers/attachments/comment-files.ts',
    why: "a comment's files are attachments: the issue comment routes take them, list them with fresh links and link them from the code host (decision 0086)",
  },
  {
    from: 'src/modules/work/projects/service.ts',
    to: 'src/modules/customers/request-notifications/service.ts',
    why: 'a project field write can change a request\'s derived status: it schedules the sweep in its own transaction',
  },
];

const exactly = (file) => `^${file.replace(/[.]/g, '[.]')}$`;

const groupRules = groupOrder.flatMap((group, i) => {
  const above = groupOrder.slice(i + 1).map((g) => groups[g]);
  if (!above.length) return [];
  const own = climbs.filter((c) => new RegExp(groups[group]).test(c.from));
  return [
    {
      name: `${group}-not-upward`,
      comment: `The ${group} group may import only the groups below it (modules/ groups, docs/layout.md).`,
      severity: 'error',
      from: own.length ? { path: groups[group], pathNot: own.map((c) => exactly(c.from)).join('|') } : { path: groups[group] },
      to: { path: above.join('|') },
    },
    ...own.map((c) => ({
      name: `${group}-not-upward`,
      comment: `Allowed climb: ${c.why}.`,
      severity: 'error',
      from: { path: exactly(c.from) },
      to: { path: above.join('|'), pathNot: exactly(c.to) },
    })),
  ];
});

module.exports = {
  forbidden: [
    ...upward,
    ...groupRules,
    {
      name: 'modules-in-groups',
      comment: 'Every area of src/modules/ lives in one of the groups.',
      severity: 'error',
      from: { path: '^src/modules/', pathNot: Object.values(groups).join('|') },
      to: {},
    },
    {
      name: 'auth-and-codehost-apart',
      comment: 'auth/ and codehost/ are independent edges of the service.',
      severity: 'error',
      from: { path: '^src/codehost/' },
      to: { path: '^src/auth/' },
    },
    {
      name: 'auth-not-codehost',
      severity: 'error',
      from: { path: '^src/auth/', pathNot: ROUTES },
      to: { path: '^src/codehost/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'src-stands-alone',
      comment: 'The service never imports its tests, benchmarks or the emulator (demo mode loads the emulator from main.ts only).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main\\.ts$' },
      to: { path: '^(test|bench|emulator)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(node_modules|test|bench)/' },
  },
};
