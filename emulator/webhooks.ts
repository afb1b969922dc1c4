/** Webhook deliveries to the app's webhook URL: signed, logged, never retried (as on GitHub), redeliverable. */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/** POST on a fresh connection; resolves with the status code once the answer has been read (10 s timeout, like GitHub). */
function postOnce(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const mod = u.protocol === 'https:' ? https : http;
    const req = mod.request(u, { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' }, timeout: 10000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}
import { nodeId } from './ids.js';
import type { Repo, Store, Account } from './state.js';
import { hookSafe, type Serializer } from './serialize.js';

export interface Delivery {
  id: number;
  guid: string;
  event: string;
  action: string | null;
  installationId: number | null;
  payload: string;
  deliveredAt: string | null;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  redelivery: boolean;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
}

export interface WebhookFaults {
  /** delay every delivery by this many ms (or random within [min,max]) */
  delayMs?: number | { min: number; max: number };
  /** drop the next N deliveries (recorded as dropped, never sent) */
  dropNext?: number;
  /** send the next N deliveries twice with the same X-GitHub-Delivery */
  duplicateNext?: number;
  /** swap the order of the next N pairs of deliveries */
  reorderNext?: number;
}

export class Webhooks {
  deliveries: Delivery[] = [];
  faults: WebhookFaults = {};
  private seq = 0;
  private pending = 0;
  private held: Delivery | null = null;
  private idleWaiters: (() => void)[] = [];
  /** optional validator used by tests: called with every payload before sending */
  onPayload?: (event: string, action: string | null, payload: Record<string, unknown>) => void;

  constructor(private store: Store, private ser: () => Serializer) {}

  get url() { return this.store.data.app.webhookUrl; }

  orgSimple(a: Account) {
    const u = `${this.ser().base}/orgs/${a.login}`;
    return {
      login: a.login, id: a.id, node_id: nodeId('Organization', a.id), url: u, repos_url: `${u}/repos`, events_url: `${u}/events`,
      hooks_url: `${u}/hooks`, issues_url: `${u}/issues`, members_url: `${u}/members{/member}`, public_members_url: `${u}/public_members{/member}`,
      avatar_url: `${this.ser().base}/_emulator/avatars/${a.id}`, description: null,
    };
  }

  /**
   * Emit an event as GitHub would for a change in `repo` (or on `account` when no repository applies).
   * Nothing is sent when the app is not installed there, the installation is suspended, or cannot see the repository.
   */
  emit(event: string, action: string | null, body: Record<string, unknown>, where: { repo?: Repo; accountId?: number; senderId: number; force?: boolean }) {
    const accountId = where.repo ? where.repo.ownerId : where.accountId!;
    const inst = this.store.installationFor(accountId);
    if (!where.force) {
      if (!inst || inst.suspendedAt) return;
      if (where.repo && !this.store.installationCanSee(inst, where.repo)) return;
    }
    const ser = this.ser();
    const account = this.store.accountById.get(accountId);
    const payload: Record<string, unknown> = { ...(action ? { action } : {}), ...(hookSafe(body) as Record<string, unknown>) };
    if (where.repo && !('repository' in payload)) payload.repository = ser.hookRepo(where.repo);
    if (account?.type === 'Organization' && !('organization' in payload)) payload.organization = this.orgSimple(account);
    payload.sender = ser.userById(where.senderId);
    if (inst && !('installation' in payload)) payload.installation = { id: inst.id, node_id: nodeId('Installation', inst.id) };
    this.enqueue(event, action, payload, inst?.id ?? null);
  }

  enqueue(event: string, action: string | null, payload: Record<string, unknown>, installationId: number | null) {
    this.onPayload?.(event, action, payload);
    const d: Delivery = {
      id: ++this.seq, guid: randomUUID(), event, action, installationId, payload: JSON.stringify(payload),
      deliveredAt: null, statusCode: null, durationMs: null, error: null, redelivery: false, status: 'pending',
    };
    this.deliveries.push(d);
    if (this.deliveries.length > 20000) this.deliveries.splice(0, this.deliveries.length - 20000);
    this.schedule(d);
  }

  private schedule(d: Delivery) {
    const f = this.faults;
    if (f.dropNext && f.dropNext > 0) { f.dropNext--; d.status = 'dropped'; return; }
    if (f.reorderNext && f.reorderNext > 0 && !d.redelivery) {
      if (!this.held) { this.held = d; this.pending++; return; }
      const first = this.held; this.held = null; this.pending--; f.reorderNext--;
      this.queue(d); this.queue(first);
      return;
    }
    this.queue(d);
    if (f.duplicateNext && f.duplicateNext > 0 && !d.redelivery) { f.duplicateNext--; this.queue(d); }
  }

  /** deliveries in flight at once; 1 (default) keeps GitHub-like order, more models GitHub's parallel deliveries */
  concurrency = 1;
  private waiting: Delivery[] = [];
  private active = 0;

  private queue(d: Delivery) {
    this.pending++;
    this.waiting.push(d);
    this.pump();
  }

  private pump() {
    while (this.active < Math.max(1, this.concurrency) && this.waiting.length) {
      const d = this.waiting.shift()!;
      this.active++;
      void (async () => {
        try {
          const delay = this.faults.delayMs;
          const ms = typeof delay === 'number' ? delay : delay ? delay.min + Math.random() * (delay.max - delay.min) : 0;
          if (ms > 0) await new Promise((r) => setTimeout(r, ms));
          await this.send(d);
        } finally {
          this.active--;
          this.pending--;
          if (this.pending === 0) { const w = this.idleWaiters; this.idleWaiters = []; w.forEach((f) => f()); }
          this.pump();
        }
      })();
    }
  }

  private async send(d: Delivery) {
    const url = this.url;
    if (!url) { d.status = 'failed'; d.error = 'no webhook URL configured'; return; }
    const app = this.store.data.app;
    const sig = 'sha256=' + createHmac('sha256', app.webhookSecret).update(d.payload).digest('hex');
    const t0 = performance.now();
    try {
      // one connection per delivery (as GitHub's hookshot does): no keep-alive races with the receiver
      d.statusCode = await postOnce(url, d.payload, {
        'content-type': 'application/json', 'user-agent': 'GitHub-Hookshot/emulator', accept: '*/*',
        'x-github-event': d.event, 'x-github-delivery': d.guid, 'x-hub-signature-256': sig,
        'x-github-hook-id': String(app.id + 1000000), 'x-github-hook-installation-target-id': String(app.id),
        'x-github-hook-installation-target-type': 'integration',
      });
      d.status = d.statusCode >= 200 && d.statusCode < 300 ? 'delivered' : 'failed';
    } catch (e) {
      d.status = 'failed'; d.error = String((e as Error).message ?? e);
    }
    d.deliveredAt = new Date().toISOString();
    d.durationMs = performance.now() - t0;
  }

  /** Redeliver with the same X-GitHub-Delivery GUID. */
  redeliver(id: number): Delivery | undefined {
    const orig = this.deliveries.find((x) => x.id === id);
    if (!orig) return undefined;
    const d: Delivery = { ...orig, id: ++this.seq, redelivery: true, status: 'pending', statusCode: null, deliveredAt: null, durationMs: null, error: null };
    this.deliveries.push(d);
    this.queue(d);
    return d;
  }

  /** Resolves when every queued delivery has been attempted. A held (reorder) delivery is flushed. */
  idle(): Promise<void> {
    if (this.held && this.pending === 1) { const h = this.held; this.held = null; this.pending--; this.queue(h); }
    if (this.pending === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  reset() { this.deliveries = []; this.faults = {}; this.held = null; this.concurrency = 1; }
}
