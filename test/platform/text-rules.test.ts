import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { deliverSigned } from '../harness/webhooks.js';
import { readIssue, syncedWorld, waitForJob, type SyncWorld } from '../sync/sync-world.js';

/**
 * The text rule: a NUL or a lone surrogate in anything a person sends is 422 naming the field,
 * decided before the code host is asked; text the code host sends with them is stored cleaned.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: SyncWorld;
let issueId: string;
let viewId: string;

const NUL = 'bad\u0000text';
const LONE = 'bad\uD800text';

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await syncedWorld(gh, call, `text-${randomUUID().slice(0, 6)}`, 2);
  issueId = (await readIssue(t, call, w, 1)).id;
  const view = await call('POST', '/v1/views', { token: w.owner.token, body: { name: 'Mine' } });
  expect(view.status, view.text).toBe(201);
  viewId = view.body.id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

/** Sends the request and expects 422 naming `field`, with the code host never asked. */
async function expectRefused(field: string, send: () => Promise<CallResult>) {
  const before = gh.control.requestLog().at(-1)?.id ?? 0;
  const res = await send();
  expect(res.status, res.text).toBe(422);
  expect(res.body.error.code).toBe('invalid_request');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
  expect(res.body.error.detail.issues[0].path).toBe(field);
  // Jobs of the in-process worker may read meanwhile; what must not happen is a write.
  const writes = gh.control.requestLog({ sinceId: before }).filter((e) => e.method !== 'GET' && e.path !== '/graphql' && !e.path.endsWith('/access_tokens'));
  expect(writes).toEqual([]);
  return res;
}

describe('text a person sends', () => {
  const token = () => w.owner.token;

  for (const [what, text] of [['a NUL', NUL], ['a lone surrogate', LONE]] as const) {
    it(`with ${what} is refused in every write that reaches the code host`, async () => {
      await expectRefused('name', () => call('POST', '/v1/labels', { token: token(), body: { repositoryId: w.repo.id, name: text, color: 'ff0000' } }));
      await expectRefused('title', () => call('POST', '/v1/issues', { token: token(), body: { repositoryId: w.repo.id, title: text } }));
      await expectRefused('body', () => call('POST', '/v1/issues', { token: token(), body: { repositoryId: w.repo.id, title: 'ok', body: text } }));
      await expectRefused('title', () => call('PATCH', `/v1/issues/${issueId}`, { token: token(), body: { title: text } }));
      await expectRefused('body', () => call('POST', `/v1/issues/${issueId}/comments`, { token: token(), body: { body: text } }));
      await expectRefused('title', () => call('POST', '/v1/milestones', { token: token(), body: { repositoryId: w.repo.id, title: text } }));
      await expectRefused('labels.0', () => call('POST', '/v1/issues', { token: token(), body: { repositoryId: w.repo.id, title: 'ok', labels: [text] } }));
    });

    it(`with ${what} is refused in the service's own records`, async () => {
      const refused = await expectRefused('name', () => call('POST', '/v1/views', { token: token(), body: { name: text } }));
      expect(refused.body.error.detail.location).toBe('body');
      await expectRefused('name', () => call('POST', '/v1/api-keys', { token: token(), body: { name: text, scopes: [] } }));
      await expectRefused('name', () => call('PATCH', '/v1/workspace', { token: token(), body: { name: text } }));
      const workspace = await call('GET', '/v1/workspace', { token: token() });
      expect(workspace.body.name).not.toContain('bad');
    });
  }

  it('with a NUL in a list filter, a board grouping or a path is refused', async () => {
    for (const [param, value] of [['q', NUL], ['label', NUL], ['assignee', NUL], ['type', NUL], ['field:PVTF_x', NUL]] as const) {
      const res = await expectRefused(param, () => call('GET', `/v1/issues?${encodeURIComponent(param)}=${encodeURIComponent(value)}`, { token: token() }));
      expect(res.body.error.detail.location).toBe('query');
    }
    await expectRefused('groupBy', () => call('GET', `/v1/views/${viewId}/board?groupBy=${encodeURIComponent('label\u0000')}`, { token: token() }));
    const path = await expectRefused('issueId', () => call('GET', `/v1/issues/${encodeURIComponent(NUL)}`, { token: token() }));
    expect(path.body.error.detail.location).toBe('path');
  });

  it('with a NUL is refused by the sign-in library too', async () => {
    await expectRefused('email', () => call('POST', '/auth/sign-in/email', { body: { email: `a\u0000@example.test`, password: 'correct horse battery' } }));
  });
});

describe('text the code host sends', () => {
  it('with NUL and lone surrogates is stored cleaned by the backfill, reconcile and webhooks', async () => {
    // People on GitHub can write these; GitHub stores and returns them (JSON allows \u0000).
    await w.act('POST', `/repos/${w.repo.fullName}/labels`, { name: 'nul\u0000label', color: '00ff00' });
    const created = await w.act<{ number: number }>('POST', `/repos/${w.repo.fullName}/issues`, { title: 'Title \u0000with NUL \uD800', body: 'Body \uDC00', labels: ['nul\u0000label'] });
    await w.act('POST', `/repos/${w.repo.fullName}/issues/${created.number}/comments`, { body: 'Comment \u0000 \uD800' });
    await w.act('POST', `/repos/${w.repo.fullName}/milestones`, { title: 'Milestone \u0000' });
    await gh.control.webhooksIdle();

    // The emulator, like GitHub, keeps answering for that repository.
    const token = gh.control.installationToken(w.installationId).token;
    const labels = await fetch(`${gh.url}/repos/${w.repo.fullName}/labels`, { headers: { authorization: `token ${token}` } });
    expect(labels.status).toBe(200);

    const viaWebhook = await readIssue(t, call, w, created.number);
    expect(viaWebhook.title).toBe('Title with NUL \uFFFD');
    expect(viaWebhook.body).toBe('Body \uFFFD');
    expect(viaWebhook.labels.map((l: { name: string }) => l.name)).toContain('nullabel');

    // A reconcile reads the same objects over REST and GraphQL and stores them the same way.
    const sync = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
    expect(sync.status, sync.text).toBe(202);
    for (const id of sync.body.queued as string[]) await waitForJob(call, w.owner, id, (j) => j.status === 'done' || j.status === 'failed');
    const status = await call('GET', '/v1/codehost/sync-status', { token: w.owner.token });
    for (const id of sync.body.queued as string[]) expect(status.body.jobs.find((j: { id: string }) => j.id === id).status).toBe('done');
    const comments = await call('GET', `/v1/issues/${viaWebhook.id}/comments`, { token: w.owner.token });
    expect(comments.body.data.map((c: { body: string }) => c.body)).toContain('Comment  \uFFFD');
    const milestones = await call('GET', `/v1/milestones?repositoryId=${w.repo.id}`, { token: w.owner.token });
    expect(milestones.body.data.map((m: { title: string }) => m.title)).toContain('Milestone ');
  });

  it('in a signed webhook delivery is stored cleaned', async () => {
    // Issue 2 as the code host has it, edited with text the database cannot store.
    const own = await w.act<Record<string, unknown>>('GET', `/repos/${w.repo.fullName}/issues/2`);
    const payload = {
      action: 'edited',
      issue: { ...own, title: 'Edited \u0000 \uD800', updated_at: new Date(Date.now() + 5_000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
      repository: { id: Number((await t.database.pool.query('select codehost_id from repositories where id = $1', [w.repo.id])).rows[0].codehost_id), full_name: w.repo.fullName },
      installation: { id: w.installationId },
      sender: { login: w.login, id: 1 },
    };
    const res = await deliverSigned(t.url, gh.app.webhookSecret, 'issues', payload);
    expect(res.status).toBeLessThan(300);
    expect((await readIssue(t, call, w, 2)).title).toBe('Edited  \uFFFD');
  });
});
