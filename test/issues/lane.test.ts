import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { spawnServiceProcess } from '../harness/service-process.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { buildWriteWorld, type WriteWorld } from './write-world.js';

let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let w: WriteWorld;
const children: ChildProcess[] = [];
/** The in-test app and two service processes of their own, all on one database. */
const calls: Call[] = [];

/** `src/main.ts start` in its own process, on the run's database and the emulator; resolves with its address. */
async function startServiceProcess(): Promise<string> {
  const { child, ready } = spawnServiceProcess('start', gh, {
    HOST: '127.0.0.1',
    PORT: '0',
    WORKSPACE_APP_ORIGIN: 'https://app.svc.test',
    RATE_LIMIT_MAX: '100000',
    WORKER_SCHEMA: `jobs_lane_${children.length}_${Math.random().toString(36).slice(2, 8)}`,
  }, /svc listening on (http:\/\/\S+)/);
  children.push(child);
  return (await ready)[1];
}

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  w = await buildWriteWorld(t, gh, httpClient(t.url), smtp, 'ln', 12);
  const urls = await Promise.all([startServiceProcess(), startServiceProcess()]);
  calls.push(httpClient(t.url), ...urls.map((u) => httpClient(u)));
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

it('three processes writing at once keep one code-host request in flight per installation', { timeout: 120_000 }, async () => {
  gh.control.setLatency({ minMs: 20, maxMs: 40 });
  gh.control.clearRequestLog();
  const ids = [...w.issueIds.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
  const opts = { token: w.ownerToken, workspaceId: w.workspaceId };
  const singles = ids.slice(0, 6).flatMap((id, n) =>
    calls.map((call, p) => call('PATCH', `/v1/issues/${id}`, { ...opts, body: { title: `Edited ${n} by process ${p}` } })),
  );
  const bulks = [
    calls[1]('POST', '/v1/issues/bulk', { ...opts, body: { issueIds: ids.slice(6), change: { labels: ['bug'] } } }),
    calls[2]('POST', '/v1/issues/bulk', { ...opts, body: { issueIds: ids.slice(6), change: { state: 'closed', stateReason: 'completed' } } }),
  ];
  const answers = await Promise.all([...singles, ...bulks]);
  for (const res of answers) expect(res.status, res.text).toBe(200);
  for (const res of answers.slice(singles.length)) expect(res.body.failed, res.text).toBe(0);

  const log = gh.control.requestLog({ installationId: w.installationId });
  expect(log.filter((e) => e.method === 'PATCH')).toHaveLength(singles.length + 2 * ids.slice(6).length);
  expect(gh.control.maxConcurrency(w.installationId)).toBe(1);
  expect(log.filter((e) => e.status === 403 || e.status === 429)).toEqual([]);
});
