import type { RunningEmulator } from '../../emulator/index.js';
import type { TestApp } from '../harness/app.js';
import { addMember, createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import type { Call } from '../harness/http.js';
import type { SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, linkCodehostAccount, newSession, recordInstallation } from './cache-fixture.js';

/**
 * A connected workspace for the write tests: organisation `org` with repositories `app` (synced)
 * and `old` (synced, archived on the code host and in the cache), labels, two milestones in
 * `app` and one in `old`, issue types, and `issues` open issues in `app`. The owner's account is
 * linked to the code-host person `<org>-ada`; a member is linked to `<org>-bob`.
 */
export interface WriteWorld {
  org: string;
  installationId: number;
  workspaceId: string;
  owner: TestPerson;
  /** A session of the owner started after linking. */
  ownerToken: string;
  member: TestPerson & { membershipId: string };
  memberToken: string;
  repoIds: { app: string; old: string };
  /** Service ids of the issues of `app`, by number. */
  issueIds: Map<number, string>;
}

export async function buildWriteWorld(t: TestApp, gh: RunningEmulator, call: Call, smtp: SmtpCapture, org: string, issues = 5): Promise<WriteWorld> {
  const c = gh.control;
  const ada = `${org}-ada`;
  const bob = `${org}-bob`;
  c.createUser({ login: ada });
  c.createUser({ login: bob });
  c.createOrg({ login: org, admins: [ada, bob] });
  c.createIssueType(org, { name: 'Bug' });
  c.createIssueType(org, { name: 'Feature' });
  const installationId = c.install({ account: org }).id;
  for (const repo of ['app', 'old']) {
    c.createRepo({ owner: org, name: repo });
    for (const name of ['bug', 'customer']) await act(gh, ada, 'POST', `/repos/${org}/${repo}/labels`, { name, color: 'aabbcc' });
    await act(gh, ada, 'POST', `/repos/${org}/${repo}/milestones`, { title: `${repo} v1` });
  }
  await act(gh, ada, 'POST', `/repos/${org}/app/milestones`, { title: 'app v2' });
  for (let i = 1; i <= issues; i++) await act(gh, ada, 'POST', `/repos/${org}/app/issues`, { title: `Issue ${i}`, body: `Body ${i}` });
  await act(gh, ada, 'POST', `/repos/${org}/old/issues`, { title: 'Old issue' });
  c.setArchived(`${org}/old`, true);

  const owner = await signUp(call, `${org} owner`);
  const ws = await createWorkspace(call, owner, `${org} workspace`);
  const member = await addMember(call, smtp, owner, ws.id, 'member', `${org} member`);
  await linkCodehostAccount(call, owner, ada);
  await linkCodehostAccount(call, member, bob);
  const ownerToken = await newSession(call, owner);
  const memberToken = await newSession(call, member);
  const byName = await recordInstallation(t, gh, ws.id, installationId);
  await fillCache(t, gh, ws.id, installationId, byName);
  await t.database.pool.query('update repositories set sync_enabled = true where workspace_id = $1', [ws.id]);
  const repoIds = { app: byName[`${org}/app`], old: byName[`${org}/old`] };
  const { rows } = await t.database.pool.query<{ id: string; number: number }>('select id, number from issues where repository_id = $1', [repoIds.app]);
  return { org, installationId, workspaceId: ws.id, owner, ownerToken, member, memberToken, repoIds, issueIds: new Map(rows.map((r) => [r.number, r.id])) };
}

/** Everything the service holds about an issue that a failed write must leave alone. */
export async function localStateOf(t: TestApp, issueId: string) {
  const pool = t.database.pool;
  const issue = (await pool.query('select * from issues where id = $1', [issueId])).rows[0];
  const activity = (await pool.query('select id from issue_activity where issue_id = $1 order by id', [issueId])).rows;
  const audit = (await pool.query(`select id from audit_entries where target_id = $1 order by id`, [issueId])).rows;
  const comments = (await pool.query('select id, body from comments where repository_id = $1 and issue_number = $2 order by id', [issue.repository_id, issue.number])).rows;
  return { issue, activity, audit, comments };
}
