import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhooks } from '@octokit/webhooks';
import { world, type World } from './helpers.js';

describe('webhooks', () => {
  let w: World;
  beforeAll(async () => { w = await world({ seed: { seed: 5, issues: 20, comments: 10 } }); });
  afterAll(async () => { await w?.close(); });
  beforeEach(async () => { await w.gh.control.webhooksIdle(); w.receiver.received.length = 0; });
  const events = () => w.receiver.received.map((d) => `${d.event}.${d.body.action}`);

  it('are signed, carry GitHub\'s headers and are accepted by @octokit/webhooks', async () => {
    w.gh.control.createOrg({ login: 'acme', members: ['alice'], admins: ['alice'] });
    w.gh.control.createRepo({ owner: 'acme', name: 'api' });
    w.gh.control.createRepo({ owner: 'acme', name: 'web', private: true });
    const inst = w.gh.control.install({ account: 'acme', repositories: ['api'], sender: 'alice' });
    await w.gh.control.webhooksIdle();
    const d = w.receiver.received.find((x) => x.event === 'installation')!;
    expect(d.body.action).toBe('created');
    expect(d.verified).toBe(true);
    expect(d.headers['x-github-hook-installation-target-type']).toBe('integration');
    expect(d.headers['x-github-hook-installation-target-id']).toBe(String(w.gh.app.appId));
    expect(d.delivery).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.body.repositories.map((r: any) => r.full_name)).toEqual(['acme/api']);
    // the same bytes pass @octokit/webhooks' verifyAndReceive
    const wh = new Webhooks({ secret: w.gh.app.webhookSecret });
    let seen = 0;
    wh.on('installation.created', () => { seen++; });
    await wh.verifyAndReceive({ id: d.delivery, name: 'installation', payload: JSON.stringify(d.body), signature: d.signature });
    expect(seen).toBe(1);
    await expect(new Webhooks({ secret: 'wrong' }).verifyAndReceive({ id: d.delivery, name: 'installation', payload: JSON.stringify(d.body), signature: d.signature })).rejects.toThrow();

    w.gh.control.setInstallationRepos(inst.id, { add: ['web'] });
    w.gh.control.setInstallationRepos(inst.id, { remove: ['api'] });
    w.gh.control.suspend(inst.id, true);
    w.gh.control.suspend(inst.id, false);
    await w.gh.control.webhooksIdle();
    expect(events()).toEqual(['installation.created', 'installation_repositories.added', 'installation_repositories.removed', 'installation.suspend', 'installation.unsuspend']);
    expect(w.receiver.received[1]!.body.repositories_added.map((r: any) => r.name)).toEqual(['web']);
    expect(w.receiver.received.every((x) => x.verified)).toBe(true);
    expect(w.violations).toEqual([]);
  });

  it('deliver what a person\'s changes would, with the person as sender', async () => {
    const r = await w.gh.control.act('alice', 'POST', '/repos/org-1/repo-1/issues', { title: 'by alice', labels: ['bug'] });
    expect(r.status).toBe(201);
    const n = (r.body as any).number;
    await w.gh.control.act('alice', 'POST', `/repos/org-1/repo-1/issues/${n}/comments`, { body: 'note' });
    const g = await w.gh.control.act('alice', 'POST', '/graphql', { query: `query { repository(owner: "org-1", name: "repo-1") { issue(number: ${n}) { id } } }` });
    expect((g.body as any).data.repository.issue.id).toMatch(/^I_/);
    const moved = w.gh.control.transferIssue('org-1/repo-1', n, 'org-1/repo-2', 'alice');
    const movedIssue = await w.gh.control.act('alice', 'GET', `/repos/org-1/repo-2/issues/${moved.number}`);
    expect((movedIssue.body as any).labels.map((l: any) => l.name)).toEqual(['bug']);
    const r2 = await w.gh.control.act('alice', 'POST', '/repos/org-1/repo-1/issues', { title: 'to delete' });
    w.gh.control.deleteIssue('org-1/repo-1', (r2.body as any).number, 'alice');
    await w.gh.control.webhooksIdle();
    expect(events()).toEqual(['issues.opened', 'issues.labeled', 'issue_comment.created', 'issues.transferred', 'issues.opened', 'issues.opened', 'issues.deleted']);
    expect(w.receiver.received.every((d) => d.body.sender.login === 'alice')).toBe(true);
    expect(w.violations).toEqual([]);
    // control actions do not appear in the request log
    expect(w.gh.control.requestLog().some((e) => e.path.includes('to delete'))).toBe(false);
  });

  it('deliver repository archived/renamed/deleted and github_app_authorization', async () => {
    w.gh.control.createRepo({ owner: 'org-1', name: 'old' });
    w.gh.control.setArchived('org-1/old', true, 'alice');
    w.gh.control.setArchived('org-1/old', false, 'alice');
    w.gh.control.renameRepo('org-1/old', 'new', 'alice');
    w.gh.control.deleteRepo('org-1/new', 'alice');
    w.gh.control.userToken('bob');
    w.gh.control.revokeAuthorization('bob');
    await w.gh.control.webhooksIdle();
    expect(events()).toEqual(['repository.created', 'repository.archived', 'repository.unarchived', 'repository.renamed', 'repository.deleted', 'github_app_authorization.revoked']);
    expect(w.receiver.received[3]!.body.changes.repository.name.from).toBe('old');
    expect(w.violations).toEqual([]);
  });

  it('keep a delivery log; redelivery reuses X-GitHub-Delivery; nobody retries failures', async () => {
    await w.gh.control.act('alice', 'POST', '/repos/org-1/repo-1/labels', { name: 'logme' });
    await w.gh.control.webhooksIdle();
    const log = w.gh.control.deliveries();
    const last = log[log.length - 1]!;
    expect(last.event).toBe('label');
    expect(last.status).toBe('delivered');
    expect(last.statusCode).toBe(200);
    const again = w.gh.control.redeliver(last.id);
    await w.gh.control.webhooksIdle();
    expect(again.guid).toBe(last.guid);
    const got = w.receiver.received.filter((d) => d.delivery === last.guid);
    expect(got.length).toBe(2);
    expect(got[0]!.body).toEqual(got[1]!.body);
    // failed delivery is recorded and not retried
    w.gh.control.setWebhookUrl('http://127.0.0.1:9/unreachable');
    await w.gh.control.act('alice', 'POST', '/repos/org-1/repo-1/labels', { name: 'lost' });
    await w.gh.control.webhooksIdle();
    w.gh.control.setWebhookUrl(w.receiver.url);
    const failed = w.gh.control.deliveries().filter((d) => d.status === 'failed');
    expect(failed.map((d) => (d.payload as any).label?.name)).toEqual(['lost']);
    expect(failed[0]!.error).toBeTruthy();
    expect(w.receiver.received.some((d) => d.body.label?.name === 'lost')).toBe(false);
  });

  it('can be dropped, duplicated, reordered and delayed', async () => {
    const label = (name: string) => w.gh.control.act('alice', 'POST', '/repos/org-1/repo-1/labels', { name });
    w.gh.control.setWebhookFaults({ dropNext: 1 });
    await label('d1'); await label('d2');
    await w.gh.control.webhooksIdle();
    expect(w.receiver.received.map((d) => d.body.label.name)).toEqual(['d2']);
    expect(w.gh.control.deliveries().find((d) => (d.payload as any).label?.name === 'd1')!.status).toBe('dropped');
    w.receiver.received.length = 0;
    w.gh.control.setWebhookFaults({ duplicateNext: 1 });
    await label('u1');
    await w.gh.control.webhooksIdle();
    expect(w.receiver.received.map((d) => d.body.label.name)).toEqual(['u1', 'u1']);
    expect(w.receiver.received[0]!.delivery).toBe(w.receiver.received[1]!.delivery);
    w.receiver.received.length = 0;
    w.gh.control.setWebhookFaults({ reorderNext: 1 });
    await label('r1'); await label('r2'); await label('r3');
    await w.gh.control.webhooksIdle();
    expect(w.receiver.received.map((d) => d.body.label.name)).toEqual(['r2', 'r1', 'r3']);
    w.receiver.received.length = 0;
    w.gh.control.setWebhookFaults({ delayMs: 150 });
    const t0 = Date.now();
    await label('late');
    await w.gh.control.webhooksIdle();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(w.receiver.received.map((d) => d.body.label.name)).toEqual(['late']);
    // parallel deliveries: four delayed deliveries overlap instead of queueing
    w.receiver.received.length = 0;
    w.gh.control.setWebhookConcurrency(4);
    const t1 = Date.now();
    for (const n of ['p1', 'p2', 'p3', 'p4']) await label(n);
    await w.gh.control.webhooksIdle();
    expect(Date.now() - t1).toBeLessThan(500);
    expect(w.receiver.received.map((d) => d.body.label.name).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    w.gh.control.setWebhookConcurrency(1);
    w.gh.control.setWebhookFaults({});
  });
});
