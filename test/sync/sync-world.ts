import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import type { TestApp } from '../harness/app.js';
import { createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import type { Call } from '../harness/http.js';

export interface SyncWorld {
  org: string;
  login: string;
  owner: TestPerson;
  workspaceId: string;
  installationId: number;
  repo: { id: string; fullName: string };
  /** Runs a REST call as the organisation's admin on the code host and expects success. */
  act<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * An organisation with one repository (`<org>/app`) holding `issues` issues with one comment
 * each, connected to a new workspace through the real flow, mirrored, and backfilled.
 */
/**
 * A new owner's workspace connected to `installationId` through the real flow (the person links
 * their code-host account as `login`, then connects the installation), and the workspace's record
 * of the repository `fullName`, not yet mirrored.
 */
export async function connectRepository(call: Call, ownerName: string, login: string, installationId: number, fullName: string) {
  const owner = await signUp(call, ownerName);
  const ws = await createWorkspace(call, owner);
  const start = await call('GET', '/v1/codehost/authorize-url', { token: owner.token });
  const consent = await fetch(`${start.body.url}&login=${login}`, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  await call('GET', `${back.pathname}${back.search}`);
  const connected = await call('POST', '/v1/codehost/installation', { token: owner.token, body: { installationId } });
  expect(connected.status, connected.text).toBe(201);
  const repos = await call('GET', '/v1/codehost/repositories', { token: owner.token });
  const repo = repos.body.data.find((r: { fullName: string }) => r.fullName === fullName);
  return { owner, workspaceId: ws.id as string, installationId, repo: repo as { id: string; fullName: string } };
}

export async function syncedWorld(gh: RunningEmulator, call: Call, org: string, issues = 3): Promise<SyncWorld> {
  const c = gh.control;
  const login = `${org}-admin`;
  const act = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await c.act(login, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  c.createUser({ login });
  c.createOrg({ login: org, admins: [login] });
  c.createRepo({ owner: org, name: 'app' });
  const fullName = `${org}/app`;
  const installationId = c.install({ account: org }).id;
  await act('POST', `/repos/${fullName}/labels`, { name: 'bug', color: 'd73a4a' });
  await act('POST', `/repos/${fullName}/milestones`, { title: 'v1' });
  for (let i = 1; i <= issues; i++) {
    await act('POST', `/repos/${fullName}/issues`, { title: `Issue ${i}`, body: `Body ${i}` });
    await act('POST', `/repos/${fullName}/issues/${i}/comments`, { body: `Comment on ${i}` });
  }

  const { owner, workspaceId, repo } = await connectRepository(call, `${org} owner`, login, installationId, fullName);
  const enabled = await call('PATCH', '/v1/codehost/repositories', { token: owner.token, body: { enable: [repo.id] } });
  expect(enabled.status, enabled.text).toBe(200);
  await waitForJob(call, owner, enabled.body.queued[0], (j) => j.status === 'done');
  await c.webhooksIdle();
  return { org, login, owner, workspaceId, installationId, repo: { id: repo.id, fullName }, act };
}

export async function waitForJob(call: Call, owner: TestPerson, jobId: string, until: (job: { status: string }) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call('GET', '/v1/codehost/sync-status', { token: owner.token });
    const job = status.body.jobs.find((j: { id: string }) => j.id === jobId);
    if (job && until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach the state: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The cached issue of `number` read over HTTP (null when the cache has no such issue). */
export async function readIssue(t: TestApp, call: Call, w: SyncWorld, number: number) {
  const { rows } = await t.database.pool.query<{ id: string }>('select id from issues where repository_id = $1 and number = $2', [w.repo.id, number]);
  if (!rows[0]) return null;
  const res = await call('GET', `/v1/issues/${rows[0].id}`, { token: w.owner.token });
  // Deleted between the two reads (a refresh job or a webhook running meanwhile): it is gone.
  if (res.status === 404) return null;
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export const countRows = async (t: TestApp, table: string, repositoryId: string, where = 'true', params: unknown[] = []) =>
  Number((await t.database.pool.query(`select count(*) from ${table} where repository_id = $1 and ${where}`, [repositoryId, ...params])).rows[0].count);
