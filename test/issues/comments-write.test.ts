import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { PUBLIC_MARKER } from '../../src/modules/work/issues/comment-visibility.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache } from './cache-fixture.js';
import { buildWriteWorld, localStateOf, type WriteWorld } from './write-world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;
let w: WriteWorld;
let issueId: string;

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  w = await buildWriteWorld(t, gh, call, smtp, 'cw', 2);
  issueId = w.issueIds.get(1)!;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

const as = (token: string) => (method: string, path: string, body?: unknown) => call(method, path, { token, workspaceId: w.workspaceId, body });
const ghComment = (codehostId: number) => act<Record<string, any>>(gh, 'cw-ada', 'GET', `/repos/cw/app/issues/comments/${codehostId}`);
const codehostIdOf = async (commentId: string) => Number((await t.database.pool.query('select codehost_id from comments where id = $1', [commentId])).rows[0].codehost_id);
const listed = async () => (await as(w.ownerToken)('GET', `/v1/issues/${issueId}/comments?limit=100`)).body.data as Array<Record<string, any>>;

describe('comments written through the service', () => {
  it('adds internal and public comments as the bot, with activity and audit', async () => {
    const internal = await as(w.ownerToken)('POST', `/v1/issues/${issueId}/comments`, { body: 'Only for us' });
    expect(internal.status, internal.text).toBe(201);
    expect(internal.body).toMatchObject({ body: 'Only for us', visibility: 'internal', author: { login: 'svc-emulated[bot]', type: 'Bot' } });
    const pub = await as(w.ownerToken)('POST', `/v1/issues/${issueId}/comments`, { body: 'Fixed, thanks', visibility: 'public' });
    expect(pub.status, pub.text).toBe(201);
    expect(pub.body.visibility).toBe('public');
    expect((await ghComment(await codehostIdOf(pub.body.id))).body).toBe(`Fixed, thanks\n\n${PUBLIC_MARKER}`);
    expect((await listed()).map((c) => [c.body, c.visibility])).toEqual([['Only for us', 'internal'], ['Fixed, thanks', 'public']]);
    // `mine` tells the caller which comments they may edit and delete: the writer's, nobody else's.
    expect([internal.body.mine, pub.body.mine]).toEqual([true, true]);
    expect((await listed()).map((c) => c.mine)).toEqual([true, true]);
    const byColleague = (await as(w.memberToken)('GET', `/v1/issues/${issueId}/comments?limit=100`)).body.data as Array<Record<string, any>>;
    expect(byColleague.map((c) => c.mine)).toEqual([false, false]);
    const activity = (await as(w.ownerToken)('GET', `/v1/issues/${issueId}/activity`)).body.data;
    expect(activity.map((a: { action: string }) => a.action)).toEqual(['comment.added', 'comment.added']);
    expect(activity[0].detail).toMatchObject({ commentId: pub.body.id, visibility: 'public', codehostAuthor: { as: 'app' } });
    const issue = await as(w.ownerToken)('GET', `/v1/issues/${issueId}`);
    expect(issue.body.commentsCount).toBe(2);
  });

  it('lets the author edit their own public comment and keeps it public; a colleague is refused', async () => {
    const pub = (await listed()).find((c) => c.visibility === 'public')!;
    const colleague = await as(w.memberToken)('PATCH', `/v1/issues/${issueId}/comments/${pub.id}`, { body: 'Hijacked' });
    expect(colleague.status, colleague.text).toBe(403);
    expect(colleague.body.error.code).toBe('forbidden');
    const before = await localStateOf(t, issueId);

    const edited = await as(w.ownerToken)('PATCH', `/v1/issues/${issueId}/comments/${pub.id}`, { body: 'Fixed in 2.1, thanks' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ id: pub.id, body: 'Fixed in 2.1, thanks', visibility: 'public', mine: true });
    expect((await ghComment(await codehostIdOf(pub.id))).body).toBe(`Fixed in 2.1, thanks\n\n${PUBLIC_MARKER}`);
    expect((await localStateOf(t, issueId)).comments).not.toEqual(before.comments);
    const [latest] = (await as(w.ownerToken)('GET', `/v1/issues/${issueId}/activity?limit=1`)).body.data;
    expect(latest).toMatchObject({ action: 'comment.edited', detail: { before: 'Fixed, thanks', after: 'Fixed in 2.1, thanks', visibility: 'public' } });
  });

  it('a failed edit changes nothing locally', async () => {
    const pub = (await listed()).find((c) => c.visibility === 'public')!;
    const before = await localStateOf(t, issueId);
    gh.control.addFault({ method: 'PATCH', path: `/repos/cw/app/issues/comments/${await codehostIdOf(pub.id)}`, status: 502 });
    const res = await as(w.ownerToken)('PATCH', `/v1/issues/${issueId}/comments/${pub.id}`, { body: 'Lost' });
    expect(res.status).toBe(503);
    expect(await localStateOf(t, issueId)).toEqual(before);
  });

  it('deletes only its own author’s comment', async () => {
    const internal = (await listed()).find((c) => c.visibility === 'internal')!;
    const colleague = await as(w.memberToken)('DELETE', `/v1/issues/${issueId}/comments/${internal.id}`);
    expect(colleague.status).toBe(403);
    const codehostId = await codehostIdOf(internal.id);
    expect((await gh.control.act('cw-ada', 'GET', `/repos/cw/app/issues/comments/${codehostId}`)).status).toBe(200);
    const own = await as(w.ownerToken)('DELETE', `/v1/issues/${issueId}/comments/${internal.id}`);
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ ok: true });
    const gone = await gh.control.act('cw-ada', 'GET', `/repos/cw/app/issues/comments/${codehostId}`);
    expect(gone.status).toBe(404);
    expect((await listed()).map((c) => c.id)).not.toContain(internal.id);
    const [latest] = (await as(w.ownerToken)('GET', `/v1/issues/${issueId}/activity?limit=1`)).body.data;
    expect(latest.action).toBe('comment.deleted');
    const again = await as(w.ownerToken)('DELETE', `/v1/issues/${issueId}/comments/${internal.id}`);
    expect(again.status).toBe(404);
  });
});

describe('comments written on the code host', () => {
  it('a marker typed by a person on the code host is ignored; their linked account may edit its own comment', async () => {
    await act(gh, 'cw-bob', 'POST', '/repos/cw/app/issues/2/comments', { body: `I declare this public\n\n${PUBLIC_MARKER}` });
    await act(gh, 'cw-ada', 'POST', '/repos/cw/app/issues/2/comments', { body: 'Ada on GitHub' });
    await fillCache(t, gh, w.workspaceId, w.installationId, { 'cw/app': w.repoIds.app });
    const id2 = w.issueIds.get(2)!;
    const comments = (await as(w.ownerToken)('GET', `/v1/issues/${id2}/comments`)).body.data as Array<Record<string, any>>;
    expect(comments.map((c) => [c.body, c.visibility])).toEqual([['I declare this public', 'internal'], ['Ada on GitHub', 'internal']]);
    // Authored on the code host: each is `mine` for the member whose linked account wrote it.
    expect(comments.map((c) => c.mine)).toEqual([false, true]);
    const asBob = (await as(w.memberToken)('GET', `/v1/issues/${id2}/comments`)).body.data as Array<Record<string, any>>;
    expect(asBob.map((c) => c.mine)).toEqual([true, false]);

    // Bob's comment belongs to the member linked as cw-bob, not to the owner.
    const bobs = await as(w.ownerToken)('PATCH', `/v1/issues/${id2}/comments/${comments[0].id}`, { body: 'Not yours' });
    expect(bobs.status).toBe(403);
    const own = await as(w.memberToken)('PATCH', `/v1/issues/${id2}/comments/${comments[0].id}`, { body: 'Edited by Bob' });
    expect(own.status, own.text).toBe(200);
    // It was never public, so no marker is sent.
    expect(own.body.visibility).toBe('internal');
    expect((await ghComment(await codehostIdOf(comments[0].id))).body).toBe('Edited by Bob');
    const ada = await as(w.ownerToken)('PATCH', `/v1/issues/${id2}/comments/${comments[1].id}`, { body: 'Ada edited' });
    expect(ada.status, ada.text).toBe(200);
  });
});
