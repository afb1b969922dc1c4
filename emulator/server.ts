/** The emulator core: HTTP server, authentication, budgets, secondary limits, faults, latency, request log. */
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify as cryptoVerify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, Router, iso, sleep, type Principal, type Req, type Res, type Route } from './http.js';
import { Serializer } from './serialize.js';
import { Store, emptyData, type Account, type AppConfig, type Data, type Installation } from './state.js';
import { Webhooks } from './webhooks.js';

export interface LatencyConfig { fixedMs?: number; minMs?: number; maxMs?: number }
export interface Fault {
  id: number;
  method: string;
  /** pathname pattern: exact, with `*` wildcards, or a regular expression source starting with `^` */
  path: string;
  remaining: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  drop?: boolean;
}
export type FaultInput = Omit<Fault, 'id' | 'remaining'> & { count?: number };

export interface RequestLogEntry {
  id: number;
  method: string;
  path: string;
  url: string;
  route: string | null;
  installationId: number | null;
  userId: number | null;
  status: number;
  /** epoch milliseconds (fractional) */
  start: number;
  end: number;
}

export interface LimitsConfig {
  restLimit: number;
  graphqlLimit: number;
  userRestLimit: number;
  unauthenticatedLimit: number;
  /** concurrent requests per installation (or user) beyond which secondary limit answers 403 */
  maxConcurrent: number;
  contentPerMinute: number;
  contentPerHour: number;
  /** status used when the primary budget is exhausted (GitHub sends 403 or 429) */
  primaryStatus: 403 | 429;
  /** seconds announced in retry-after on secondary limit; null: no retry-after at all, as GitHub sometimes answers */
  retryAfter: number | null;
  /** status of a secondary-limit answer (GitHub sends 403 or 429) */
  secondaryStatus: 403 | 429;
  /** secondary limit on points per minute: REST GET/HEAD/OPTIONS cost 1, other methods 5 (GitHub: 900) */
  restPointsPerMinute: number;
  /** secondary limit on GraphQL points per minute: 1 per query, 5 per mutation (GitHub: 2,000) */
  graphqlPointsPerMinute: number;
}

interface Bucket { limit: number; used: number; reset: number }

export interface EmulatorOptions {
  privateKey?: string;
  appId?: number;
  appSlug?: string;
  webhookUrl?: string | null;
  webhookSecret?: string;
  clientId?: string;
  clientSecret?: string;
  latency?: LatencyConfig;
  limits?: Partial<LimitsConfig>;
}

const SECONDARY_DOC = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits';
const PRIMARY_DOC = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

export function makeApp(o: EmulatorOptions): AppConfig {
  let privateKey = o.privateKey;
  if (!privateKey) {
    const kp = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = kp.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  }
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    id: o.appId ?? 1, slug: o.appSlug ?? 'svc-emulated', name: 'svc (emulated)', ownerId: 0,
    clientId: o.clientId ?? 'Iv23li' + randomBytes(7).toString('hex'), clientSecret: o.clientSecret ?? randomBytes(20).toString('hex'),
    webhookSecret: o.webhookSecret ?? randomBytes(16).toString('hex'), privateKey, publicKey, webhookUrl: o.webhookUrl ?? null,
    setupUrl: null, setupOnUpdate: false, createdAt: iso(Date.now()),
    permissions: { issues: 'write', metadata: 'read', organization_projects: 'write', repository_projects: 'write', members: 'read', email_addresses: 'read', pull_requests: 'read' },
    events: ['issues', 'issue_comment', 'label', 'milestone', 'repository', 'projects_v2_item', 'sub_issues'],
  };
}

export class Emulator {
  store: Store;
  router = new Router();
  control = new Router();
  /** github.com's web pages that are not API (the install page): no authentication, budget or request log */
  web = new Router();
  /** who is at the browser on the web pages when the URL names nobody (`login=`); unset, the pages ask */
  oauthDefaultLogin: string | undefined = undefined;
  /** OAuth codes the approval page handed out (authorize-page.ts), until `POST /login/oauth/access_token` exchanges one */
  oauthCodes = new Map<string, { userId: number; expiresAt: number; redirectUri: string | null }>();
  ser: Serializer;
  hooks: Webhooks;
  base = 'http://127.0.0.1:0';
  server: http.Server | null = null;
  latency: LatencyConfig;
  limits: LimitsConfig;
  faults: Fault[] = [];
  private faultSeq = 0;
  requestLog: RequestLogEntry[] = [];
  private logSeq = 0;
  buckets = new Map<string, Bucket>();
  /** per-installation overrides of budget limits: key `${resource}:${subject}` */
  limitOverrides = new Map<string, number>();
  inflight = new Map<string, number>();
  contentLog = new Map<string, number[]>();
  /** optional hook used by conformance tests to validate every REST answer */
  onResponse?: (info: { method: string; template: string; status: number; body: unknown; headers: Record<string, string> }) => void;
  /** minimal web pages for html_url links (demo mode); null when the path is not one */
  htmlPage?: (path: string) => { status: number; html: string } | null;
  /** called after every request that may have changed the state (any method but GET and HEAD) */
  onChange: (() => void) | null = null;
  /** hooks called after reset() so that feature modules can clear their own state */
  resetHooks: (() => void)[] = [];
  private initial: EmulatorOptions;

  constructor(opts: EmulatorOptions = {}) {
    this.initial = opts;
    const app = makeApp(opts);
    this.store = new Store(emptyData(app));
    this.ensureAppAccounts();
    this.ser = new Serializer(this.store, this.base);
    this.hooks = new Webhooks(this.store, () => this.ser);
    this.latency = { ...(opts.latency ?? {}) };
    this.limits = {
      restLimit: 5000, graphqlLimit: 5000, userRestLimit: 5000, unauthenticatedLimit: 60, maxConcurrent: 100,
      contentPerMinute: 80, contentPerHour: 500, primaryStatus: 403, retryAfter: 60, secondaryStatus: 403, restPointsPerMinute: 900, graphqlPointsPerMinute: 2000, ...(opts.limits ?? {}),
    };
  }

  /** The app's owner and its bot account exist in every state. */
  ensureAppAccounts() {
    const app = this.store.data.app;
    if (!this.store.account(`${app.slug}-owner`)) {
      const owner = this.store.addAccount({ id: this.store.nextId(), login: `${app.slug}-owner`, type: 'User', name: 'App owner', email: null, emails: [], createdAt: app.createdAt, members: [], admins: [] });
      app.ownerId = owner.id;
    }
    if (!this.store.account(`${app.slug}[bot]`)) {
      this.store.addAccount({ id: this.store.nextId(), login: `${app.slug}[bot]`, type: 'Bot', name: null, email: null, emails: [], createdAt: app.createdAt, members: [], admins: [] });
    }
  }
  get bot(): Account { return this.store.account(`${this.store.data.app.slug}[bot]`)!; }

  /** Replace all state (reset or load). Keeps the app's keys and credentials. */
  replaceData(data: Data | null) {
    const app = this.store.data.app;
    this.store.data = data ? { ...data, app: { ...data.app, ...app, webhookUrl: app.webhookUrl } } : emptyData(app);
    this.store.reindex();
    this.ensureAppAccounts();
  }

  reset() {
    this.replaceData(null);
    this.faults = []; this.requestLog = []; this.buckets.clear(); this.limitOverrides.clear(); this.contentLog.clear(); this.pointLog.clear();
    this.latency = { ...(this.initial.latency ?? {}) };
    this.limits = { ...this.limits, maxConcurrent: 100, contentPerMinute: 80, contentPerHour: 500, restPointsPerMinute: 900, graphqlPointsPerMinute: 2000, ...(this.initial.limits ?? {}) };
    this.hooks.reset();
    for (const h of this.resetHooks) h();
  }

  // ---------------------------------------------------------------- listening
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = http.createServer((req, res) => { this.handle(req, res).catch((e) => { try { res.statusCode = 500; res.end(String(e)); } catch { /* ignore */ } }); });
    this.server.keepAliveTimeout = 65000;
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const addr = this.server.address() as AddressInfo;
    this.base = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
    this.ser.base = this.base;
    return this.base;
  }
  async close() {
    // let queued deliveries go out, but never hang on a slow receiver
    await Promise.race([this.hooks.idle().catch(() => undefined), sleep(2000)]);
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server!.close(() => r()));
  }

  // ---------------------------------------------------------------- auth
  authenticate(header: string | undefined, route: Route | null): Principal {
    if (!header) return { kind: 'none' };
    const m = /^(token|bearer)\s+(\S+)$/i.exec(header.trim());
    if (!m) {
      if (/^basic /i.test(header)) return { kind: 'none' };
      throw new ApiError(401, 'Bad credentials');
    }
    const tok = m[2]!;
    if (tok.split('.').length === 3) { this.verifyJwt(tok); return { kind: 'app' }; }
    const t = this.store.tokenByValue.get(tok);
    if (!t || t.expiresAt <= Date.now()) throw new ApiError(401, 'Bad credentials');
    if (t.kind === 'installation') {
      const inst = this.store.installationById.get(t.installationId!);
      if (!inst) throw new ApiError(401, 'Bad credentials');
      if (inst.suspendedAt && route?.template !== '/rate_limit') throw new ApiError(403, 'This installation has been suspended', { documentation_url: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app' });
      return { kind: 'installation', installation: inst, token: tok };
    }
    const user = this.store.accountById.get(t.userId!);
    if (!user) throw new ApiError(401, 'Bad credentials');
    return { kind: 'user', user, token: tok };
  }

  verifyJwt(jwt: string) {
    const [h, p, s] = jwt.split('.') as [string, string, string];
    let header: any, claims: any;
    try { header = JSON.parse(Buffer.from(h, 'base64url').toString()); claims = JSON.parse(Buffer.from(p, 'base64url').toString()); } catch {
      throw new ApiError(401, 'A JSON web token could not be decoded', { documentation_url: 'https://docs.github.com/rest' });
    }
    const app = this.store.data.app;
    if (header.alg !== 'RS256') throw new ApiError(401, 'A JSON web token could not be decoded');
    const ok = cryptoVerify('RSA-SHA256', Buffer.from(`${h}.${p}`), app.publicKey, Buffer.from(s, 'base64url'));
    if (String(claims.iss) !== String(app.id) && String(claims.iss) !== app.clientId) throw new ApiError(401, 'Integration not found');
    if (!ok) throw new ApiError(401, 'A JSON web token could not be decoded');
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.iat !== 'number' || !Number.isInteger(claims.iat) || claims.iat > now + 60)
      throw new ApiError(401, "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued.");
    if (typeof claims.exp !== 'number' || claims.exp <= now)
      throw new ApiError(401, "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires.");
    if (claims.exp - claims.iat > 600 || claims.exp > now + 660)
      throw new ApiError(401, "'Expiration time' claim ('exp') is too far in the future.");
  }

  mintInstallationToken(inst: Installation, ttlMs = 3600e3) {
    return this.store.addToken({ token: 'ghs_' + randomBytes(18).toString('base64url'), kind: 'installation', installationId: inst.id, expiresAt: Date.now() + ttlMs });
  }
  mintUserToken(user: Account, ttlMs = 8 * 3600e3) {
    return this.store.addToken({ token: 'ghu_' + randomBytes(18).toString('base64url'), kind: 'user', userId: user.id, expiresAt: Date.now() + ttlMs, refreshToken: 'ghr_' + randomBytes(30).toString('base64url') });
  }

  // ---------------------------------------------------------------- budgets
  subject(p: Principal, ip: string): string {
    if (p.kind === 'installation') return `installation:${p.installation.id}`;
    if (p.kind === 'user') return `user:${p.user.id}`;
    if (p.kind === 'app') return 'app';
    return `ip:${ip}`;
  }
  bucket(resource: 'core' | 'graphql', subject: string): Bucket {
    const key = `${resource}:${subject}`;
    const nowS = Math.floor(Date.now() / 1000);
    let b = this.buckets.get(key);
    const limit = this.limitOverrides.get(key) ?? this.limitOverrides.get(`${resource}:*`) ??
      (subject.startsWith('ip:') ? this.limits.unauthenticatedLimit : resource === 'graphql' ? this.limits.graphqlLimit : subject.startsWith('user:') ? this.limits.userRestLimit : this.limits.restLimit);
    if (!b || b.reset <= nowS) { b = { limit, used: 0, reset: nowS + 3600 }; this.buckets.set(key, b); }
    b.limit = limit;
    return b;
  }
  rateHeaders(resource: string, b: Bucket): Record<string, string> {
    return {
      'x-ratelimit-limit': String(b.limit), 'x-ratelimit-remaining': String(Math.max(0, b.limit - b.used)),
      'x-ratelimit-used': String(b.used), 'x-ratelimit-reset': String(b.reset), 'x-ratelimit-resource': resource,
    };
  }
  primaryExceeded(p: Principal, b: Bucket, resource: string): ApiError {
    const who = p.kind === 'installation' ? `installation ID ${p.installation.id}` : p.kind === 'user' ? `user ID ${p.user.id}` : 'this client';
    return new ApiError(this.limits.primaryStatus, `API rate limit exceeded for ${who}. If you reach out to GitHub Support for help, please include the request ID ${randomBytes(4).toString('hex').toUpperCase()} and timestamp ${new Date().toISOString()}.`,
      { documentation_url: PRIMARY_DOC }, this.rateHeaders(resource, b));
  }
  secondary(): ApiError {
    return new ApiError(this.limits.secondaryStatus, `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${randomBytes(4).toString('hex').toUpperCase()}.`,
      { documentation_url: SECONDARY_DOC }, this.limits.retryAfter === null ? {} : { 'retry-after': String(this.limits.retryAfter) });
  }
  /** sliding one-minute window of secondary-limit points per subject and resource */
  pointLog = new Map<string, { t: number; p: number }[]>();
  pointsAllowed(subject: string, resource: 'core' | 'graphql', points: number): boolean {
    const key = `${resource}:${subject}`;
    const now = Date.now();
    let arr = this.pointLog.get(key);
    if (!arr) { arr = []; this.pointLog.set(key, arr); }
    while (arr.length && arr[0]!.t <= now - 60e3) arr.shift();
    const used = arr.reduce((n, x) => n + x.p, 0);
    if (used + points > (resource === 'graphql' ? this.limits.graphqlPointsPerMinute : this.limits.restPointsPerMinute)) return false;
    arr.push({ t: now, p: points });
    return true;
  }

  contentAllowed(subject: string): boolean {
    const now = Date.now();
    let arr = this.contentLog.get(subject);
    if (!arr) { arr = []; this.contentLog.set(subject, arr); }
    while (arr.length && arr[0]! <= now - 3600e3) arr.shift();
    let lastMinute = 0;
    for (let i = arr.length - 1; i >= 0 && arr[i]! > now - 60e3; i--) lastMinute++;
    if (lastMinute >= this.limits.contentPerMinute || arr.length >= this.limits.contentPerHour) return false;
    arr.push(now);
    return true;
  }

  // ---------------------------------------------------------------- faults & latency
  addFault(f: FaultInput): Fault {
    const fault: Fault = { ...f, method: (f.method ?? '*').toUpperCase(), id: ++this.faultSeq, remaining: f.count ?? 1 };
    this.faults.push(fault);
    return fault;
  }
  private takeFault(method: string, path: string): Fault | null {
    for (const f of this.faults) {
      if (f.remaining <= 0) continue;
      if (f.method !== '*' && f.method !== method) continue;
      if (!pathMatches(f.path, path)) continue;
      f.remaining--;
      if (f.remaining <= 0) this.faults = this.faults.filter((x) => x !== f);
      return f;
    }
    return null;
  }
  private latencyMs(): number {
    const l = this.latency;
    if (l.minMs != null && l.maxMs != null) return l.minMs + Math.random() * (l.maxMs - l.minMs);
    return l.fixedMs ?? 0;
  }

  // ---------------------------------------------------------------- request handling
  async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req);
    let body: any = undefined;
    if (raw.length) {
      const ct = String(req.headers['content-type'] ?? '');
      if (ct.includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw.toString()));
      else { try { body = JSON.parse(raw.toString()); } catch { body = Symbol.for('invalid-json'); } }
    }
    if (method !== 'GET' && method !== 'HEAD') res.once('finish', () => this.onChange?.());
    if (path.startsWith('/_emulator/') || path === '/_emulator') return this.serveOutsideApi(this.control, method, path, url.searchParams, body, req, res);
    const webPage = this.web.match(method, path);
    if (webPage && 'route' in webPage) return this.serveOutsideApi(this.web, method, path, url.searchParams, body, req, res);
    if (method === 'GET' && this.htmlPage) {
      const page = this.htmlPage(path);
      if (page) { res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' }); res.end(page.html); return; }
    }
    const r = await this.dispatch({ method, path, query: url.searchParams, headers: req.headers, body, internal: false, ip: req.socket.remoteAddress ?? '' }, () => {
      // dropped connection
      req.socket.destroy();
    });
    if (!r) return;
    send(res, r, method);
  }

  /**
   * Runs one API request through authentication, limits, faults and the route handler.
   * Returns null when the connection was dropped by a fault.
   */
  async dispatch(input: { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: any; internal: boolean; ip: string; principal?: Principal }, drop?: () => void): Promise<Res | null> {
    const { method, path, query, headers } = input;
    const start = performance.timeOrigin + performance.now();
    const match = this.router.match(method, path);
    const route = match && 'route' in match ? match.route : null;
    let principal: Principal = { kind: 'none' };
    let logEntry: RequestLogEntry | null = null;
    let flightKey: string | null = null;
    let result: Res;
    if (!input.internal) {
      // every request is logged, including those refused for bad credentials
      logEntry = { id: ++this.logSeq, method, path, url: path + (query.size ? `?${query}` : ''), route: route?.template ?? null, installationId: null, userId: null, status: 0, start, end: 0 };
      this.requestLog.push(logEntry);
      if (this.requestLog.length > 500000) this.requestLog.splice(0, 100000);
    }
    try {
      principal = input.principal ?? this.authenticate(headers.authorization, route);
      if (logEntry) {
        logEntry.installationId = principal.kind === 'installation' ? principal.installation.id : null;
        logEntry.userId = principal.kind === 'user' ? principal.user.id : null;
      }
      result = await this.run(input, principal, route, match, (k) => { flightKey = k; }, drop);
    } catch (e) {
      result = errorRes(e);
    } finally {
      if (flightKey) this.inflight.set(flightKey, (this.inflight.get(flightKey) ?? 1) - 1);
    }
    if (logEntry) { logEntry.status = result.status; logEntry.end = performance.timeOrigin + performance.now(); }
    if (result.status === -1) return null;
    if (this.onResponse && route && result.status !== 304) {
      const res = result;
      const body = res.body !== undefined ? res.body : res.json !== undefined ? JSON.parse(res.json) : res.buffer !== undefined ? JSON.parse(res.buffer.toString('utf8')) : undefined;
      this.onResponse({ method, template: route.template, status: res.status, body, headers: res.headers ?? {} });
    }
    return result;
  }

  private async run(input: { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: any; internal: boolean; ip: string },
    principal: Principal, route: Route | null, match: ReturnType<Router['match']>, setFlight: (k: string) => void, drop?: () => void): Promise<Res> {
    const { method, path } = input;
    const subject = this.subject(principal, input.ip);
    if (!input.internal && (principal.kind === 'installation' || principal.kind === 'user')) {
      const n = (this.inflight.get(subject) ?? 0) + 1;
      this.inflight.set(subject, n);
      setFlight(subject);
      if (n > this.limits.maxConcurrent) throw this.secondary();
    }
    if (!input.internal) {
      const fault = this.takeFault(method, path);
      if (fault) {
        if (fault.delayMs) await sleep(fault.delayMs);
        if (fault.drop) { drop?.(); return { status: -1 }; }
        if (fault.status) {
          const body = fault.body ?? { message: httpMessage(fault.status), documentation_url: 'https://docs.github.com/rest', status: String(fault.status) };
          return { status: fault.status, body, headers: fault.headers ?? {}, noEtag: true };
        }
      }
      const ms = this.latencyMs();
      if (ms > 0) await sleep(ms);
    }
    if (!match) throw new ApiError(404, 'Not Found');
    if (!('route' in match)) throw new ApiError(404, 'Not Found');
    if (input.body === Symbol.for('invalid-json')) throw new ApiError(400, 'Problems parsing JSON');
    const { route: r, params } = match;
    const resource = r.opts.resource ?? 'core';
    const auth = r.opts.auth;
    if (auth === 'app' && principal.kind !== 'app') {
      throw new ApiError(401, principal.kind === 'none' ? 'Requires authentication' : 'A JSON web token could not be decoded', { documentation_url: 'https://docs.github.com/rest/apps/apps' });
    }
    if (auth === 'installation' && principal.kind !== 'installation') throw new ApiError(principal.kind === 'none' ? 401 : 403, principal.kind === 'none' ? 'Requires authentication' : 'Resource not accessible by integration');
    if (auth === 'user' && principal.kind !== 'user') throw new ApiError(principal.kind === 'none' ? 401 : 403, principal.kind === 'none' ? 'Requires authentication' : 'Resource not accessible by integration');
    if (auth === 'token' && principal.kind !== 'user' && principal.kind !== 'installation') throw new ApiError(401, 'Requires authentication');
    if (auth === 'any' && principal.kind === 'app') throw new ApiError(401, 'A JSON web token could not be decoded');

    if (r.opts.perm && principal.kind === 'installation' && !hasPermission(principal.installation.permissions, r.opts.perm)) {
      throw new ApiError(403, 'Resource not accessible by integration', { documentation_url: 'https://docs.github.com/rest' });
    }
    const charge = resource !== 'free' && !input.internal && principal.kind !== 'app';
    const b = charge ? this.bucket(resource === 'graphql' ? 'graphql' : 'core', subject) : null;
    if (b && resource === 'core' && b.used >= b.limit) throw this.primaryExceeded(principal, b, resource);
    if (!input.internal && (principal.kind === 'installation' || principal.kind === 'user')) {
      if (resource === 'core' && !this.pointsAllowed(subject, 'core', method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 1 : 5)) throw this.secondary();
      if (r.opts.creates && !this.contentAllowed(subject)) throw this.secondary();
    }

    const req: Req = { method, path, query: input.query, headers: input.headers, body: input.body ?? {}, params, principal, internal: input.internal, base: this.base };
    let res: Res;
    try {
      res = await r.handler(req);
    } catch (e) {
      const er = errorRes(e);
      if (b && resource === 'core') { b.used++; er.headers = { ...this.rateHeaders(resource, b), ...er.headers }; }
      return er;
    }
    res.headers = res.headers ?? {};
    let notModified = false;
    if (method === 'GET' && res.status === 200 && !res.noEtag && (res.body !== undefined || res.json !== undefined || res.buffer !== undefined)) {
      let etag = res.etag;
      if (!etag) {
        const json = res.json ?? JSON.stringify(res.body);
        etag = `W/"${createHash('sha1').update(json).digest('hex')}"`;
        res.json = json;
      }
      res.headers.etag = etag;
      const inm = input.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))) notModified = true;
    }
    if (b) {
      if (!notModified) b.used += resource === 'graphql' ? (res.cost ?? 1) : 1;
      Object.assign(res.headers, this.rateHeaders(resource, b));
    }
    if (notModified) return { status: 304, headers: res.headers };
    return res;
  }

  /** Control routes and web pages: outside authentication, budgets, faults and the request log. */
  private async serveOutsideApi(router: Router, method: string, path: string, query: URLSearchParams, body: any, req: http.IncomingMessage, res: http.ServerResponse) {
    const match = router.match(method, path);
    let r: Res;
    try {
      if (!match || !('route' in match)) throw new ApiError(404, `No control route ${method} ${path}`);
      r = await match.route.handler({ method, path, query, headers: req.headers, body: body ?? {}, params: match.params, principal: { kind: 'none' }, internal: true, base: this.base });
    } catch (e) { r = errorRes(e); }
    r.noEtag = true;
    send(res, r, method);
  }
}

const LEVEL: Record<string, number> = { read: 1, write: 2, admin: 3 };
/** Whether granted permissions include `name` at `level` or higher. */
export function hasPermission(granted: Record<string, string>, [name, level]: [string, string]): boolean {
  return (LEVEL[granted[name] ?? ''] ?? 0) >= (LEVEL[level] ?? 9);
}

export function pathMatches(pattern: string, path: string): boolean {
  if (pattern.startsWith('^')) return new RegExp(pattern).test(path);
  if (!pattern.includes('*')) return pattern === path;
  const re = new RegExp('^' + pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return re.test(path);
}

function httpMessage(status: number): string {
  return http.STATUS_CODES[status] ?? 'Error';
}

export function errorRes(e: unknown): Res {
  if (e instanceof ApiError) return { status: e.status, body: e.toBody(), headers: { ...e.headers }, noEtag: true };
  console.error('[emulator] internal error', e);
  return { status: 500, body: { message: 'Server Error', documentation_url: 'https://docs.github.com/rest', status: '500' }, noEtag: true };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, r: Res, method: string) {
  const headers: Record<string, string> = {
    'x-github-media-type': 'github.v3; format=json', 'x-github-request-id': randomBytes(6).toString('hex').toUpperCase(),
    'x-github-api-version-selected': '2022-11-28', 'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff', ...(r.headers ?? {}),
  };
  let payload: string | Buffer | undefined;
  if (r.buffer !== undefined && r.status === 200) { payload = r.buffer; headers['content-type'] = 'application/json; charset=utf-8'; }
  else if (r.text !== undefined) { payload = r.text; headers['content-type'] = r.contentType ?? 'text/plain; charset=utf-8'; }
  else if ((r.body !== undefined || r.json !== undefined) && r.status !== 204 && r.status !== 304) {
    payload = r.json ?? JSON.stringify(r.body);
    headers['content-type'] = r.contentType ?? 'application/json; charset=utf-8';
  }
  if (r.status === 200 || r.status === 304) headers['cache-control'] = headers['cache-control'] ?? 'private, max-age=60, s-maxage=60';
  headers.vary = 'Accept, Authorization, Cookie, X-GitHub-OTP';
  if (payload !== undefined) headers['content-length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
  res.writeHead(r.status, headers);
  res.end(method === 'HEAD' ? undefined : payload);
}
