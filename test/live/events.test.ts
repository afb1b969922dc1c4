import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { openEventStream, type EventStreamAnswer, type StreamEvent } from '../harness/event-stream.js';
import { addMember, createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { APP_ORIGIN, hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { syncedWorld, type SyncWorld } from '../sync/sync-world.js';
import { runProjectsBackfill } from '../../src/sync/projects-backfill.js';
import { syncJobStore } from '../../src/sync/store.js';
import { routeTable } from '../../src/routes.js';
import { NOTIFICATION_EVENT_ACCESS, PROJECT_EVENT_ACCESS, REQUEST_EVENT_ACCESS } from '../../src/modules/work/events/live-streams.js';

/**
 * GET /v1/events over real HTTP: changes made on the code host (the emulator acting as a person,
 * which sends the webhooks) reach the open streams of the workspace's members and nobody else's;
 * credentials are checked as on every route, and again when they change; any process serves any
 * stream.
 */

let gh: RunningEmulator;
let smtp: SmtpCapture;
/** The app GitHub's webhooks reach, with the job worker that runs the backfill. */
let a: TestApp;
/** A second app on the same database: a process that only serves streams. */
let b: TestApp;
let call: Call;
let w: SyncWorld;
let other: { owner: TestPerson; workspaceId: string };
const streams: EventStreamAnswer[] = [];

const open = async (app: TestApp, options: Parameters<typeof openEventStream>[1]) => {
  const stream = await openEventStream(app.url, options);
  streams.push(stream);
  return stream;
};
const issueIdOf = async (number: number) =>
  (await a.database.pool.query<{ id: string }>('select id from issues where repository_id = $1 and number = $2', [w.repo.id, number])).rows[0]!.id;
/** GitHub's timestamps have whole seconds: two edits of one issue must fall in different seconds to both move the cache. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  a = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) }, { worker: true });
  b = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(a.url);
  gh.control.setWebhookUrl(`${a.url}/v1/codehost/webhooks`);
  w = await syncedWorld(gh, call, 'live-org', 2);
  const owner = await signUp(call, 'Other owner');
  other = { owner, workspaceId: (await createWorkspace(call, owner, 'Other')).id };
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await a?.close();
  await b?.close();
  await gh?.close();
  await smtp?.close();
});

describe('a change made on the code host', () => {
  it("reaches the stream of a member of the workspace, as the issue's and the repository's ids, and no other workspace's stream", async () => {
    const mine = await open(a, { token: w.owner.token, workspaceId: w.workspaceId });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.headers.get('x-request-id')).toBeTruthy();
    const theirs = await open(a, { token: other.owner.token, workspaceId: other.workspaceId });
    expect((await mine.next((e) => e.event === 'ready')).data).toEqual({ workspaceId: w.workspaceId });
    expect(mine.retry).toBe(3000);
    await theirs.next((e) => e.event === 'ready');

    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/1`, { title: 'Renamed on GitHub' });
    const issueId = await issueIdOf(1);
    const changed = await mine.next((e) => e.event === 'issue' && e.data.issueId === issueId);
    // Ids only: never a title or a body.
    expect(changed.data).toEqual({ issueId, repositoryId: w.repo.id });

    await w.act('POST', `/repos/${w.repo.fullName}/issues/2/comments`, { body: 'A reply on GitHub' });
    const commented = await mine.next((e) => e.event === 'comment');
    expect(commented.data).toEqual({ issueId: await issueIdOf(2), repositoryId: w.repo.id });

    // The other workspace's stream is fed by the same listening connection, in the same order:
    // by now it would have had them.
    expect(theirs.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('reaches a stream served by another process on the same database', async () => {
    const elsewhere = await open(b, { token: w.owner.token, query: `workspace=${w.workspaceId}` });
    expect(elsewhere.status).toBe(200);
    await elsewhere.next((e) => e.event === 'ready');
    await nextSecond();
    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/2`, { state: 'closed' });
    const issueId = await issueIdOf(2);
    expect((await elsewhere.next((e) => e.event === 'issue' && e.data.issueId === issueId)).data).toEqual({ issueId, repositoryId: w.repo.id });
  });

  it("a write through the service is told too, in the writer's own process and the other", async () => {
    const here = await open(a, { token: w.owner.token, workspaceId: w.workspaceId });
    const there = await open(b, { token: w.owner.token, workspaceId: w.workspaceId });
    await Promise.all([here.next((e) => e.event === 'ready'), there.next((e) => e.event === 'ready')]);
    const issueId = await issueIdOf(1);
    await nextSecond();
    const edited = await call('PATCH', `/v1/issues/${issueId}`, { token: w.owner.token, workspaceId: w.workspaceId, body: { title: 'Renamed in svc' } });
    expect(edited.status, edited.text).toBe(200);
    for (const stream of [here, there]) await stream.next((e) => e.event === 'issue' && e.data.issueId === issueId);
  });

  it("a project card's values are part of its issue: a card reaching the cache tells of its issue", async () => {
    const stream = await open(a, { token: w.owner.token, workspaceId: w.workspaceId });
    await stream.next((e) => e.event === 'ready');
    const project = gh.control.createProject({ owner: w.org, title: 'Live board', workflowStatusOnAdd: null, fields: [{ name: 'Notes', dataType: 'TEXT' }] });
    gh.control.addProjectItem(w.org, project.number, { repo: w.repo.fullName, issue: 2 });
    const { job } = await a.database.db.transaction((tx) => syncJobStore.openWorkspaceWalk(tx, { id: randomUUID(), workspaceId: w.workspaceId, kind: 'projects_backfill' }));
    expect(await runProjectsBackfill(a.services, job.id)).toBe('done');
    const issueId = await issueIdOf(2);
    expect((await stream.next((e) => e.event === 'issue' && e.data.issueId === issueId)).data).toEqual({ issueId, repositoryId: w.repo.id });
  });

  it("a project mirrored, and its cards' changes, reach the streams of those who may read projects, a draft's card too, and not a key without projects:read", async () => {
    // The same access as the project list.
    expect(PROJECT_EVENT_ACCESS).toEqual(routeTable.find((r) => r.operationId === 'listProjects')!.access);
    const readers = [
      await open(a, { token: w.owner.token, workspaceId: w.workspaceId }),
      await open(b, { token: (await issueKey(call, w.owner, w.workspaceId, ['issues:read', 'projects:read'], 'a board reader')).key }),
    ];
    const issuesOnly = await open(a, { token: (await issueKey(call, w.owner, w.workspaceId, ['issues:read'], 'issues alone')).key });
    const theirs = await open(a, { token: other.owner.token, workspaceId: other.workspaceId });
    for (const stream of [...readers, issuesOnly, theirs]) await stream.next((e) => e.event === 'ready');

    // A project that holds only a draft: no issue of the cache is its card, so only `project` tells of it.
    const made = gh.control.createProject({ owner: w.org, title: 'Drafts only', workflowStatusOnAdd: null, fields: [] });
    gh.control.addProjectItem(w.org, made.number, { draftTitle: 'An idea' });
    const walk = async () => {
      const { job } = await a.database.db.transaction((tx) => syncJobStore.openWorkspaceWalk(tx, { id: randomUUID(), workspaceId: w.workspaceId, kind: 'projects_backfill' }));
      expect(await runProjectsBackfill(a.services, job.id)).toBe('done');
    };
    await walk();
    const { rows } = await a.database.pool.query<{ id: string }>('select id from projects where workspace_id = $1 and title = $2', [w.workspaceId, 'Drafts only']);
    const projectId = rows[0]!.id;
    for (const stream of readers) expect((await stream.next((e) => e.event === 'project' && e.data.projectId === projectId)).data).toEqual({ projectId });

    // A card's change alone (one statement on project_items) tells of its project.
    const seen = readers.map((s) => s.events.length);
    await a.database.pool.query('update project_items set position = position where project_id = $1', [projectId]);
    for (const [i, stream] of readers.entries()) await stream.next((e) => stream.events.indexOf(e) >= seen[i]! && e.event === 'project' && e.data.projectId === projectId);

    // A fence: an issue's notice of a later transaction reaches every stream after the projects'.
    const one = await issueIdOf(1);
    await a.database.pool.query('update issues set locked = locked where id = $1', [one]);
    for (const stream of [...readers, issuesOnly]) await stream.next((e) => e.event === 'issue' && e.data.issueId === one);
    expect(issuesOnly.events.filter((e) => e.event === 'project')).toEqual([]);
    expect(theirs.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('many issues changed by one statement are one notice about the repository', async () => {
    const stream = await open(a, { token: w.owner.token, workspaceId: w.workspaceId });
    await stream.next((e) => e.event === 'ready');
    // 25 issues, each told alone as its webhook is applied...
    for (let i = 0; i < 23; i++) await w.act('POST', `/repos/${w.repo.fullName}/issues`, { title: `Bulk ${i}` });
    await gh.control.webhooksIdle();
    const before = stream.events.length;
    // ...then all of them in one statement (as a backfill page or a renamed label writes them).
    const { rowCount } = await a.database.pool.query('update issues set locked = locked where repository_id = $1', [w.repo.id]);
    expect(rowCount).toBe(25);
    // (The worker may still be telling of an issue of its own now and then: only the notices about
    // many issues are counted.)
    const since = (from: number) => (e: StreamEvent) => stream.events.indexOf(e) >= from && e.event === 'issue';
    const many = (e: StreamEvent) => e.data.issueId === null;
    expect((await stream.next((e) => since(before)(e) && many(e))).data).toEqual({ issueId: null, repositoryId: w.repo.id });
    // A fence: a notice of a later transaction arrives after everything the update sent.
    const fence = stream.events.length;
    const one = await issueIdOf(1);
    await a.database.pool.query(`update issues set locked = locked where id = $1`, [one]);
    await stream.next((e) => since(fence)(e) && e.data.issueId === one);
    expect(stream.events.slice(before).filter(many)).toHaveLength(1);
  });
});

describe("a portal's requests", () => {
  it("a customer's submission reaches the streams of those who may read requests, as the request's and the portal's ids, and no viewer's", async () => {
    // The same access as the request lists.
    expect(REQUEST_EVENT_ACCESS).toEqual(routeTable.find((r) => r.operationId === 'listRequests')!.access);
    expect(REQUEST_EVENT_ACCESS).toEqual(routeTable.find((r) => r.operationId === 'listPortalRequests')!.access);

    const as = { token: w.owner.token, workspaceId: w.workspaceId };
    const portal = await call('POST', '/v1/portals', { ...as, body: { name: 'Live help', slug: `live-${randomUUID().slice(0, 8)}`, access: 'open', defaultVisibility: 'public' } });
    expect(portal.status, portal.text).toBe(201);
    const type = await call('POST', `/v1/portals/${portal.body.id}/request-types`, { ...as, body: { name: 'Question', form: [], destination: { repositoryId: w.repo.id } } });
    expect(type.status, type.text).toBe(201);
    const onPortal = hostClient(a.url, portal.body.host);
    const signedUp = await onPortal('POST', '/portal/auth/sign-up/email', { body: { name: 'Live Customer', email: `live-${randomUUID().slice(0, 8)}@customer.test`, password: 'correct horse battery' } });
    expect(signedUp.status, signedUp.text).toBe(200);

    const viewer = await addMember(call, smtp, w.owner, w.workspaceId, 'viewer');
    const member = await addMember(call, smtp, w.owner, w.workspaceId, 'member');
    const issuesOnly = await issueKey(call, w.owner, w.workspaceId, ['issues:read'], 'issues only');
    const requestsToo = await issueKey(call, w.owner, w.workspaceId, ['issues:read', 'requests:read'], 'issues and requests');
    const members = [await open(a, { token: member.token, workspaceId: w.workspaceId }), await open(b, { token: requestsToo.key })];
    const others = [await open(a, { token: viewer.token, workspaceId: w.workspaceId }), await open(b, { token: issuesOnly.key })];
    for (const stream of [...members, ...others]) {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'ready');
    }

    const submitted = await onPortal('POST', '/portal/requests', { token: signedUp.headers.get('set-auth-token')!, body: { requestTypeId: type.body.id, title: 'Held for a moment', values: {} } });
    expect(submitted.status, submitted.text).toBe(201);
    const held = (await call('GET', `/v1/requests?portalId=${portal.body.id}&held=true`, as)).body.data;
    expect(held.map((r: { reference: string }) => r.reference)).toEqual([submitted.body.reference]);
    const requestId = held[0].id as string;
    for (const stream of members) {
      expect((await stream.next((e) => e.event === 'request' && e.data.requestId === requestId)).data).toEqual({ requestId, portalId: portal.body.id });
    }
    // Rejecting it changes its state: told again.
    const seen = members[0].events.length;
    expect((await call('POST', `/v1/portals/${portal.body.id}/requests/${requestId}/reject`, as)).status).toBe(200);
    await members[0].next((e) => members[0].events.indexOf(e) >= seen && e.event === 'request' && e.data.requestId === requestId);

    // A fence: an issue's notice of a later transaction reaches every stream after the request's.
    const one = await issueIdOf(1);
    await a.database.pool.query('update issues set locked = locked where id = $1', [one]);
    for (const stream of others) await stream.next((e) => e.event === 'issue' && e.data.issueId === one);
    for (const stream of others) expect(stream.events.filter((e) => e.event === 'request')).toEqual([]);
  });
});

describe("a person's notifications", () => {
  it("reach that person's own streams (a session's, and a key of theirs) when one arrives and when it is marked read, and nobody else's in the workspace or outside it", async () => {
    // The same access as the inbox.
    expect(NOTIFICATION_EVENT_ACCESS).toEqual(routeTable.find((r) => r.operationId === 'listNotifications')!.access);

    // Admins, so that each may issue keys, which act for them.
    const follower = await addMember(call, smtp, w.owner, w.workspaceId, 'admin', 'Follower');
    const colleague = await addMember(call, smtp, w.owner, w.workspaceId, 'admin', 'Colleague');
    const as = { token: follower.token, workspaceId: w.workspaceId };
    const issueId = await issueIdOf(2);
    expect((await call('PUT', `/v1/issues/${issueId}/follow`, as)).status).toBe(200);
    // A key acts for the person it was issued to, and every key holds self:read, as the inbox reads.
    const key = await issueKey(call, follower, w.workspaceId, ['issues:read'], "the follower's");
    const colleaguesKey = await issueKey(call, colleague, w.workspaceId, ['issues:read'], "the colleague's");
    const recipient = [await open(a, as), await open(b, { token: key.key })];
    const others = [
      await open(a, { token: colleague.token, workspaceId: w.workspaceId }),
      await open(b, { token: colleaguesKey.key }),
      await open(a, { token: w.owner.token, workspaceId: w.workspaceId }),
      await open(a, { token: other.owner.token, workspaceId: other.workspaceId }),
    ];
    for (const stream of [...recipient, ...others]) {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'ready');
    }
    const unread = async () => (await call('GET', '/v1/notifications?unread=true&limit=10', as)).body.data as Array<{ id: string; kind: string }>;
    const after = (stream: EventStreamAnswer, from: number) => (e: StreamEvent) => stream.events.indexOf(e) >= from && e.event === 'notification';

    // A comment on GitHub on the issue the follower follows: one notification, told as its id.
    await w.act('POST', `/repos/${w.repo.fullName}/issues/2/comments`, { body: 'For the followers' });
    await expect.poll(async () => (await unread()).length).toBe(1);
    const [first] = await unread();
    expect(first!.kind).toBe('comment');
    for (const stream of recipient) {
      expect((await stream.next((e) => e.event === 'notification')).data).toEqual({ notificationId: first!.id });
    }

    // Marked read: told again, to every stream of the person.
    let seen = recipient.map((s) => s.events.length);
    const marked = await call('POST', '/v1/notifications/read', { ...as, body: { notificationIds: [first!.id] } });
    expect(marked.body).toEqual({ marked: 1, unreadCount: 0 });
    for (const [i, stream] of recipient.entries()) {
      expect((await stream.next(after(stream, seen[i]!))).data).toEqual({ notificationId: first!.id });
    }

    // Two more, then all marked read in one statement: one event for the person, naming none.
    await w.act('POST', `/repos/${w.repo.fullName}/issues/2/comments`, { body: 'Once more' });
    await w.act('POST', `/repos/${w.repo.fullName}/issues/2/comments`, { body: 'And again' });
    await expect.poll(async () => (await unread()).length).toBe(2);
    for (const { id } of await unread()) for (const stream of recipient) await stream.next((e) => e.event === 'notification' && e.data.notificationId === id);
    seen = recipient.map((s) => s.events.length);
    expect((await call('POST', '/v1/notifications/read', { ...as, body: { all: true } })).body).toEqual({ marked: 2, unreadCount: 0 });
    for (const [i, stream] of recipient.entries()) expect((await stream.next(after(stream, seen[i]!))).data).toEqual({ notificationId: null });

    // A fence: an issue's notice of a later transaction reaches every stream after the notifications'
    // (the other workspace's stream is fed by the same listening connection as the colleague's, in the same order).
    const one = await issueIdOf(1);
    await a.database.pool.query('update issues set locked = locked where id = $1', [one]);
    for (const stream of [...recipient, ...others.slice(0, 3)]) await stream.next((e) => e.event === 'issue' && e.data.issueId === one);
    for (const [i, stream] of recipient.entries()) expect(stream.events.filter(after(stream, seen[i]!))).toHaveLength(1);
    for (const stream of others) expect(stream.events.filter((e) => e.event === 'notification')).toEqual([]);
  });
});

describe('credentials and tenancy, as on every route', () => {
  it('no credential is 401, another tenant named by the parameter or the header is 404, a key without issues:read is 403', async () => {
    const none = await open(a, { query: `workspace=${w.workspaceId}` });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');

    const byParameter = await open(a, { token: other.owner.token, query: `workspace=${w.workspaceId}` });
    expect(byParameter.status).toBe(404);
    expect(byParameter.body.error.code).toBe('not_found');
    const byHeader = await open(a, { token: other.owner.token, workspaceId: w.workspaceId });
    expect(byHeader.status).toBe(404);

    const narrow = await issueKey(call, w.owner, w.workspaceId, ['views:read'], 'views only');
    const refused = await open(a, { token: narrow.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('issues:read');
    const reader = await issueKey(call, w.owner, w.workspaceId, ['issues:read'], 'issues reader');
    const allowed = await open(a, { token: reader.key });
    expect(allowed.status).toBe(200);
    expect((await allowed.next((e) => e.event === 'ready')).data).toEqual({ workspaceId: w.workspaceId });
  });

  it('the parameter and the header must agree, and the parameter must be a workspace id (422)', async () => {
    const disagree = await open(a, { token: w.owner.token, workspaceId: w.workspaceId, query: `workspace=${other.workspaceId}` });
    expect(disagree.status).toBe(422);
    expect(disagree.body.error.detail).toEqual({ header: 'X-Workspace-Id', query: 'workspace' });
    const malformed = await open(a, { token: w.owner.token, query: 'workspace=nope' });
    expect(malformed.status).toBe(422);
  });

  it('a session cookie works, as a browser sends it with an EventSource', async () => {
    const signedIn = await call('POST', '/auth/sign-in/email', { body: { email: w.owner.email, password: 'correct horse battery' } });
    const cookie = signedIn.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
    const stream = await open(a, { cookie, query: `workspace=${w.workspaceId}` });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
  });

  it('HEAD answers the headers and leaves no stream open', async () => {
    const before = a.services.changes.size;
    const res = await fetch(`${a.url}/v1/events?workspace=${w.workspaceId}`, { method: 'HEAD', headers: { authorization: `Bearer ${w.owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(a.services.changes.size).toBe(before);
  });
});

describe('a stream ends when its credential stops passing', () => {
  it('after sign-out, with an end event saying why', async () => {
    const signedIn = await call('POST', '/auth/sign-in/email', { body: { email: w.owner.email, password: 'correct horse battery' } });
    const token = signedIn.headers.get('set-auth-token')!;
    const here = await open(a, { token, workspaceId: w.workspaceId });
    // The process the sign-out does not reach directly learns of it from the notice.
    const there = await open(b, { token, workspaceId: w.workspaceId });
    await Promise.all([here.next((e) => e.event === 'ready'), there.next((e) => e.event === 'ready')]);
    const out = await call('POST', '/auth/sign-out', { token, headers: { origin: APP_ORIGIN } });
    expect(out.status, out.text).toBe(200);
    for (const stream of [here, there]) {
      expect((await stream.next((e) => e.event === 'end')).data.code).toBe('unauthenticated');
      await stream.ended;
    }
  });

  it('when the API key is revoked, or the membership removed', async () => {
    const key = await issueKey(call, w.owner, w.workspaceId, [], 'to revoke');
    const byKey = await open(b, { token: key.key });
    const member = await addMember(call, smtp, w.owner, w.workspaceId, 'viewer');
    const byMember = await open(b, { token: member.token, workspaceId: w.workspaceId });
    await Promise.all([byKey.next((e) => e.event === 'ready'), byMember.next((e) => e.event === 'ready')]);

    expect((await call('DELETE', `/v1/api-keys/${key.id}`, { token: w.owner.token, workspaceId: w.workspaceId })).status).toBe(200);
    expect((await byKey.next((e) => e.event === 'end')).data.code).toBe('unauthenticated');
    await byKey.ended;
    expect(byMember.isEnded()).toBe(false);

    expect((await call('DELETE', `/v1/members/${member.membershipId}`, { token: w.owner.token, workspaceId: w.workspaceId })).status).toBe(200);
    expect((await byMember.next((e) => e.event === 'end')).data.code).toBe('not_found');
    await byMember.ended;
  });
});

describe('the listening connection', () => {
  it('is opened again when lost, and open streams are told to read everything again (resync)', async () => {
    const stream = await open(b, { token: w.owner.token, workspaceId: w.workspaceId });
    await stream.next((e) => e.event === 'ready');
    const listener = (b.services.changes as unknown as { client: { processID: number } }).client;
    await a.database.pool.query('select pg_terminate_backend($1)', [listener.processID]);
    await stream.next((e) => e.event === 'resync');
    await nextSecond();
    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/1`, { title: 'After the feed came back' });
    const issueId = await issueIdOf(1);
    await stream.next((e) => e.event === 'issue' && e.data.issueId === issueId);
  });
});

describe('closing', () => {
  it("a process that shuts down ends its streams (and is not held open by them); the clients' next connection goes elsewhere", async () => {
    const c = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
    const stream = await open(c, { token: w.owner.token, workspaceId: w.workspaceId });
    await stream.next((e) => e.event === 'ready');
    await c.close();
    await stream.ended;
    expect(stream.events.map((e) => e.event)).toEqual(['ready']);
  });
});
