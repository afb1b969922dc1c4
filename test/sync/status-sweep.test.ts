import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { deliverSigned } from '../harness/webhooks.js';

/**
 * A delivery that can move a portal request's derived status schedules the workspace's status
 * sweep only when the workspace has a portal: without one there is no request to look at. No job
 * worker runs here, so the queued jobs stay where they can be counted.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
}, 60_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

/** A workspace holding an installation with one mirrored repository, set up as connecting and enabling leave them. */
async function mirroredWorkspace() {
  const owner = await signUp(call);
  const ws = await createWorkspace(call, owner);
  const installationId = randomInt(1, 2 ** 40);
  const repositoryId = randomInt(1, 2 ** 40);
  await t.database.pool.query(
    `insert into codehost_installations (id, workspace_id, installation_id, account_login, account_type, repository_selection)
     values (gen_random_uuid(), $1, $2, 'sweep-org', 'Organization', 'all')`,
    [ws.id, installationId],
  );
  await t.database.pool.query(
    `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled, synced_at)
     values (gen_random_uuid(), $1, $2, $3, 'sweep-org', 'app', 'sweep-org/app', false, 'https://example.test/sweep-org/app', true, now())`,
    [ws.id, repositoryId, `R_${repositoryId}`],
  );
  return { owner, workspaceId: ws.id as string, installationId, repositoryId };
}

/** An `issues.edited` of an issue the cache does not hold (its outcome: a re-read is queued). */
async function deliverEdit(w: { installationId: number; repositoryId: number }) {
  const res = await deliverSigned(t.url, gh.app.webhookSecret, 'issues', {
    action: 'edited',
    changes: { title: { from: 'Before' } },
    installation: { id: w.installationId },
    repository: { id: w.repositoryId },
    issue: { id: randomInt(1, 2 ** 40), number: randomInt(1, 100_000), title: `After ${randomUUID()}`, updated_at: '2030-01-01T00:00:00Z' },
    sender: { login: 'someone', id: 1 },
  });
  expect(res.status, res.text).toBe(200);
}

const sweepsOf = async (workspaceId: string) =>
  Number(
    (await t.database.pool.query(`select count(*) from "${t.config.worker.schema}"._private_jobs where key = $1`, [`request-status-sweep:${workspaceId}`])).rows[0]
      .count,
  );

describe('the request status sweep after a delivery', () => {
  it('is not scheduled for a workspace without a portal', async () => {
    const w = await mirroredWorkspace();
    await deliverEdit(w);
    expect(await sweepsOf(w.workspaceId)).toBe(0);
  });

  it('is scheduled, once for several deliveries, for a workspace with a portal', async () => {
    const w = await mirroredWorkspace();
    const portal = await call('POST', '/v1/portals', { token: w.owner.token, workspaceId: w.workspaceId, body: { name: 'Help', slug: unique('sweep').toLowerCase() } });
    expect(portal.status, portal.text).toBe(201);
    await deliverEdit(w);
    await deliverEdit(w);
    expect(await sweepsOf(w.workspaceId)).toBe(1);
  });
});
