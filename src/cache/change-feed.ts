import type pg from 'pg';

/** The channel the triggers notify on (migrations 0033 to 0036): one notice per changed issue, comment, request or project, or per person whose notifications changed. */
export const CHANGES_CHANNEL = 'svc_changes';
/** The channel every credential change notifies on (auth/credential-cache.ts). */
const CREDENTIALS_CHANNEL = 'svc_credentials';

/**
 * What changed in a workspace, as the triggers of migrations 0033 to 0036 say it.
 *
 * - `issue`, `comment`: `issueId` null: many issues (or their comments) changed at once, of
 *   `repositoryId`, or of the whole workspace when that is null too (a backfill page, a label
 *   renamed, a repository removed).
 * - `request`: a portal's request was created, changed or deleted; `requestId` null: many of the
 *   portal's requests at once.
 * - `notification`: the notifications of one person (`membershipId`) were added, changed or
 *   deleted; `notificationId` null: several of theirs at once. For that person's streams alone.
 * - `project`: a project, one of its fields or one of its cards was added, changed or deleted;
 *   `projectId` null: many projects at once.
 */
export type ChangeNotice =
  | { workspaceId: string; kind: 'issue' | 'comment'; issueId: string | null; repositoryId: string | null }
  | { workspaceId: string; kind: 'request'; requestId: string | null; portalId: string }
  | { workspaceId: string; kind: 'notification'; membershipId: string; notificationId: string | null }
  | { workspaceId: string; kind: 'project'; projectId: string | null };

/** One open live-update stream, as the feed sees it. */
export interface FeedSubscriber {
  /** A change in the workspace it subscribed to. */
  change(notice: ChangeNotice): void;
  /**
   * The feed listens: called once it does (at once when it already does) and again every time it
   * listens again after losing its connection, when notices sent meanwhile were missed.
   */
  listening(): void;
  /** The listening connection was lost: notices are missed until `listening` is called again. */
  lost(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const isIdOrNull = (v: unknown): v is string | null => v === null || isId(v);

/** A notice's payload, or null when it is not one (nothing else should notify on the channel). */
export function parseNotice(payload: string | undefined): ChangeNotice | null {
  if (!payload) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { workspaceId, kind } = value;
  if (!isId(workspaceId)) return null;
  if (kind === 'request') {
    const { requestId, portalId } = value;
    if (!isIdOrNull(requestId) || !isId(portalId)) return null;
    return { workspaceId, kind, requestId, portalId };
  }
  if (kind === 'notification') {
    const { membershipId, notificationId } = value;
    if (!isId(membershipId) || !isIdOrNull(notificationId)) return null;
    return { workspaceId, kind, membershipId, notificationId };
  }
  if (kind === 'project') {
    const { projectId } = value;
    if (!isIdOrNull(projectId)) return null;
    return { workspaceId, kind, projectId };
  }
  const { issueId, repositoryId } = value;
  if ((kind !== 'issue' && kind !== 'comment') || !isIdOrNull(issueId) || !isIdOrNull(repositoryId)) return null;
  return { workspaceId, kind, issueId, repositoryId };
}

/**
 * The process's one listening connection for live updates, shared by every open stream: notices
 * of `svc_changes` are handed, in memory, to the subscribers of their workspace, and notices of
 * `svc_credentials` to whoever asked (`onCredentialChange`). Connected at the first subscriber,
 * not at start, so a process that serves no stream holds no connection for it. A lost connection
 * (an error, or a ping unanswered for `pingTimeoutMs`) is opened again after a pause that grows
 * to `maxRetryMs`, and every subscriber is told both times: what was sent meanwhile is lost.
 */
export class ChangeFeed {
  private readonly subscribers = new Map<string, Set<FeedSubscriber>>();
  private readonly credentialListeners = new Set<() => void>();
  private client: pg.PoolClient | null = null;
  private listening = false;
  private connecting = false;
  private stopped = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { retryMs?: number; maxRetryMs?: number; pingMs?: number; pingTimeoutMs?: number; onError?: (error: unknown) => void } = {},
  ) {
    this.retryMs = options.retryMs ?? 500;
  }

  /** Whether notices are being received now. */
  get active(): boolean {
    return this.listening;
  }

  /** Open streams, all workspaces together. */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** Hands `subscriber` the workspace's notices until the returned function is called. */
  subscribe(workspaceId: string, subscriber: FeedSubscriber): () => void {
    let set = this.subscribers.get(workspaceId);
    if (!set) this.subscribers.set(workspaceId, (set = new Set()));
    set.add(subscriber);
    if (this.listening) subscriber.listening();
    else void this.connect();
    return () => {
      const current = this.subscribers.get(workspaceId);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.subscribers.delete(workspaceId);
    };
  }

  /** Calls `listener` at every `svc_credentials` notice this feed receives (only while it listens). */
  onCredentialChange(listener: () => void): () => void {
    this.credentialListeners.add(listener);
    return () => this.credentialListeners.delete(listener);
  }

  private async connect(): Promise<void> {
    if (this.connecting || this.listening || this.stopped || this.retryTimer) return;
    this.connecting = true;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      client.on('notification', (message) => this.received(message.channel, message.payload));
      client.on('error', () => this.lose(client!));
      client.on('end', () => this.lose(client!));
      await client.query(`listen ${CHANGES_CHANNEL}; listen ${CREDENTIALS_CHANNEL}`);
      if (this.stopped) {
        client.release(true);
        return;
      }
      this.client = client;
      this.listening = true;
      this.retryMs = this.options.retryMs ?? 500;
      this.schedulePing();
      for (const subscriber of this.all()) this.call(() => subscriber.listening());
    } catch (error) {
      this.options.onError?.(error);
      client?.release(true);
      this.retry();
    } finally {
      this.connecting = false;
    }
  }

  private received(channel: string, payload: string | undefined): void {
    if (channel === CREDENTIALS_CHANNEL) {
      for (const listener of this.credentialListeners) this.call(listener);
      return;
    }
    const notice = parseNotice(payload);
    if (!notice) return;
    const set = this.subscribers.get(notice.workspaceId);
    if (set) for (const subscriber of set) this.call(() => subscriber.change(notice));
  }

  /** The connection `client` failed (an error, its end, or a ping left unanswered). */
  private lose(client: pg.PoolClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.pingTimer = null;
    client.release(true);
    if (this.stopped) return;
    for (const subscriber of this.all()) this.call(() => subscriber.lost());
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      // Nobody to tell: the next subscriber connects.
      if (this.size > 0) void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  /**
   * A connection can die without a word (a network that drops packets): a query now and then,
   * answered within `pingTimeoutMs` or the connection is given up.
   */
  private schedulePing(): void {
    const every = this.options.pingMs ?? 30_000;
    this.pingTimer = setTimeout(() => {
      const client = this.client;
      if (!client) return;
      let answered = false;
      const deadline = setTimeout(() => {
        if (!answered) this.lose(client);
      }, this.options.pingTimeoutMs ?? 10_000);
      deadline.unref();
      client
        .query('select 1')
        .then(() => {
          answered = true;
          clearTimeout(deadline);
          if (this.client === client) this.schedulePing();
        })
        .catch(() => {
          answered = true;
          clearTimeout(deadline);
          this.lose(client);
        });
    }, every);
    this.pingTimer.unref();
  }

  private *all(): Iterable<FeedSubscriber> {
    for (const set of this.subscribers.values()) yield* [...set];
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Stops listening for good (the process is closing); subscribers are not told. */
  stop(): void {
    this.stopped = true;
    this.listening = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    const client = this.client;
    this.client = null;
    // Destroyed rather than given back to the pool: its listeners and LISTENs go with it.
    client?.release(true);
  }
}
