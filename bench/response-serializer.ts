/**
 * What writing an answer costs: zod's serializer (fastify-type-provider-zod: a checked copy through
 * the schema, then JSON.stringify), which every environment but production runs, beside the one
 * compiled from the same schema (src/platform/response-serializer.ts) that production runs. Both
 * timed in this process over the same values, alternated round by round, so a busy machine slows
 * both alike; each figure is the median round's time per answer.
 *
 *   npx tsx bench/response-serializer.ts [--rounds 21] [--per-round 5000]
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { accountSchema, meSchema } from '../src/modules/workspace/accounts/schemas.js';
import { issueSchema } from '../src/modules/work/issues/schemas.js';
import { workspaceSchema } from '../src/modules/workspace/workspaces/schemas.js';
import { errorEnvelopeSchema } from '../src/platform/errors.js';
import { pageOf } from '../src/platform/pagination.js';
import { responseSerializerCompiler } from '../src/platform/response-serializer.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const rounds = numberArg('rounds', 21);
const perRound = numberArg('per-round', 5000);
const id = (n: number) => `01a219ad-4675-768c-8bdb-${n.toString(16).padStart(12, '0')}`;
const at = '2026-11-26T10:00:00.000Z';
const actor = (n: number) => ({ id: 1000 + n, login: `user${n}`, avatarUrl: `https://avatars.example.test/u/${n}`, type: 'User' as const });

const issue = {
  id: id(1),
  nodeId: 'I_kwDOAbc123',
  number: 4242,
  title: 'Exports time out for workspaces with more than 10,000 issues',
  body: 'When a workspace holds more than ten thousand issues the export job runs past its limit.\n\nSteps:\n1. Open the export page\n2. Choose CSV\n\nExpected: a file. Got: a timeout after 30 s.',
  state: 'open',
  stateReason: null,
  repository: { id: id(2), nodeId: 'R_kgDOAbc', fullName: 'acme/app', ownerLogin: 'acme', name: 'app', private: true },
  author: actor(1),
  assignees: [actor(2), actor(3)],
  labels: ['bug', 'export', 'priority: high'].map((name, i) => ({ nodeId: `LA_${i}`, name, color: 'd73a4a' })),
  milestone: { id: id(3), nodeId: 'MI_1', repositoryId: id(2), number: 7, title: 'December', description: null, state: 'open', dueOn: at },
  issueType: { id: 3, nodeId: 'IT_3', name: 'Bug', color: 'red' },
  subIssues: { total: 3, completed: 1, percentCompleted: 33 },
  projectItems: [
    {
      itemNodeId: 'PVTI_1',
      projectId: id(4),
      projectNodeId: 'PVT_1',
      projectTitle: 'Roadmap',
      fieldValues: {
        PVTF_status: { type: 'single_select', optionId: 'o1', name: 'In progress', color: 'YELLOW' },
        PVTF_points: { type: 'number', number: 5 },
        PVTF_sprint: { type: 'iteration', iterationId: 'it1', title: 'Sprint 12', startDate: '2026-11-23', duration: 14 },
      },
    },
  ],
  requests: [{ id: id(5), portalId: id(6), portalSlug: 'help', portalName: 'Help', number: '118', visibility: 'public', voteCount: 12 }],
  commentsCount: 8,
  locked: false,
  htmlUrl: 'https://github.com/acme/app/issues/4242',
  createdAt: at,
  updatedAt: at,
  closedAt: null,
  syncedAt: at,
};
const workspace = (n: number) => ({ id: id(n), name: `Workspace ${n}`, slug: `ws-${n}`, createdAt: at, role: 'member', codehost: { connected: true, accountLogin: 'acme', suspended: false } });

const cases: Array<{ name: string; schema: z.ZodType; value: unknown }> = [
  { name: 'GET /v1/me', schema: meSchema, value: { userId: id(7), name: 'Bench', email: 'bench@example.test', codehost: null, workspaceCount: 1 } },
  { name: 'error envelope (404)', schema: errorEnvelopeSchema, value: { error: { code: 'not_found', message: 'No such issue.', requestId: id(8) } } },
  {
    name: 'GET /account/credential',
    schema: accountSchema,
    value: { userId: id(7), name: 'Bench', email: 'bench@example.test', codehost: null, workspace: { id: id(9), name: 'W', slug: 'w', role: 'owner', membershipId: id(10) }, credential: { via: 'api_key', apiKeyId: id(11), scopes: ['issues:read', 'views:read'] } },
  },
  { name: 'one issue (GET /v1/issues/{id})', schema: issueSchema, value: issue },
  { name: 'a page of 50 workspaces', schema: pageOf(workspaceSchema), value: { data: Array.from({ length: 50 }, (_, i) => workspace(i)), nextCursor: 'eyJrIjpbXX0' } },
];

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/bench', httpStatus: '200' }) as never;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rows = cases.map(({ name, schema, value }) => {
  const zods = zodSerializerCompiler(route(schema)) as (data: unknown) => string;
  const compiled = responseSerializerCompiler({ check: false })(route(schema)) as (data: unknown) => string;
  const text = zods(value);
  if (compiled(value) !== text) throw new Error(`${name}: the two serializers disagree`);
  const times: Record<'zod' | 'compiled', number[]> = { zod: [], compiled: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [which, write] of [['zod', zods], ['compiled', compiled]] as const) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) write(value);
      times[which].push(Number(process.hrtime.bigint() - t0) / perRound / 1000);
    }
  }
  const zodUs = median(times.zod);
  const compiledUs = median(times.compiled);
  return { answer: name, bytes: Buffer.byteLength(text), 'zod µs': +zodUs.toFixed(2), 'compiled µs': +compiledUs.toFixed(2), 'compiled / zod': `${Math.round((compiledUs / zodUs) * 100)}%` };
});

report('response-serializer', rows, { rounds, perRound });
