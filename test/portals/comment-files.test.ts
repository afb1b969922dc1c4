import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation, restList } from '../issues/cache-fixture.js';

/**
 * Files on comments (decision 0086): a customer's comment and a member's reply carry the uploader's
 * own free uploads; the portal lists the files of public comments with fresh links, never an
 * internal note's; the code host links them, by number only where the request's words stay here.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const octets = { 'content-type': 'application/octet-stream' };

let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; host: string };
let org: string;
let installationId: number;
/** One organisation's two repositories: `vault` private (customers' words go there), `web` public (a private request's words stay here). */
const repo = { private: { name: 'vault', id: '' }, public: { name: 'web', id: '' } };
const privateRepo = repo.private;
const publicRepo = repo.public;
let privateType: string;
let publicType: string;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = () => hostClient(t.url, portal.host);

async function invited(name: string) {
  const email = `${unique('cf')}@customer.test`;
  await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name } });
  const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
  return { token: (await on()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`)).body.token as string };
}

async function customerUpload(who: { token: string }, filename: string, bytes: Buffer) {
  const res = await on()('POST', `/portal/attachments?filename=${filename}`, { token: who.token, headers: octets, body: bytes });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function download(url: string) {
  // The link names the service's public address; this test's service listens elsewhere.
  const link = new URL(url);
  const res = await fetch(`${t.url}${link.pathname}${link.search}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function codehostComments(which: { name: string }, number: number) {
  return restList<Record<string, any>>(gh, gh.control.installationToken(installationId).token, `/repos/${org}/${which.name}/issues/${number}/comments?per_page=100`);
}

/** A filed request of this customer, with the member's view of its issue. */
async function filed(who: { token: string }, typeId: string, title: string) {
  const made = await on()('POST', '/portal/requests', { token: who.token, body: { requestTypeId: typeId, title, values: {} } });
  expect(made.status, made.text).toBe(201);
  const list = await call('GET', `/v1/portals/${portal.id}/requests?limit=100`, as());
  const member = list.body.data.find((r: { reference: string }) => r.reference === made.body.reference);
  return { reference: made.body.reference as string, issue: member.issue as { id: string; number: number } };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), attachments: { maxBytes: 1024 * 1024, types: ['image/png', 'text/plain'] } });
  call = httpClient(t.url);
  owner = await signUp(call, 'Reply writer');
  ws = await createWorkspace(call, owner, 'Comment files');
  org = unique('cforg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  installationId = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'web', private: false });
  gh.control.createRepo({ owner: org, name: 'vault', private: true });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues`, { title: 'Seed' });
  const ids = await recordInstallation(t, gh, ws.id, installationId);
  await fillCache(t, gh, ws.id, installationId, ids);
  repo.public.id = ids[`${org}/web`]!;
  repo.private.id = ids[`${org}/vault`]!;
  await t.database.pool.query('update repositories set sync_enabled = true where id = any($1::uuid[])', [[repo.public.id, repo.private.id]]);
  portal = (await call('POST', '/v1/portals', { ...as(), body: { name: 'Files help', slug: unique('cf').toLowerCase(), access: 'invite_only', defaultVisibility: 'private' } })).body;
  privateType = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Bug', destination: { repositoryId: privateRepo.id } } })).body.id;
  publicType = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: publicRepo.id } } })).body.id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('files on comments', () => {
  it("a customer's comment carries two files: the portal lists them with working links, GitHub's comment links them", async () => {
    const ada = await invited('Ada Commenter');
    const request = await filed(ada, privateType, 'Comment with files');
    const notes = await customerUpload(ada, 'notes.txt', Buffer.from('Steps:\n1. click\n'));
    const shot = await customerUpload(ada, 'shot.png', PNG);

    const posted = await on()('POST', `/portal/requests/${request.reference}/comments`, { token: ada.token, body: { body: 'Here is what I see', attachmentIds: [notes, shot] } });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.attachments.map((a: { id: string }) => a.id)).toEqual([notes, shot]);

    const listed = await on()('GET', `/portal/requests/${request.reference}/comments`, { token: ada.token });
    expect(listed.status, listed.text).toBe(200);
    const mine = listed.body.data.find((c: { id: string }) => c.id === posted.body.id);
    expect(mine.body).toBe('Here is what I see');
    expect(mine.attachments).toEqual([
      { id: notes, filename: 'notes.txt', contentType: 'text/plain', size: 16, url: expect.any(String), expiresAt: expect.any(String) },
      { id: shot, filename: 'shot.png', contentType: 'image/png', size: PNG.length, url: expect.any(String), expiresAt: expect.any(String) },
    ]);
    expect((await download(mine.attachments[0].url)).bytes.toString()).toBe('Steps:\n1. click\n');
    expect((await download(mine.attachments[1].url)).bytes.equals(PNG)).toBe(true);

    const onGitHub = (await codehostComments(privateRepo, request.issue.number)).at(-1)!;
    expect(onGitHub.body).toContain(`[notes.txt](`);
    expect(onGitHub.body).toContain(`/v1/attachments/${notes}/open`);
    expect(onGitHub.body).toContain(`/v1/attachments/${shot}/open`);

    // The team reads the comment with its files, and the text (with its attribution line) without the files' section.
    const team = await call('GET', `/v1/issues/${request.issue.id}/comments`, as());
    const teamSide = team.body.data.find((c: { id: string }) => c.id === posted.body.id);
    expect(teamSide.body).toMatch(/^Here is what I see\n\n---\n\n<sub>Posted by \*\*Ada Commenter\*\*/);
    expect(teamSide.body).not.toContain('svc:files');
    expect(teamSide.attachments.map((a: { filename: string }) => a.filename)).toEqual(['notes.txt', 'shot.png']);

    // Their data lists the files as on a comment of that request.
    const data = await on()('GET', '/portal/me/data', { token: ada.token });
    expect(data.body.attachments).toEqual(
      expect.arrayContaining([expect.objectContaining({ filename: 'notes.txt', reference: request.reference, attachedTo: 'comment' }), expect.objectContaining({ filename: 'shot.png', reference: request.reference, attachedTo: 'comment' })]),
    );
  });

  it("refuses someone else's upload, one already attached, eleven files and another workspace's upload, and posts nothing", async () => {
    const bea = await invited('Bea Refused');
    const other = await invited('Olga Other');
    const request = await filed(bea, privateType, 'Refused files');
    const theirs = await customerUpload(other, 'theirs.txt', Buffer.from('not yours\n'));
    const used = await customerUpload(bea, 'used.txt', Buffer.from('used once\n'));
    const first = await on()('POST', `/portal/requests/${request.reference}/comments`, { token: bea.token, body: { body: 'First', attachmentIds: [used] } });
    expect(first.status, first.text).toBe(201);
    const memberUpload = (await call('POST', '/v1/attachments?filename=team.txt', { ...as(), headers: octets, body: Buffer.from('team file\n') })).body.id as string;
    const stranger = await signUp(call, 'Stranger');
    const elsewhere = await createWorkspace(call, stranger, 'Elsewhere');
    const foreign = (await call('POST', '/v1/attachments?filename=far.txt', { token: stranger.token, workspaceId: elsewhere.id, headers: octets, body: Buffer.from('far away\n') })).body.id as string;
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => customerUpload(bea, `f${i}.txt`, Buffer.from(`file ${i}\n`))));

    const before = (await codehostComments(privateRepo, request.issue.number)).length;
    for (const [attachmentIds, field] of [
      [[theirs], 'attachmentIds[0]'],
      [[used], 'attachmentIds[0]'],
      [[eleven[0], memberUpload], 'attachmentIds[1]'],
      [[foreign], 'attachmentIds[0]'],
      [eleven, undefined],
      [[eleven[0], eleven[0]], 'attachmentIds[1]'],
    ] as const) {
      const res = await on()('POST', `/portal/requests/${request.reference}/comments`, { token: bea.token, body: { body: 'Should not post', attachmentIds } });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
      if (field) expect(res.body.error.detail.field).toBe(field);
    }
    // A member cannot attach a customer's upload, nor another workspace's.
    for (const id of [theirs, foreign]) {
      const res = await call('POST', `/v1/issues/${request.issue.id}/comments`, { ...as(), body: { body: 'Should not post either', visibility: 'public', attachmentIds: [id] } });
      expect(res.status, res.text).toBe(422);
    }
    expect((await codehostComments(privateRepo, request.issue.number)).length).toBe(before);
    const { rows } = await t.database.pool.query('select count(*)::int as n from attachments where id = any($1) and comment_codehost_id is not null', [[theirs, memberUpload, foreign, ...eleven]]);
    expect(rows[0].n).toBe(0);
  });

  it("a team's public reply shows its file to the customer; an internal note's file never reaches the portal", async () => {
    const cid = await invited('Cid Reader');
    const request = await filed(cid, privateType, 'Team files');
    const upload = async (name: string, text: string) => (await call('POST', `/v1/attachments?filename=${name}`, { ...as(), headers: octets, body: Buffer.from(text) })).body.id as string;
    const guide = await upload('guide.txt', 'How to fix it\n');
    const secret = await upload('internal.txt', 'team only\n');

    const reply = await call('POST', `/v1/issues/${request.issue.id}/comments`, { ...as(), body: { body: 'Try this guide', visibility: 'public', attachmentIds: [guide] } });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.attachments.map((a: { id: string }) => a.id)).toEqual([guide]);
    const note = await call('POST', `/v1/issues/${request.issue.id}/comments`, { ...as(), body: { body: 'Between us', visibility: 'internal', attachmentIds: [secret] } });
    expect(note.status, note.text).toBe(201);

    const portalSide = await on()('GET', `/portal/requests/${request.reference}/comments`, { token: cid.token });
    expect(portalSide.body.data.map((c: { body: string }) => c.body)).toEqual(['Try this guide']);
    const files = portalSide.body.data[0].attachments;
    expect(files.map((a: { filename: string }) => a.filename)).toEqual(['guide.txt']);
    expect((await download(files[0].url)).bytes.toString()).toBe('How to fix it\n');
    expect(JSON.stringify(portalSide.body)).not.toContain(secret);
    expect(JSON.stringify(portalSide.body)).not.toContain('internal.txt');
    expect((await on()('GET', `/portal/attachments/${secret}/link`, { token: cid.token })).status).toBe(404);

    // The team sees both, each with its files; GitHub's comments link them by name.
    const team = await call('GET', `/v1/issues/${request.issue.id}/comments`, as());
    const byBody = Object.fromEntries(team.body.data.map((c: { body: string; attachments: Array<{ filename: string }> }) => [c.body, c.attachments.map((a) => a.filename)]));
    expect(byBody).toMatchObject({ 'Try this guide': ['guide.txt'], 'Between us': ['internal.txt'] });
    const onGitHub = (await codehostComments(privateRepo, request.issue.number)).map((c) => c.body as string);
    expect(onGitHub.some((b) => b.includes('[guide.txt](') && b.includes(`/v1/attachments/${guide}/open`))).toBe(true);

    // Editing keeps the files linked on GitHub.
    const edited = await call('PATCH', `/v1/issues/${request.issue.id}/comments/${reply.body.id}`, { ...as(), body: { body: 'Try this guide, updated' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.body).toBe('Try this guide, updated');
    expect(edited.body.attachments.map((a: { id: string }) => a.id)).toEqual([guide]);
    expect((await codehostComments(privateRepo, request.issue.number)).some((c) => (c.body as string).includes('updated') && (c.body as string).includes(`/v1/attachments/${guide}/open`))).toBe(true);
  });

  it("a comment on a request whose words stay here sends no file name to GitHub", async () => {
    const dee = await invited('Dee Sealed');
    const request = await filed(dee, publicType, 'Sealed with files');
    const file = await customerUpload(dee, 'payroll-march.txt', Buffer.from('salaries\n'));
    const posted = await on()('POST', `/portal/requests/${request.reference}/comments`, { token: dee.token, body: { body: 'My payroll file', attachmentIds: [file] } });
    expect(posted.status, posted.text).toBe(201);

    const onGitHub = (await codehostComments(publicRepo, request.issue.number)).at(-1)!.body as string;
    expect(onGitHub).not.toContain('payroll');
    expect(onGitHub).not.toContain('My payroll file');
    expect(onGitHub).toContain(`[1](`);
    expect(onGitHub).toContain(`/v1/attachments/${file}/open`);

    const listed = await on()('GET', `/portal/requests/${request.reference}/comments`, { token: dee.token });
    const mine = listed.body.data.find((c: { id: string }) => c.id === posted.body.id);
    expect(mine.body).toBe('My payroll file');
    expect(mine.attachments.map((a: { filename: string }) => a.filename)).toEqual(['payroll-march.txt']);
  });
});
