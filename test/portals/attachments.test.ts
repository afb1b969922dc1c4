import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startS3, type RunningS3 } from '../harness/s3.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { mirroredWebRepository, restList } from '../issues/cache-fixture.js';

/**
 * Files: uploaded by members and customers, typed by their content, reached through short-lived
 * signed links; the same behaviour whether they are kept on local disk or in an S3-compatible store.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Above one 5 MiB multipart part, so a file near the limit goes up to S3 in parts. */
const MAX_BYTES = 6.5 * 1024 * 1024;

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
let s3: RunningS3 | null;
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

/** What the store holds: files under the data folder, or objects in the bucket. */
async function stored(): Promise<string[]> {
  if (s3) return s3.keys();
  try {
    return readdirSync(path.join(t.config.dataDir, 'attachments'), { recursive: true }).map(String).filter((f) => f.length > 3);
  } catch {
    return [];
  }
}

const stores = [
  ['on local disk', false],
  ['in an S3-compatible store', true],
] as const;

describe.each(stores)('attachments kept %s', (_where, inBucket) => {
  beforeAll(async () => {
    s3 = inBucket ? await startS3() : null;
    smtp = await startSmtpCapture();
    gh = await startCodehost();
    t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), attachments: { maxBytes: MAX_BYTES, types: ['image/png', 'application/pdf', 'text/plain'] }, attachmentStorage: s3?.storage ?? null });
    call = httpClient(t.url);
    owner = await signUp(call, 'File keeper');
    ws = await createWorkspace(call, owner, 'Files');
    // Private: a private request's files are linked from its issue there (a public one gets numbered links only, test/portals/codehost-privacy.test.ts).
    const web = await mirroredWebRepository(t, gh, ws.id, 'aorg', { private: true });
    org = web.org;
    installationId = web.installationId;
    portal = (await call('POST', '/v1/portals', { ...as(), body: { name: 'File help', slug: unique('fh').toLowerCase(), access: 'invite_only', defaultVisibility: 'private' } })).body;
    typeId = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Bug', destination: { repositoryId: web.repositoryId } } })).body.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await gh?.close();
    await smtp?.close();
    await s3?.close();
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
      const before = await stored();
      const res = await call('POST', `/v1/attachments?filename=${filename}`, { ...as(), headers: octets, body: bytes });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
      expect(await stored()).toEqual(before);
    });

    it('keeps a file larger than one upload part whole, under its own id', async () => {
      const big = Buffer.alloc(MAX_BYTES - 1000, 'line of text\n');
      const res = await call('POST', '/v1/attachments?filename=big.log', { ...as(), headers: octets, body: big });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ contentType: 'text/plain', size: big.length });
      expect((await stored()).some((key) => key.endsWith(res.body.id))).toBe(true);
      if (s3) expect(await s3.keys()).toContain(`attachments/${res.body.id}`);
      const file = await download((await call('GET', `/v1/attachments/${res.body.id}/link`, as())).body.url);
      expect(file.headers.get('content-length')).toBe(String(big.length));
      expect(file.bytes.equals(big)).toBe(true);
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

      // The team reads the file on the request, and a fresh link to it downloads it.
      const listed = await call('GET', `/v1/portals/${portal.id}/requests?limit=100`, as());
      const requestId = listed.body.data.find((r: { reference: string }) => r.reference === made.body.reference).id;
      const teamRead = await call('GET', `/v1/portals/${portal.id}/requests/${requestId}`, as());
      expect(teamRead.body.files).toEqual([{ id: notes.body.id, filename: 'notes.txt', contentType: 'text/plain', size: 16, createdAt: expect.any(String) }]);
      expect(teamRead.body.followers.map((p: { name: string }) => p.name)).toEqual(['Ada Attacher']);
      const teamLink = await call('GET', `/v1/attachments/${notes.body.id}/link`, as());
      expect((await download(teamLink.body.url)).bytes.toString()).toBe('Steps:\n1. click\n');

      const data = await on()('GET', '/portal/me/data', { token: ada.token });
      expect(data.body.attachments).toEqual([expect.objectContaining({ filename: 'notes.txt', contentType: 'text/plain', reference: made.body.reference })]);
    });
  });
});

describe('an attachment store that does not answer', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port of loopback.
    app = await startTestApp({ attachmentStorage: { bucket: 'gone', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, forcePathStyle: true, prefix: '' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 502 dependency_error, and no attachment is recorded', async () => {
    const client = httpClient(app.url);
    const keeper = await signUp(client, 'Store watcher');
    const space = await createWorkspace(client, keeper, 'No store');
    const res = await client('POST', '/v1/attachments?filename=shot.png', { token: keeper.token, workspaceId: space.id, headers: octets, body: PNG });
    expect(res.status, res.text).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'dependency_error', detail: { dependency: 'attachment_store' } });
    const { rows } = await app.database.pool.query('select count(*)::int as n from attachments where workspace_id = $1', [space.id]);
    expect(rows[0].n).toBe(0);
  });
});
