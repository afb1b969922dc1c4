/**
 * The layering rule of src/ (README, "Layout"), checked by `npm test`. Each layer may import the
 * ones below it and itself, never one above:
 *
 *   routes   modules/[<group>/]<area>/routes.ts and *-routes.ts, auth/routes.ts, pages/, routes.ts, app.ts, main.ts
 *   sync     sync/            jobs, walks, the webhook receiver and its appliers
 *   modules  modules/        services, stores, schemas (never a routes file, never sync/)
 *   http     http/, services.ts   route declaration and registration, idempotency, the Services container
 *   cache    cache/           the cache writers both writes and webhooks use
 *   edges    auth/, codehost/, billing/, files/   credentials and access; the GitHub client and payload
 *            mapping; the payments provider; the attachment stores
 *   platform platform/        shared rules (errors, pagination, text rules, request paths, metrics)
 *   base     config.ts, secrets.ts, start-failure.ts, db/, mail/
 */
const ROUTES = '^src/modules/.+/[^/]*routes[.]ts$|^src/auth/routes[.]ts$|^src/pages/|^src/routes[.]ts$|^src/app[.]ts$|^src/main[.]ts$';

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

module.exports = {
  forbidden: [
    ...upward,
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
