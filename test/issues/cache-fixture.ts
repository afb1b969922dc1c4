import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import {
  commentRow,
  isPullRequest,
  issueRow,
  labelRow,
  milestoneRow,
  repositoryRow,
  type GitHubComment,
  type GitHubIssue,
  type GitHubLabel,
  type GitHubMilestone,
  type GitHubRepository,
} from '../../src/codehost/mapping.js';
import { codehostStore } from '../../src/modules/integrations/codehost/store.js';
import { cacheWriter } from '../../src/cache/cache-writer.js';
import type { TestApp } from '../harness/app.js';
import { unique, type TestPerson } from '../harness/fixtures.js';
import type { Call } from '../harness/http.js';

/**
 * Until the backfill job lands, tests fill the issue cache the way the backfill will: read the
 * installation's repositories, labels, milestones, issues and comments from the emulator's REST
 * API with an installation token, map them with `codehost/mapping` and write them with
 * `cacheWriter`.
 */

/** Every page of a REST list, following `Link: rel="next"`. */
export async function restList<T>(gh: RunningEmulator, token: string, path: string, pick: (body: unknown) => T[] = (b) => b as T[]): Promise<T[]> {
  const out: T[] = [];
  let url: string | null = `${gh.url}${path}${path.includes('?') ? '&' : '?'}per_page=100`;
  while (url) {
    const res: Response = await fetch(url, { headers: { authorization: `token ${token}`, accept: 'application/vnd.github+json' } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    out.push(...pick(await res.json()));
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return out;
}

/** Records the installation and its repositories for the workspace (what connecting does). */
export async function recordInstallation(t: Pick<TestApp, 'database'>, gh: RunningEmulator, workspaceId: string, installationId: number): Promise<Record<string, string>> {
  const { token } = gh.control.installationToken(installationId);
  const repos = await restList<GitHubRepository>(gh, token, '/installation/repositories', (b) => (b as { repositories: GitHubRepository[] }).repositories);
  const owner = repos[0]?.owner;
  if (!owner) throw new Error(`installation ${installationId} covers no repository`);
  await t.database.db.transaction(async (tx) => {
    await codehostStore.insertInstallation(tx, {
      id: uuidv7(),
      workspaceId,
      installationId,
      accountLogin: owner.login,
      accountType: owner.type,
      repositorySelection: 'all',
    });
    await codehostStore.upsertRepositories(tx, workspaceId, repos.map(repositoryRow), uuidv7);
  });
  const { rows } = await t.database.pool.query<{ id: string; full_name: string }>('select id, full_name from repositories where workspace_id = $1', [workspaceId]);
  return Object.fromEntries(rows.map((r) => [r.full_name, r.id]));
}

/** Reads everything of the workspace's repositories from the code host into the cache. */
export async function fillCache(t: Pick<TestApp, 'database'>, gh: RunningEmulator, workspaceId: string, installationId: number, repositoryIds: Record<string, string>): Promise<void> {
  const { token } = gh.control.installationToken(installationId);
  for (const [fullName, repositoryId] of Object.entries(repositoryIds)) {
    const scope = { workspaceId, repositoryId };
    const labels = await restList<GitHubLabel>(gh, token, `/repos/${fullName}/labels`);
    const milestones = await restList<GitHubMilestone>(gh, token, `/repos/${fullName}/milestones?state=all`);
    const issues = await restList<GitHubIssue>(gh, token, `/repos/${fullName}/issues?state=all`);
    const comments = await restList<GitHubComment>(gh, token, `/repos/${fullName}/issues/comments`);
    await t.database.db.transaction(async (tx) => {
      await cacheWriter.labels(tx, scope, labels.map(labelRow));
      await cacheWriter.milestones(tx, scope, milestones.map(milestoneRow));
      await cacheWriter.issues(tx, scope, issues.filter((i) => !isPullRequest(i)).map(issueRow));
      await cacheWriter.comments(tx, scope, comments.map(commentRow));
    });
  }
}

/** Links `person`'s code-host account as `login` through the real OAuth round trip. */
export async function linkCodehostAccount(call: Call, person: TestPerson, login: string): Promise<void> {
  const start = await call('GET', '/v1/codehost/authorize-url', { token: person.token });
  expect(start.status, start.text).toBe(200);
  const consent = await fetch(`${start.body.url}&login=${login}`, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const callback = await call('GET', `${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  expect(new URL(callback.headers.get('location')!).searchParams.get('error')).toBeNull();
}

/** A new session of `person` (password sign-in), so no credential resolved before a change is reused. */
export async function newSession(call: Call, person: TestPerson): Promise<string> {
  const res = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  return res.headers.get('set-auth-token')!;
}

/** Runs a REST call as a person on the code host and expects success. */
export async function act<T = Record<string, unknown>>(gh: RunningEmulator, login: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await gh.control.act(login, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path} as ${login}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/**
 * What most portal tests stand on: a code-host organisation named from `prefix` (its admin is
 * `<org>-dev`) whose installation the workspace holds, with one repository `web` holding one
 * issue, read into the cache and mirrored.
 */
export async function mirroredWebRepository(
  t: Pick<TestApp, 'database'>,
  gh: RunningEmulator,
  workspaceId: string,
  prefix: string,
  options: { private?: boolean } = {},
): Promise<{ org: string; installationId: number; repositoryId: string }> {
  const org = unique(prefix).toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  const installationId = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'web', private: options.private ?? false });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues`, { title: 'Seed' });
  const ids = await recordInstallation(t, gh, workspaceId, installationId);
  await fillCache(t, gh, workspaceId, installationId, ids);
  const repositoryId = ids[`${org}/web`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  return { org, installationId, repositoryId };
}
