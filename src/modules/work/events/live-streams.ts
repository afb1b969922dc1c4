import { PassThrough } from 'node:stream';
import { authorize, type Access, type AuthContext } from '../../../auth/access.js';
import { roleAtLeast, scopesAllow } from '../../../auth/roles.js';
import type { ChangeNotice, FeedSubscriber } from '../../../cache/change-feed.js';
import { ApiError } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';

/** Who may open a stream: what reading the issues and comments it tells of needs. */
export const STREAM_ACCESS = { kind: 'workspace', role: 'viewer', scope: 'issues:read' } as const satisfies Access;

/**
 * Who is sent `request` events: whoever may read requests (`GET /v1/requests`, the portals'
 * request lists; test/live/events.test.ts holds the two declarations equal). A viewer, or a key
 * without `requests:read`, gets the stream without them.
 */
export const REQUEST_EVENT_ACCESS = { kind: 'workspace', role: 'member', scope: 'requests:read' } as const satisfies Access;

/**
 * Who is sent `notification` events, of their own notifications only: whoever may read their inbox
 * (`GET /v1/notifications`; test/live/events.test.ts holds the two declarations equal). An API key
 * acts for the person it was issued to, as it does there; every key holds `self:read` (auth/roles.ts),
 * so every key of theirs is told, unless that rule changes with the inbox's.
 */
export const NOTIFICATION_EVENT_ACCESS = { kind: 'workspace', role: 'viewer', scope: 'self:read' } as const satisfies Access;

/**
 * Who is sent `project` events: whoever may read projects (`GET /v1/projects`; test/live/events.test.ts
 * holds the two declarations equal). A key with `issues:read` alone gets the stream without them.
 */
export const PROJECT_EVENT_ACCESS = { kind: 'workspace', role: 'viewer', scope: 'projects:read' } as const satisfies Access;

/** Whether `auth` passes `access`: the role in the workspace, and the scope for an API key. */
function passes(auth: AuthContext, access: typeof REQUEST_EVENT_ACCESS | typeof NOTIFICATION_EVENT_ACCESS | typeof PROJECT_EVENT_ACCESS): boolean {
  if (!auth.workspace || !roleAtLeast(auth.workspace.role, access.role)) return false;
  return auth.principal.via !== 'api_key' || scopesAllow(auth.principal.scopes, access.scope);
}

/** Which of the events past issues and comments a credential is sent; decided when its stream opens and at every check. */
interface Audience {
  /** `REQUEST_EVENT_ACCESS` passed. */
  requests: boolean;
  /** `PROJECT_EVENT_ACCESS` passed. */
  projects: boolean;
  /** The membership whose notifications it is told of (`NOTIFICATION_EVENT_ACCESS`), or null for none. */
  notifications: string | null;
}

const audienceOf = (auth: AuthContext): Audience => ({
  requests: passes(auth, REQUEST_EVENT_ACCESS),
  projects: passes(auth, PROJECT_EVENT_ACCESS),
  notifications: auth.workspace && passes(auth, NOTIFICATION_EVENT_ACCESS) ? auth.workspace.membershipId : null,
});

export interface LiveStreamOptions {
  /** The `retry:` advice: how long a client waits before connecting again. */
  retryMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream and finds dead peers. */
  heartbeatMs: number;
  /** Every stream's credential is checked again this often, besides at every credential change. */
  recheckMs: number;
  /** A client this far behind (bytes waiting to be sent) is cut off: it connects again and refetches. */
  maxBuffered: number;
  /** Open streams of one person (or one API key) in one process; one more is 429. */
  perCredential: number;
}

export const defaultLiveStreamOptions: LiveStreamOptions = {
  retryMs: 3000,
  heartbeatMs: 20_000,
  recheckMs: 60_000,
  maxBuffered: 256 * 1024,
  perCredential: 32,
};

/** The events a stream sends, by name, with what their `data` holds (also in /openapi.json). */
export type StreamEvent =
  | { event: 'ready'; data: { workspaceId: string } }
  | { event: 'issue' | 'comment'; data: { issueId: string | null; repositoryId: string | null } }
  | { event: 'request'; data: { requestId: string | null; portalId: string } }
  | { event: 'notification'; data: { notificationId: string | null } }
  | { event: 'project'; data: { projectId: string | null } }
  | { event: 'resync'; data: Record<string, never> }
  | { event: 'end'; data: { code: string; message: string } };

/** Runs `work` for every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** One open stream: a body Fastify pipes to the response, fed by the process's change feed. */
class LiveStream implements FeedSubscriber {
  readonly body = new PassThrough();
  private readySent = false;
  private closed = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly streams: LiveStreams,
    readonly workspaceId: string,
    /** The request's credential and the workspace it chose: checked again as a new request would be. */
    readonly credential: Record<string, string>,
    readonly holder: string,
    /** What the credential is told of besides issues and comments; decided again at every check. */
    private audience: Audience,
  ) {
    // The client went away (or Fastify gave up on the response): the stream is done.
    this.body.on('close', () => this.close());
  }

  start(): void {
    this.write(`retry: ${this.streams.options.retryMs}\n\n`);
    this.unsubscribe = this.streams.services.changes.subscribe(this.workspaceId, this);
  }

  change(notice: ChangeNotice): void {
    if (notice.kind === 'notification') {
      // Somebody's own inbox: nobody else's stream, whatever their role, hears of it.
      if (this.audience.notifications !== null && notice.membershipId === this.audience.notifications) this.send({ event: 'notification', data: { notificationId: notice.notificationId } });
      return;
    }
    if (notice.kind === 'request') {
      if (this.audience.requests) this.send({ event: 'request', data: { requestId: notice.requestId, portalId: notice.portalId } });
      return;
    }
    if (notice.kind === 'project') {
      if (this.audience.projects) this.send({ event: 'project', data: { projectId: notice.projectId } });
      return;
    }
    this.send({ event: notice.kind, data: { issueId: notice.issueId, repositoryId: notice.repositoryId } });
  }

  listening(): void {
    if (this.readySent) {
      this.send({ event: 'resync', data: {} });
      return;
    }
    this.readySent = true;
    this.send({ event: 'ready', data: { workspaceId: this.workspaceId } });
  }

  lost(): void {
    // Told with `resync` when the feed listens again.
  }

  heartbeat(): void {
    this.write(': keep-alive\n\n');
  }

  /** Checks the credential again; a refusal (401, 403, 404) ends the stream, saying why. */
  async recheck(): Promise<void> {
    if (this.closed) return;
    try {
      const auth = await authorize(STREAM_ACCESS, { method: 'GET', headers: this.credential }, this.streams.services.credentials.resolver, this.streams.services.credentials.trustedOrigins);
      if (auth.workspace?.workspaceId !== this.workspaceId) this.end(new ApiError('not_found', { message: 'No such workspace.' }));
      else {
        // A role changed (a member made viewer) or a key's scopes: request, project and notification events follow.
        this.audience = audienceOf(auth);
      }
    } catch (error) {
      // A failure of ours (the database away) is not the credential's: the next check decides.
      if (error instanceof ApiError && error.status < 500) this.end(error);
    }
  }

  /** Ends the stream with an `end` event: the client should not connect again with this credential. */
  end(error: ApiError): void {
    this.send({ event: 'end', data: { code: error.code, message: error.message } });
    this.close();
  }

  /** Ends the stream without a word (the server is closing: the client connects again, elsewhere). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.streams.forget(this);
    this.body.end();
  }

  private send(message: StreamEvent): void {
    this.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  }

  private write(text: string): void {
    if (this.closed || this.body.destroyed) return;
    if (this.body.writableLength > this.streams.options.maxBuffered) {
      // Too far behind to catch up: cut off; on its next connection the client refetches everything.
      this.closed = true;
      this.unsubscribe?.();
      this.streams.forget(this);
      this.body.destroy();
      return;
    }
    this.body.write(text);
  }
}

/**
 * The process's open live-update streams. Each is a subscriber of the one change feed
 * (`services.changes`), filtered to its workspace there. Credentials are checked again at every
 * credential change (the credential cache's clear, which follows a `svc_credentials` notice here
 * or elsewhere, and the notice itself when the cache is off) and every `recheckMs`; a stream
 * whose credential no longer passes its route's checks ends with an `end` event.
 */
export class LiveStreams {
  private readonly open = new Set<LiveStream>();
  private readonly perHolder = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[];
  private readonly stopListening: Array<() => void>;
  private checking: Promise<void> | null = null;
  private checkAgain = false;
  private closed = false;

  constructor(
    readonly services: Services,
    readonly options: LiveStreamOptions = defaultLiveStreamOptions,
  ) {
    this.timers = [
      setInterval(() => {
        for (const stream of this.open) stream.heartbeat();
      }, options.heartbeatMs),
      setInterval(() => this.recheckAll(), options.recheckMs),
    ];
    for (const timer of this.timers) timer.unref();
    this.stopListening = [services.credentials.cache.onClear(() => this.recheckAll()), services.changes.onCredentialChange(() => this.recheckAll())];
  }

  get size(): number {
    return this.open.size;
  }

  /** A new stream for the request `auth` authorized: its body, for the reply to send. */
  start(auth: AuthContext & { workspace: NonNullable<AuthContext['workspace']> }, headers: Record<string, string | string[] | undefined>): PassThrough {
    if (this.closed) {
      // The server is closing (a request that was authorized before it began): an empty stream, so
      // the client connects again, to a process that stays.
      const body = new PassThrough();
      body.end(`retry: ${this.options.retryMs}\n\n`);
      return body;
    }
    const { principal } = auth;
    const holder = principal.via === 'api_key' ? `k:${principal.apiKeyId}` : `u:${principal.userId}`;
    const held = this.perHolder.get(holder) ?? 0;
    if (held >= this.options.perCredential) {
      throw new ApiError('rate_limited', {
        message: `At most ${this.options.perCredential} live-update streams may be open at once for one person or API key.`,
        remedy: 'Close a page that has one open, or share one stream between them.',
        retryAfter: Math.ceil(this.options.retryMs / 1000) * 10,
      });
    }
    const credential: Record<string, string> = { 'x-workspace-id': auth.workspace.workspaceId };
    for (const name of ['authorization', 'cookie']) {
      const value = headers[name];
      if (typeof value === 'string') credential[name] = value;
    }
    const stream = new LiveStream(this, auth.workspace.workspaceId, credential, holder, audienceOf(auth));
    this.open.add(stream);
    this.perHolder.set(holder, held + 1);
    stream.start();
    return stream.body;
  }

  /** Called by a stream when it ends. */
  forget(stream: LiveStream): void {
    if (!this.open.delete(stream)) return;
    const held = (this.perHolder.get(stream.holder) ?? 1) - 1;
    if (held > 0) this.perHolder.set(stream.holder, held);
    else this.perHolder.delete(stream.holder);
  }

  /**
   * Checks every stream's credential again, four at a time (after a clear, each distinct
   * credential is one query). A change that arrives meanwhile runs the round again after it.
   */
  recheckAll(): void {
    if (this.closed || this.open.size === 0) return;
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false;
        await eachLimited([...this.open], 4, (stream) => stream.recheck());
      } while (this.checkAgain && !this.closed);
    })().finally(() => {
      this.checking = null;
    });
  }

  /** Ends every stream (the server is closing) and stops. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const stop of this.stopListening) stop();
    for (const stream of [...this.open]) stream.close();
  }
}

const perServices = new WeakMap<Services, LiveStreams>();

/** The process's streams, made at the first one. */
export function liveStreamsOf(services: Services): LiveStreams {
  let streams = perServices.get(services);
  if (!streams) perServices.set(services, (streams = new LiveStreams(services)));
  return streams;
}

/** Ends every open stream of the app (before the server closes, which would wait for them). */
export function closeLiveStreams(services: Services): void {
  // Kept, closed: a stream asked for while the server closes ends at once.
  liveStreamsOf(services).close();
}
