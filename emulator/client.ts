/**
 * Typed HTTP client for the control API (`/_emulator/...`), for tests or tools that run in another process than the
 * emulator. In-process callers can use `RunningEmulator.control` (the `Control` class) directly instead.
 */
import type { AppCredentials } from './control.js';
import type { FieldInput } from './projects.js';
import type { SeedOptions, SeedResult } from './seed.js';
import type { Fault, FaultInput, LatencyConfig, LimitsConfig, RequestLogEntry } from './server.js';
import type { Delivery, WebhookFaults } from './webhooks.js';

export class ControlClient {
  constructor(public baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/_emulator${path}`, {
      method, headers: body !== undefined ? { 'content-type': 'application/json' } : {}, body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const data = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new Error(`${method} /_emulator${path}: ${res.status} ${data?.message ?? text}`);
    return data as T;
  }

  app() { return this.call<AppCredentials & { webhookUrl: string | null; setupUrl: string | null; redirectOnUpdate: boolean; baseUrl: string; graphqlUrl: string }>('GET', '/app'); }
  setSetupUrl(url: string | null, options: { redirectOnUpdate?: boolean } = {}) { return this.call('PUT', '/app/setup-url', { url, ...options }); }
  reset() { return this.call('POST', '/reset'); }
  seed(opts: SeedOptions) { return this.call<SeedResult>('POST', '/seed', opts); }
  save(path: string) { return this.call('POST', '/save', { path }); }
  load(path: string) { return this.call('POST', '/load', { path }); }
  createUser(input: { login: string; name?: string; email?: string | null; emails?: { email: string; primary?: boolean; verified?: boolean; visibility?: 'public' | 'private' | null }[] }) { return this.call<{ id: number; login: string; node_id: string }>('POST', '/users', input); }
  createOrg(input: { login: string; name?: string; members?: string[]; admins?: string[] }) { return this.call<{ id: number; login: string; node_id: string }>('POST', '/orgs', input); }
  addMember(org: string, login: string) { return this.call('PUT', `/orgs/${org}/members/${login}`); }
  removeMember(org: string, login: string) { return this.call('DELETE', `/orgs/${org}/members/${login}`); }
  createIssueType(org: string, input: { name: string; description?: string; color?: string; isEnabled?: boolean }) { return this.call<{ id: number; node_id: string; name: string }>('POST', `/orgs/${org}/issue-types`, input); }
  createRepo(input: { owner: string; name: string; private?: boolean; archived?: boolean; description?: string; collaborators?: string[] }) { return this.call<{ id: number; full_name: string; node_id: string }>('POST', '/repos', input); }
  setArchived(fullName: string, archived: boolean, sender?: string) { return this.call('POST', `/repos/${fullName}/archive`, { archived, sender }); }
  renameRepo(fullName: string, name: string, sender?: string) { return this.call('POST', `/repos/${fullName}/rename`, { name, sender }); }
  deleteRepo(fullName: string, sender?: string) { return this.call('DELETE', `/repos/${fullName}`, { sender }); }
  transferIssue(fullName: string, number: number, to: string, login: string) { return this.call<{ number: number; id: number }>('POST', `/repos/${fullName}/issues/${number}/transfer`, { to, login }); }
  deleteIssue(fullName: string, number: number, login: string) { return this.call('DELETE', `/repos/${fullName}/issues/${number}`, { login }); }
  install(input: { account: string; repositories?: 'all' | string[]; sender?: string }) { return this.call<{ id: number }>('POST', '/installations', input); }
  installations() { return this.call<{ id: number; account: { login: string } }[]>('GET', '/installations'); }
  uninstall(id: number, sender?: string) { return this.call('DELETE', `/installations/${id}`, { sender }); }
  setInstallationRepos(id: number, change: { add?: string[]; remove?: string[]; sender?: string }) { return this.call('POST', `/installations/${id}/repositories`, change); }
  suspend(id: number, sender?: string) { return this.call('POST', `/installations/${id}/suspend`, { sender }); }
  unsuspend(id: number, sender?: string) { return this.call('POST', `/installations/${id}/unsuspend`, { sender }); }
  setInstallationPermissions(id: number, permissions: Record<string, string>, sender?: string) { return this.call('PUT', `/installations/${id}/permissions`, { permissions, sender }); }
  installationToken(id: number, ttlSeconds?: number) { return this.call<{ token: string; expiresAt: string }>('POST', `/installations/${id}/token`, { ttlSeconds }); }
  userToken(login: string, ttlSeconds?: number) { return this.call<{ token: string; refreshToken: string; expiresAt: string }>('POST', `/users/${login}/token`, { ttlSeconds }); }
  revokeAuthorization(login: string) { return this.call('POST', `/users/${login}/revoke`); }
  setOAuthLogin(login: string | null) { return this.call('PUT', '/oauth/login', { login }); }
  act(login: string, method: string, path: string, body?: unknown) { return this.call<{ status: number; body: unknown }>('POST', '/act', { login, method, path, body }); }
  createProject(input: { owner: string; title: string; creator?: string; statusOptions?: string[]; workflowStatusOnAdd?: string | null; fields?: FieldInput[] }) { return this.call<{ id: string; number: number; databaseId: number }>('POST', '/projects', input); }
  addProjectItem(owner: string, number: number, content: { repo: string; issue: number } | { draftTitle: string; body?: string }, login?: string) { return this.call<{ id: string }>('POST', `/projects/${owner}/${number}/items`, { ...content, login }); }
  setBudget(input: { resource?: 'core' | 'graphql'; limit?: number; remaining?: number; installationId?: number; userLogin?: string }) { return this.call('PUT', '/budget', input); }
  resetBudgets() { return this.call('DELETE', '/budget'); }
  setLatency(l: LatencyConfig) { return this.call('PUT', '/latency', l); }
  setLimits(l: Partial<LimitsConfig>) { return this.call<LimitsConfig>('PUT', '/limits', l); }
  addFault(f: FaultInput) { return this.call<Fault>('POST', '/faults', f); }
  faults() { return this.call<Fault[]>('GET', '/faults'); }
  clearFaults() { return this.call('DELETE', '/faults'); }
  requestLog(filter: { installationId?: number; sinceId?: number } = {}) {
    const q = new URLSearchParams();
    if (filter.installationId != null) q.set('installation_id', String(filter.installationId));
    if (filter.sinceId != null) q.set('since_id', String(filter.sinceId));
    return this.call<RequestLogEntry[]>('GET', `/requests${q.size ? `?${q}` : ''}`);
  }
  clearRequestLog() { return this.call('DELETE', '/requests'); }
  maxConcurrency(installationId: number) { return this.call<{ installationId: number; maxConcurrency: number }>('GET', `/requests/max-concurrency/${installationId}`).then((r) => r.maxConcurrency); }
  setWebhookUrl(url: string | null) { return this.call('PUT', '/webhooks/url', { url }); }
  setWebhookFaults(f: WebhookFaults) { return this.call('PUT', '/webhooks/faults', f); }
  setWebhookConcurrency(concurrency: number) { return this.call('PUT', '/webhooks/concurrency', { concurrency }); }
  deliveries() { return this.call<(Omit<Delivery, 'payload'> & { payload: Record<string, unknown> })[]>('GET', '/webhooks/deliveries'); }
  redeliver(id: number) { return this.call<{ id: number; guid: string }>('POST', `/webhooks/deliveries/${id}/redeliver`); }
  webhooksIdle() { return this.call('POST', '/webhooks/idle'); }
}
