import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import type { Role } from '../../src/auth/roles.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, linkCodehostAccount, recordInstallation } from '../issues/cache-fixture.js';

export type Person = TestPerson & { membershipId: string; login: string | null };

/**
 * A workspace connected to an emulated GitHub organisation whose people linked their GitHub
 * accounts, with the repository `web` mirrored and GitHub's webhooks flowing to the app:
 * - `owner` (owner), `ann` and `ben` (members), `cat` (viewer): linked as `<org>-owner`, `-ann`, `-ben`, `-cat`,
 *   all members of the organisation (so assignable);
 * - `dan` (member) linked nothing;
 * - `<org>-zed`: a GitHub person who is nobody in the workspace.
 * Issue #1 was opened on GitHub by ben before the connection, #2 by zed.
 */
export interface InboxWorld {
  gh: RunningEmulator;
  t: TestApp;
  call: Call;
  smtp: SmtpCapture;
  org: string;
  workspaceId: string;
  repositoryId: string;
  installationId: number;
  owner: Person;
  ann: Person;
  ben: Person;
  cat: Person;
  dan: Person;
  zed: string;
  /** Service ids of the cached issues, by number. */
  issueIds: Record<number, string>;
  close(): Promise<void>;
}

export async function buildInboxWorld(options: { collapseSeconds?: number } = {}): Promise<InboxWorld> {
  const smtp = await startSmtpCapture();
  const gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  const t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: options.collapseSeconds ?? 1 }, { worker: true });
  const call = httpClient(t.url);
  const org = unique('inbox').toLowerCase();
  const login = (name: string) => `${org}-${name}`;
  for (const name of ['owner', 'ann', 'ben', 'cat', 'zed']) gh.control.createUser({ login: login(name), name: name.toUpperCase() });
  gh.control.createOrg({ login: org, admins: [login('owner')], members: [login('ann'), login('ben'), login('cat')] });
  const installationId = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'web' });
  await act(gh, login('ben'), 'POST', `/repos/${org}/web/issues`, { title: "Ben's issue", body: 'Found by ben.' });
  await act(gh, login('zed'), 'POST', `/repos/${org}/web/issues`, { title: "Zed's issue" });

  const ownerPerson = await signUp(call, 'Olive Owner');
  const ws = await createWorkspace(call, ownerPerson, 'Inbox');
  const members = await call('GET', '/v1/members?limit=100', { token: ownerPerson.token, workspaceId: ws.id });
  const owner: Person = { ...ownerPerson, membershipId: members.body.data[0].membershipId, login: login('owner') };
  const member = async (role: Role, name: string, linked: boolean): Promise<Person> => {
    const p = await addMember(call, smtp, ownerPerson, ws.id, role, name);
    return { ...p, login: linked ? login(name.split(' ')[0].toLowerCase()) : null };
  };
  const ann = await member('member', 'Ann Member', true);
  const ben = await member('member', 'Ben Member', true);
  const cat = await member('viewer', 'Cat Viewer', true);
  const dan = await member('member', 'Dan Unlinked', false);
  for (const p of [owner, ann, ben, cat]) await linkCodehostAccount(call, p, p.login!);

  const ids = await recordInstallation(t, gh, ws.id, installationId);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  await fillCache(t, gh, ws.id, installationId, ids);
  const repositoryId = ids[`${org}/web`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  const issues = await call('GET', '/v1/issues?limit=100&sort=number', { token: owner.token, workspaceId: ws.id });
  expect(issues.status, issues.text).toBe(200);
  return {
    gh,
    t,
    call,
    smtp,
    org,
    workspaceId: ws.id,
    repositoryId,
    installationId,
    owner,
    ann,
    ben,
    cat,
    dan,
    zed: login('zed'),
    issueIds: Object.fromEntries(issues.body.data.map((i: { number: number; id: string }) => [i.number, i.id])),
    async close() {
      await t.close();
      await gh.close();
      await smtp.close();
    },
  };
}

export interface InboxEntry {
  id: string;
  kind: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
  actor: { type: string; name: string | null; login: string | null; userId: string | null };
  issue: { id: string | null; number: number; title: string; repository: string; htmlUrl: string } | null;
  request: { id: string | null; portalId: string; portalName: string; reference: string; title: string } | null;
  status: { id: string; label: string } | null;
  previousStatus: { id: string; label: string } | null;
  excerpt: string | null;
}

/** Helpers bound to one world. */
export function inboxHelpers(w: InboxWorld) {
  const as = (p: TestPerson) => ({ token: p.token, workspaceId: w.workspaceId });
  /** The whole inbox, every page. */
  const inboxOf = async (p: TestPerson, query = ''): Promise<{ data: InboxEntry[]; unreadCount: number }> => {
    const data: InboxEntry[] = [];
    let cursor: string | null = null;
    let unreadCount = 0;
    do {
      const res: CallResult = await w.call('GET', `/v1/notifications?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`, as(p));
      expect(res.status, res.text).toBe(200);
      data.push(...res.body.data);
      unreadCount = res.body.unreadCount;
      cursor = res.body.nextCursor;
    } while (cursor);
    return { data, unreadCount };
  };
  /** Everything the code host has to deliver has been delivered (and answered: applied). */
  const settled = () => w.gh.control.webhooksIdle();
  /** An action on GitHub as one of its people, then its webhooks delivered. */
  const onGithub = async <T = Record<string, unknown>>(login: string, method: string, path: string, body?: unknown) => {
    const out = await act<T>(w.gh, login, method, path, body);
    await settled();
    return out;
  };
  const write = async (p: TestPerson, method: string, path: string, body?: unknown, status = 200) => {
    const res = await w.call(method, path, { ...as(p), body });
    expect(res.status, res.text).toBe(status);
    await settled();
    return res.body;
  };
  /** Notifications of one person about one issue, oldest first. */
  const about = async (p: TestPerson, issueId: string) => (await inboxOf(p)).data.filter((n) => n.issue?.id === issueId).reverse();
  const newIssue = async (p: TestPerson, title: string, extra: Record<string, unknown> = {}) =>
    (await write(p, 'POST', '/v1/issues', { repositoryId: w.repositoryId, title, ...extra }, 201)) as { id: string; number: number };
  return { as, inboxOf, settled, onGithub, write, about, newIssue };
}

export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
