import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { deliverSigned } from '../harness/webhooks.js';
import { APPLYING } from '../../src/sync/webhook-receiver.js';
import { syncedWorld, type SyncWorld } from './sync-world.js';

/**
 * Group commit: deliveries that arrive while every applying transaction runs are applied together
 * in one transaction. To make a batch form for certain, the test holds an issue's lock from a
 * connection of its own and sends as many deliveries of that issue as there are applying
 * transactions: each waits on the lock in its claim, the next ones queue, and once the lock is let
 * go the first transaction to end takes all of them as one batch.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: SyncWorld;
let repositoryCodehostId: number;
let holder: pg.PoolClient;

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await syncedWorld(gh, call, `batch-${randomUUID().slice(0, 6)}`, 3);
  repositoryCodehostId = Number((await t.database.pool.query('select codehost_id from repositories where id = $1', [w.repo.id])).rows[0].codehost_id);
  holder = await t.database.pool.connect();
}, 120_000);
afterAll(async () => {
  holder.release();
  await t.close();
  await gh.close();
});

const deliver = (payload: Record<string, unknown>, guid?: string) =>
  deliverSigned(t.url, gh.app.webhookSecret, 'issues', { installation: { id: w.installationId }, repository: { id: repositoryCodehostId, full_name: w.repo.fullName }, sender: { login: w.login, id: 1 }, ...payload }, guid);

const cachedIssue = async (number: number) =>
  (await t.database.pool.query<{ id: string; codehost_id: number; title: string }>('select id, codehost_id, title from issues where repository_id = $1 and number = $2', [w.repo.id, number])).rows[0];
const deliveryRows = async (guids: string[]) =>
  (await t.database.pool.query<{ delivery_id: string; outcome: string; received_at: Date }>('select delivery_id, outcome, received_at from codehost_webhook_deliveries where delivery_id = any($1)', [guids])).rows;
const editedEntries = async (issueId: string) =>
  (await t.database.pool.query<{ detail: { deliveryId: string } }>(`select detail from issue_activity where issue_id = $1 and action = 'issue.edited'`, [issueId])).rows.map((r) => r.detail.deliveryId);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lockKey = (codehostId: number) => `codehost-issue:${w.repo.id}:${codehostId}`;
/** Holds the issue's lock from the test's own connection until `release`. */
async function holdIssue(codehostId: number) {
  await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockKey(codehostId)]);
  return { release: () => holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(codehostId)]) };
}
/**
 * Waits until the app's applying transactions are all taken by the blocked deliveries: some wait on
 * the lock in their claim, the others (beyond the connections the pool has left) for a connection.
 */
async function untilAllBlocked() {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await holder.query(`select 1 from pg_locks where locktype = 'advisory' and not granted and pid <> pg_backend_pid()`);
    if (rows.length >= 3) return sleep(500);
    await sleep(20);
  }
  throw new Error('no delivery waits on the held issue lock');
}
/** GitHub's whole-second `updated_at`, `seconds` after a time safely newer than anything cached. */
const base = Date.now() + 3_600_000;
const at = (seconds: number) => new Date(base + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('group commit', () => {
  it('deliveries queued behind a running one are applied in one transaction, each recorded and with its own entry, a repeated guid once', async () => {
    const issue = await cachedIssue(1);
    const edit = (title: string, seconds: number, guid?: string) =>
      deliver({ action: 'edited', changes: { title: { from: 'x' } }, issue: { id: issue.codehost_id, number: 1, title, updated_at: at(seconds) } }, guid);
    const held = await holdIssue(issue.codehost_id);
    const firsts = Array.from({ length: APPLYING }, (_, i) => edit(`blocked ${i}`, i - APPLYING));
    await untilAllBlocked();
    const guids = Array.from({ length: 5 }, () => randomUUID());
    const queued = guids.map((guid, i) => edit(`batch ${i + 1}`, i + 2, guid));
    const copy = edit('batch 3', 4, guids[2]);
    await sleep(300);
    await held.release();
    const blocked = await Promise.all(firsts);
    const answers = await Promise.all([...queued, copy]);
    expect([...blocked, ...answers].map((a) => a.status)).toEqual([...blocked, ...answers].map(() => 200));
    // The guid sent twice: one copy applied, the other answered as a duplicate.
    expect([answers[2].body.duplicate, answers[5].body.duplicate].sort()).toEqual([false, true]);

    expect((await cachedIssue(1)).title).toBe('batch 5');
    const rows = await deliveryRows([...blocked.map((a) => a.guid), ...guids]);
    expect(rows.map((r) => r.outcome)).toEqual(rows.map(() => 'applied'));
    expect(rows).toHaveLength(APPLYING + 5);
    // The five queued ones committed together: one transaction, one start time.
    const queuedRows = rows.filter((r) => (guids as string[]).includes(r.delivery_id));
    expect(new Set(queuedRows.map((r) => r.received_at.getTime())).size).toBe(1);
    expect((await editedEntries(issue.id)).sort()).toEqual([...blocked.map((a) => a.guid), ...guids].sort());
  });

  it('a delivery that fails inside a batch fails alone: the others are applied, it is answered 5xx and not recorded, so a redelivery applies it', async () => {
    const issue = await cachedIssue(2);
    const edit = (issueFields: Record<string, unknown>, seconds: number, guid?: string) =>
      deliver({ action: 'edited', changes: { title: { from: 'x' } }, issue: { id: issue.codehost_id, number: 2, ...issueFields, updated_at: at(seconds) } }, guid);
    const held = await holdIssue(issue.codehost_id);
    const firsts = Array.from({ length: APPLYING }, (_, i) => edit({ title: `blocked ${i}` }, i - APPLYING));
    await untilAllBlocked();
    const before = edit({ title: 'before the failure' }, 2);
    await sleep(50);
    // An issue number Postgres cannot store: the write fails (integer out of range).
    const failing = edit({ title: 'the failure', number: 1e12 }, 3);
    await sleep(50);
    const after = edit({ title: 'after the failure' }, 4);
    await sleep(300);
    await held.release();
    expect((await Promise.all(firsts)).map((a) => a.status)).toEqual(firsts.map(() => 200));
    const [a1, bad, a2] = await Promise.all([before, failing, after]);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    expect(bad.status).toBeGreaterThanOrEqual(500);

    expect((await cachedIssue(2)).title).toBe('after the failure');
    const rows = await deliveryRows([a1.guid, bad.guid, a2.guid]);
    expect(rows.map((r) => r.delivery_id).sort()).toEqual([a1.guid, a2.guid].sort());
    expect(rows.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(await editedEntries(issue.id)).toEqual(expect.arrayContaining([a1.guid, a2.guid]));
    expect(await editedEntries(issue.id)).not.toContain(bad.guid);

    // GitHub redelivers the failed one (same guid), here as it would have been storable: applied once.
    const redelivered = await edit({ title: 'the failure, redelivered' }, 3, bad.guid);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.duplicate).toBe(false);
    expect((await deliveryRows([bad.guid])).map((r) => r.outcome)).toEqual(['applied']);
    // Older than the cached row: recorded, its entry written, the cache not moved back.
    expect((await cachedIssue(2)).title).toBe('after the failure');
    expect(await editedEntries(issue.id)).toContain(bad.guid);
  });
});
