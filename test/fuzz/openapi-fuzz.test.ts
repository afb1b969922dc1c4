import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { openApiPath } from '../../src/http/register-routes.js';
import { routeTable } from '../../src/routes.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { pathTricks, rawAuthPaths, requestFor, SchemaValues, seedFor, textSweep, type FuzzRequest, type JsonSchema, type OpenApiOperation } from './arbitraries.js';
import { problemsOf, send } from './wire.js';
import { buildFuzzWorld, type FuzzWorld } from './world.js';

/**
 * Every operation the served /openapi.json describes, called with generated valid and hostile
 * input by a workspace owner (session), an all-scope API key and nobody. Every answer is held to
 * the service's rules (wire.ts `problemsOf`). The seed is fixed so CI is repeatable; replay a
 * failure with the printed `FUZZ_SEED` (and `FUZZ_SHRINK=1` for the smallest counter-example).
 * `FUZZ_RUNS` sets the runs per operation; `FUZZ_SURVEY=1` runs every case and fails once with
 * the distinct failure classes instead of stopping at each operation's first one.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);
const numRuns = Number(process.env.FUZZ_RUNS ?? 50);
const shrink = process.env.FUZZ_SHRINK === '1';
const survey = process.env.FUZZ_SURVEY === '1';

let t: TestApp;
let codehost: RunningEmulator;
let smtp: SmtpCapture;
let world: FuzzWorld;
let document: JsonSchema;
const pid = process.pid;

/** Distinct failures in survey mode: "problem | input traits" -> the operations and one example. */
const failureClasses = new Map<string, { operations: Set<string>; example: string }>();
/** Answers by operation and status, printed in survey mode. */
const statuses = new Map<string, Map<number, { count: number; example: string }>>();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The suite creates labels, issues and milestones far faster than people do; GitHub's content and
  // point limits would rightly answer 503 here, which is not what this suite looks for.
  codehost = await startCodehost({
    limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000, restPointsPerMinute: 1_000_000, graphqlPointsPerMinute: 1_000_000, restLimit: 1_000_000, graphqlLimit: 1_000_000 },
  });
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(codehost) });
  world = await buildFuzzWorld(t, codehost, httpClient(t.url), smtp);
  const served = await send(t.url, { method: 'GET', path: '/openapi.json', headers: {}, body: null });
  expect(served.status).toBe(200);
  document = served.body;
}, 120_000);

afterAll(async () => {
  if (survey) {
    console.log(`fuzz answers by status:\n${[...statuses].map(([op, counts]) => `- ${op}: ${[...counts].sort().map(([s, n]) => `${s}×${n.count}`).join(' ')}${[...counts].map(([s, n]) => `\n    ${s}: ${n.example}`).join('')}`).join('\n')}`);
    console.log(`fuzz failure classes (FUZZ_SEED=${seed}):\n${[...failureClasses].map(([k, v]) => `- ${k}\n    in: ${[...v.operations].join(', ')}\n    e.g. ${v.example}`).join('\n')}`);
  }
  await t?.close();
  await smtp?.close();
  await codehost?.close();
});

function operationOf(method: string, path: string): OpenApiOperation {
  const op = document.paths?.[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} in /openapi.json`).toBeDefined();
  const body = op.requestBody?.content?.['application/json']?.schema ?? null;
  return { method, path, operationId: op.operationId, parameters: op.parameters ?? [], bodySchema: body, isPublic: Array.isArray(op.security) && op.security.length === 0 };
}

const lastCodehostRequestId = () => codehost.control.requestLog().at(-1)?.id ?? 0;

function withCredential(operationId: string, req: FuzzRequest): FuzzRequest {
  const headers = { ...req.headers };
  // Signing out (here or everywhere) would end the owner's session that every other case uses.
  const session = operationId === 'signOutEverywhere' || operationId === 'signOut' ? world.bystander.token : world.owner.token;
  if (req.credential === 'session') headers.authorization = `Bearer ${session}`;
  if (req.credential === 'api_key') headers.authorization = `Bearer ${world.apiKey}`;
  return { ...req, headers };
}

/** Short, readable traits of a request, to group failures by what provoked them. */
function traitsOf(req: FuzzRequest): string[] {
  const traits: string[] = [];
  const body = req.body ?? '';
  const rawPath = req.path;
  const [pathOnly, query = ''] = rawPath.split(/\?(.*)/s);
  if (/\\u0000|\u0000/.test(body)) traits.push('NUL in body');
  if (/%00/i.test(pathOnly!)) traits.push('NUL in path');
  if (/%00/i.test(query)) traits.push('NUL in query');
  if (rawPath.length > 16_000) traits.push('URL over 16 kB');
  if (Object.values(req.headers).some((v) => v.length > 16_000)) traits.push('header over 16 kB');
  if (/%(?![0-9a-f]{2})|%C0%AE|%FF/i.test(rawPath)) traits.push('malformed percent-encoding');
  if (/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(body)) traits.push('lone surrogate in body');
  if (/%ED%[AB][0-9A-F]%/i.test(pathOnly!)) traits.push('lone surrogate in path');
  if (/%ED%[AB][0-9A-F]%/i.test(query)) traits.push('lone surrogate in query');
  if (pathOnly!.split('/').some((s) => s.length > 100)) traits.push('path segment over 100 characters');
  if (/(^|\/)(\.|\.\.|%2e|%2e%2e)(\/|$)/i.test(pathOnly!)) traits.push('dot segment');
  if (body.length > 1_000_000) traits.push('body over 1 MB');
  else if (body.length > 60_000) traits.push('100 kB string');
  if (/^(\{"a":){1000}/.test(body) || /^\[{1000}/.test(body)) traits.push('deep nesting');
  if (req.headers['content-type'] && !req.headers['content-type'].startsWith('application/json')) traits.push('not JSON content type');
  if (req.body !== null) {
    try {
      JSON.parse(req.body);
    } catch {
      traits.push('malformed JSON');
    }
  }
  if (req.credential !== 'session') traits.push(`credential ${req.credential}`);
  return traits;
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);
const describeRequest = (req: FuzzRequest) =>
  `${req.method} ${clip(req.path)} headers=${clip(JSON.stringify({ ...req.headers, authorization: req.headers.authorization ? `<${req.credential}>` : undefined }))} body=${req.body === null ? 'none' : clip(JSON.stringify(req.body))}`;

/** Sends one request and returns what is wrong with its answer (empty when nothing is). */
async function check(label: string, req: FuzzRequest): Promise<string[]> {
  const before = lastCodehostRequestId();
  const answer = await send(t.url, req);
  if (survey) {
    const counts = statuses.get(label) ?? new Map<number, { count: number; example: string }>();
    const seen = counts.get(answer.status) ?? { count: 0, example: `${describeRequest(req)} -> ${clip(answer.text, 300)}` };
    counts.set(answer.status, { ...seen, count: seen.count + 1 });
    statuses.set(label, counts);
  }
  const reached = codehost.control.requestLog({ sinceId: before }).map(({ method, path, status }) => ({ method, path, status }));
  const problems = problemsOf(answer, reached, req.badTextInRead === true);
  if (problems.length === 0) return [];
  const example = `${describeRequest(req)} -> ${answer.status} ${clip(answer.text, 200)}`;
  if (survey) {
    for (const problem of problems) {
      const key = `${problem.replace(/ after \d+ request.*/, ' after reaching the code host').replace(/requestId .*/, 'requestId mismatch')} | ${traitsOf(req).filter((t) => !t.startsWith('credential')).join(', ') || 'no hostile trait'}`;
      const entry = failureClasses.get(key) ?? { operations: new Set<string>(), example };
      entry.operations.add(label.replace(/ \(.*/, ''));
      failureClasses.set(key, entry);
    }
  }
  return problems.map((p) => `${p}\n  request: ${example}`);
}

async function runProperty(label: string, arbitrary: fc.Arbitrary<FuzzRequest>, prepare: (req: FuzzRequest) => FuzzRequest, runs = numRuns) {
  const propertySeed = seedFor(seed, label);
  const surveyed: string[] = [];
  const property = fc.asyncProperty(arbitrary, async (generated) => {
    const problems = await check(label, prepare(generated));
    if (survey) {
      surveyed.push(...problems);
      return true;
    }
    if (problems.length) throw new Error(problems.join('\n'));
    return true;
  });
  const outcome = await fc.check(property, { seed: propertySeed, numRuns: runs, endOnFailure: !shrink });
  if (outcome.failed) {
    const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
    throw new Error(
      `${label}: ${cause}\nreplay: FUZZ_SEED=${seed} (fast-check seed ${outcome.seed}, path ${outcome.counterexamplePath}); counter-example: ${clip(fc.stringify(outcome.counterexample), 2000)}`,
    );
  }
  if (survey) expect(surveyed, `${label}: ${surveyed.length} failing answers (FUZZ_SEED=${seed})`).toEqual([]);
}

/** The routes /openapi.json describes, in table order; deleting ones last so the others still find their objects. */
const described = routeTable.filter((r) => !r.hidden);
const ordered = [
  ...described.filter((r) => r.method !== 'DELETE'),
  ...described.filter((r) => r.method === 'DELETE' && r.operationId !== 'removeMember'),
  ...described.filter((r) => r.operationId === 'removeMember'),
];

describe('every operation of /openapi.json, with generated valid and hostile input', () => {
  it('the served document describes every declared operation', () => {
    for (const route of described) expect(document.paths?.[openApiPath(route.path)]?.[route.method.toLowerCase()], route.operationId).toBeDefined();
    // Besides the route table: the MCP server's JSON-RPC endpoint (hostile input for it: test/mcp/mcp.test.ts).
    expect(Object.keys(document.paths!['/mcp'] as object)).toEqual(['post']);
    expect(Object.values(document.paths).flatMap((ops) => Object.keys(ops as object)).length).toBe(described.length + 1);
  });

  it.each(ordered.map((r) => ({ name: `${r.method} ${r.path} (${r.operationId})`, method: r.method, path: openApiPath(r.path) })))(
    '$name',
    async ({ name, method, path }) => {
      const op = operationOf(method, path);
      await world.restore();
      const values = new SchemaValues(document, world.context);
      await runProperty(name, requestFor(op, values, world.context), (req) => withCredential(op.operationId, req));
    },
    120_000,
  );
});

describe('every string of every operation with NUL, lone surrogates and 100 kB, the rest valid', () => {
  it.each(ordered.map((r) => ({ name: `${r.method} ${r.path} (${r.operationId})`, method: r.method, path: openApiPath(r.path) })))(
    '$name',
    async ({ name, method, path }) => {
      const op = operationOf(method, path);
      await world.restore();
      const cases = textSweep(op, document, world.context, seed);
      const problems: string[] = [];
      for (const { place, badText, request } of cases) {
        for (const problem of await check(name, withCredential(op.operationId, request))) problems.push(`${badText} in ${place}: ${problem}`);
      }
      expect(problems, `${name} (FUZZ_SEED=${seed}):\n${problems.join('\n')}`).toEqual([]);
    },
    120_000,
  );
});

describe('raw paths a normalising client would rewrite', () => {
  const methods = ['GET', 'POST'];
  it('sign-in and unknown paths, sent as written', async () => {
    const problems: string[] = [];
    for (const path of rawAuthPaths) {
      for (const method of methods) {
        const body = method === 'POST' ? JSON.stringify({ name: 'Raw', email: `raw-${path.length}-${problems.length}@example.test`, password: 'correct horse battery' }) : null;
        const headers: Record<string, string> = { origin: 'https://app.svc.test', ...(body ? { 'content-type': 'application/json' } : {}) };
        problems.push(...(await check(`${method} ${path}`, { method, path, headers, body, credential: 'none' })));
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('every operation path with each trick, and methods it does not have', async () => {
    const label = 'path tricks';
    const paths = [...new Set(described.map((r) => r.path))].map((p) => p.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => world.context.idsByName[name]?.[0] ?? world.context.anyIds[0]!));
    // Paths whose POST ends the caller's sessions get the bystander's session, as their own cases do.
    const endsSessions = new Set(['/account/sign-out-everywhere', '/auth/sign-out', '/auth/revoke-session', '/auth/revoke-other-sessions', '/auth/change-password']);
    const arbitrary = fc
      .record({ path: fc.constantFrom(...paths), trick: fc.constantFrom(...pathTricks), method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'PROPFIND'), credential: fc.constantFrom<FuzzRequest['credential']>('session', 'api_key', 'none') })
      .map(({ path, trick, method, credential }) => ({
        method,
        path: trick.apply(path),
        headers: { 'x-workspace-id': world.context.workspaceId, ...(method === 'POST' || method === 'PATCH' ? { 'content-type': 'application/json' } : {}) } as Record<string, string>,
        body: method === 'POST' || method === 'PATCH' ? '{}' : null,
        credential,
        endsSession: endsSessions.has(path),
      }));
    await runProperty(label, arbitrary, (req) => withCredential((req as FuzzRequest & { endsSession: boolean }).endsSession ? 'signOutEverywhere' : '', req), numRuns * 10);
  }, 120_000);
});

it('the service is still up in the same process', async () => {
  expect(process.pid).toBe(pid);
  const res = await send(t.url, { method: 'GET', path: '/v1/me', headers: { authorization: `Bearer ${world.owner.token}`, 'x-workspace-id': world.context.workspaceId }, body: null });
  expect(res.status, res.text).toBe(200);
});
