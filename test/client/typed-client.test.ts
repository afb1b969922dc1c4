import { createSvcClient } from '@svc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp } from '../harness/fixtures.js';
import { apiFor, httpClient } from '../harness/http.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the typed client', () => {
  it('sends the bearer credential and the workspace, and answers the documented types', async () => {
    const call = httpClient(t.url);
    const owner = await signUp(call, 'Typed Owner');
    const first = await createWorkspace(call, owner, 'First');
    await createWorkspace(call, owner, 'Second');

    // With two workspaces the person must name one: X-Workspace-Id comes from `workspaceId`.
    const svc = createSvcClient({ baseUrl: t.url, token: owner.token, workspaceId: first.id });
    const members = await svc.GET('/v1/members', { params: { query: { limit: 10 } } });
    expect(members.response.status, JSON.stringify(members.error)).toBe(200);
    expect(members.data!.data.map((m) => m.userId)).toEqual([owner.userId]);

    const anonymous = await createSvcClient({ baseUrl: t.url }).GET('/v1/members', {});
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error!.error.code).toBe('unauthenticated');
  });

  it('through the harness (apiFor) goes through the answer check too', async () => {
    const call = httpClient(t.url);
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const renamed = await apiFor(t.url, { token: owner.token, workspaceId: ws.id }).PATCH('/v1/workspace', { body: { name: 'Renamed' } });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    expect(renamed.data!.name).toBe('Renamed');
  });
});
