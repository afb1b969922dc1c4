import type pg from 'pg';
import type { Executor } from '../db/pool.js';
import { sql } from 'drizzle-orm';

const CHANNEL = 'svc_credentials';

/**
 * Resolved credentials (API keys, sessions, a person's memberships, portal customers' sessions)
 * kept in memory so an authenticated read costs no query. Any change to keys, sessions,
 * memberships or workspaces announces itself with NOTIFY in the same transaction (portal
 * customers' tables by triggers, migration 0030); every process clears its cache when the
 * notification arrives, so a revoked key stops working everywhere within milliseconds. The
 * process that made a change clears its own cache too, as the notification arrives only after the
 * commit. While the listening connection is down the cache is bypassed, never trusted.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  /**
   * Credentials looked up and found to be nobody's (a `null` value), kept apart: anyone can send
   * as many made-up tokens as the rate limit lets through (each one a bucket of its own), and
   * among the known ones they would fill the cache to its limit and empty it, every tenant's
   * entries with it. Here they empty only each other.
   */
  private readonly unknown = new Map<string, { value: unknown; expiresAt: number }>();
  /** Counts clears: a read that began before one may hold what the clear was for. */
  private clears = 0;
  private listener: pg.PoolClient | null = null;
  private listening = false;
  private stopped = false;
  private readonly clearListeners = new Set<() => void>();

  constructor(
    private readonly options: { enabled: boolean; ttlMs: number; maxEntries: number; maxUnknown: number },
  ) {}

  get active(): boolean {
    return this.options.enabled && this.listening;
  }

  get<T>(key: string): T | undefined {
    if (!this.active) return undefined;
    const hit = this.entries.get(key) ?? this.unknown.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      this.entries.delete(key);
      this.unknown.delete(key);
      return undefined;
    }
    return hit.value as T;
  }

  /** Taken before reading what will be `set`, and handed to it (see `set`). */
  get generation(): number {
    return this.clears;
  }

  /**
   * `readSince`: the `generation` taken before the value was read (required: every value is read
   * from the database, and every such read can race a change). A clear since then may have been
   * for a change that read did not see (committed while it ran), so the value is not kept.
   */
  set(key: string, value: unknown, readSince: number, notAfter?: number): void {
    if (!this.active) return;
    if (readSince !== this.clears) return;
    const [into, other, max] = value === null ? [this.unknown, this.entries, this.options.maxUnknown] : [this.entries, this.unknown, this.options.maxEntries];
    if (into.size >= max) into.clear();
    other.delete(key);
    const expiresAt = Math.min(Date.now() + this.options.ttlMs, notAfter ?? Infinity);
    into.set(key, { value, expiresAt });
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
    this.unknown.clear();
    for (const listener of this.clearListeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the cache is cleared either way.
      }
    }
  }

  /**
   * Calls `listener` after every clear: a credential changed (here, or in another process whose
   * notice arrived), or the listening connection came or went. What holds on to a credential
   * beyond one request (a live-update stream) checks it again then, against the cleared cache.
   */
  onClear(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  async listen(pool: pg.Pool): Promise<void> {
    if (!this.options.enabled || this.stopped) return;
    try {
      const client = await pool.connect();
      this.listener = client;
      client.on('notification', () => this.clear());
      client.on('error', () => this.lost(pool));
      await client.query(`listen ${CHANNEL}`);
      this.clear();
      this.listening = true;
    } catch {
      this.lost(pool);
    }
  }

  private lost(pool: pg.Pool): void {
    this.listening = false;
    this.clear();
    const client = this.listener;
    this.listener = null;
    client?.release(true);
    if (!this.stopped) setTimeout(() => void this.listen(pool), 1000).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.clear();
    const client = this.listener;
    this.listener = null;
    if (client) {
      await client.query(`unlisten ${CHANNEL}`).catch(() => {});
      client.release();
    }
  }
}

/** Call inside the transaction that changes a credential; delivered to every process on commit. */
export async function announceCredentialChange(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_notify(${CHANNEL}, '')`);
}
