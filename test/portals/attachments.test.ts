import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation, restList } from '../issues/cache-fixture.js';

/** Files: uploaded by members and customers, typed by their content, reached through short-lived signed links. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MAX_BYTES = 4096;

let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let org: string;
let installationId: number;
let portal: { id: string; host: string };
let typeId: string;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = () => hostClient(t.url, portal.host);
const octets = { 'content-type': 'application/octet-stream' };

async function invited(name: string) {
  const email = `${unique('att')}@customer.test`;
  await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name } });
  const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
  return { token: (await on()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`)).body.token as string };
}

/** Fetches a download link as anybody would (no credential). */
async function download(url: string) {
  // The link names the service's public address; this test's service listens elsewhere.
  const link = new URL(url);
  const res = await fetch(`${t.url}${link.pathname}${link.search}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'attachments');
  try {
    return readdirSync(root, { recursive: true }).filter((f) => String(f).length > 3).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), attachments: { maxBytes: MAX_BYTES, types: ['image/png', 'application/pdf', 'text/plain'] } });
  call = httpClient(t.url);
  owner = await signUp(call, 'File keeper');
  ws = await createWorkspace(call, owner, 'Files');
  org = unique('aorg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  installationId = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'web' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues`, { title: 'Seed' });
  const ids = await recordInstallation(t, gh, ws.id, installationId);
  await fillCache(t, gh, ws.id, installationId, ids);
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [ids[`${org}/web`]]);
  portal = (await call('POST', '/v1/portals', { ...as(), body: { name: 'File help', slug: unique('fh').toLowerCase(), access: 'invite_only', defaultVisibility: 'private' } })).body;
  typeId = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Bug', destination: { repositoryId: ids[`${org}/web`] } } })).body.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('a member', () => {
  it('uploads a file typed by its content and downloads it through a fresh signed link', async () => {
    const res = await call('POST', '/v1/attachments?filename=shot.png', { ...as(), headers: octets, body: PNG });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ filename: 'shot.png', contentType: 'image/png', size: PNG.length });
    const link = await call('GET', `/v1/attachments/${res.body.id}/link`, as());
    expect(link.status, link.text).toBe(200);
    const file = await download(link.body.url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PNG)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''shot.png");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await download(link.body.url.replace(/token=./, 'token=x'))).status).toBe(404);
    // Opened from an issue body: a redirect to a fresh link.
    const open = await call('GET', `/v1/attachments/${res.body.id}/open`, as());
    expect(open.status).toBe(302);
    expect((await download(open.headers.get('location')!)).bytes.equals(PNG)).toBe(true);
    // Another workspace does not know it.
    const stranger = await signUp(call, 'Stranger');
    const theirs = await createWorkspace(call, stranger, 'Elsewhere');
    expect((await call('GET', `/v1/attachments/${res.body.id}/link`, { token: stranger.token, workspaceId: theirs.id })).status).toBe(404);
  });

  it.each([
    ['content that does not match the name', 'photo.pdf', PNG],
    ['a type not accepted', 'noise.bin', randomBytes(600)],
    ['a file over the limit', 'big.txt', Buffer.alloc(MAX_BYTES + 1, 'a')],
    ['an empty file', 'empty.txt', Buffer.alloc(0)],
  ])('is refused %s with 422, and nothing is kept', async (_name, filename, bytes) => {
    const before = storedFiles();
    const res = await call('POST', `/v1/attachments?filename=${filename}`, { ...as(), headers: octets, body: bytes });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    expect(storedFiles()).toBe(before);
  });

  it('must send the bytes as application/octet-stream', async () => {
    const res = await call('POST', '/v1/attachments?filename=a.txt', { ...as(), body: { text: 'hello' } });
    expect(res.status, res.text).toBe(422);
  });
});

describe('a customer', () => {
  it('attaches uploads to a submission: linked from the issue, reachable by who sees the request, once', async () => {
    const ada = await invited('Ada Attacher');
    const other = await invited('Olga Other');
    const notes = await on()('POST', '/portal/attachments?filename=notes.txt', { token: ada.token, headers: octets, body: Buffer.from('Steps:\n1. click\n') });
    expect(notes.status, notes.text).toBe(201);
    expect(notes.body.contentType).toBe('text/plain');
    const theirs = await on()('POST', '/portal/attachments?filename=shot.png', { token: other.token, headers: octets, body: PNG });

    expect((await on()('POST', '/portal/requests', { token: ada.token, body: { requestTypeId: typeId, title: 'Not mine', values: {}, attachmentIds: [theirs.body.id] } })).status).toBe(422);
    const made = await on()('POST', '/portal/requests', { token: ada.token, body: { requestTypeId: typeId, title: 'With notes', values: {}, attachmentIds: [notes.body.id] } });
    expect(made.status, made.text).toBe(201);
    const again = await on()('POST', '/portal/requests', { token: ada.token, body: { requestTypeId: typeId, title: 'Twice', values: {}, attachmentIds: [notes.body.id] } });
    expect(again.status, again.text).toBe(422);
    expect(again.body.error.detail.field).toBe('attachmentIds[0]');

    const issue = (await restList<any>(gh, gh.control.installationToken(installationId).token, `/repos/${org}/web/issues?state=all`)).find((i) => i.title === 'With notes');
    expect(issue.body).toContain(`### Attachments\n\n- [notes.txt](${t.config.publicBaseUrl ?? ''}`);
    expect(issue.body).toContain(`/v1/attachments/${notes.body.id}/open`);

    const link = await on()('GET', `/portal/attachments/${notes.body.id}/link`, { token: ada.token });
    expect(link.status, link.text).toBe(200);
    expect((await download(link.body.url)).bytes.toString()).toBe('Steps:\n1. click\n');
    // A private request: another customer reaches neither it nor its file.
    expect((await on()('GET', `/portal/attachments/${notes.body.id}/link`, { token: other.token })).status).toBe(404);
    expect((await on()('GET', `/portal/attachments/${theirs.body.id}/link`, { token: ada.token })).status).toBe(404);

    const data = await on()('GET', '/portal/me/data', { token: ada.token });
    expect(data.body.attachments).toEqual([expect.objectContaining({ filename: 'notes.txt', contentType: 'text/plain', reference: made.body.reference })]);
  });
});
