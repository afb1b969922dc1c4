import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox } from '../../src/modules/work/notifications/service.js';
import { unique } from '../harness/fixtures.js';
import { hostClient } from '../harness/http.js';
import { buildInboxWorld, inboxHelpers, eventually, type InboxWorld } from './world.js';

/**
 * Where notifications come from: the service's own writes and GitHub's webhooks, each kind from
 * each, with one notification per person and event whichever way (or how often) it is told.
 */
let w: InboxWorld;
let h: ReturnType<typeof inboxHelpers>;

beforeAll(async () => {
  w = await buildInboxWorld();
  h = inboxHelpers(w);
}, 120_000);
afterAll(async () => {
  await w?.close();
});

describe('from the service writes', () => {
  it('assigned and mentioned on create: one notification each, the creator follows and hears nothing of their own issue', async () => {
    const { ann, ben, cat, dan, owner } = w;
    const created = await h.newIssue(ann, 'Checkout breaks', { body: `@${cat.login} can you look? Also \`@${owner.login}\` in code, mail a@${ben.login}.com`, assignees: [ben.login, ann.login] });
    const [toBen] = await h.about(ben, created.id);
    expect(toBen).toMatchObject({ kind: 'assigned', read: false, actor: { type: 'member', name: 'Ann Member', userId: ann.userId }, issue: { id: created.id, number: created.number, title: 'Checkout breaks', repository: `${w.org}/web` } });
    expect(await h.about(ben, created.id)).toHaveLength(1);
    const toCat = await h.about(cat, created.id);
    expect(toCat.map((n) => n.kind)).toEqual(['mentioned']);
    expect(toCat[0].excerpt).toContain('can you look?');
    // In a code span, inside an address: no mention. Ann assigned herself: her own action.
    expect(await h.about(owner, created.id)).toEqual([]);
    expect(await h.about(ann, created.id)).toEqual([]);
    expect(await h.about(dan, created.id)).toEqual([]);
    expect((await w.call('GET', `/v1/issues/${created.id}/follow`, h.as(ann))).body).toEqual({ issueId: created.id, following: true, reason: 'followed' });
  });

  it('edit: the added assignee and the newly mentioned hear of it; who was there already does not', async () => {
    const { ann, ben, cat, owner } = w;
    const created = await h.newIssue(owner, 'Slow search', { body: `cc @${cat.login}`, assignees: [ben.login] });
    await h.write(owner, 'PATCH', `/v1/issues/${created.id}`, { assignees: [ben.login, ann.login], body: `cc @${cat.login} and @${ben.login}` });
    expect((await h.about(ann, created.id)).map((n) => n.kind)).toEqual(['assigned']);
    expect((await h.about(ben, created.id)).map((n) => n.kind)).toEqual(['assigned', 'mentioned']);
    expect((await h.about(cat, created.id)).map((n) => n.kind)).toEqual(['mentioned']);
    // A title edit tells nobody anything.
    await h.write(owner, 'PATCH', `/v1/issues/${created.id}`, { title: 'Slow search (renamed)' });
    expect(await h.about(ann, created.id)).toHaveLength(1);
  });

  it('comment: followers (author, assignees, explicit followers) hear of it; a mention outranks; the writer hears nothing', async () => {
    const { ann, ben, cat, dan, owner } = w;
    const issueId = w.issueIds[1]; // opened on GitHub by ben
    await h.write(dan, 'PUT', `/v1/issues/${issueId}/follow`);
    await h.write(owner, 'PATCH', `/v1/issues/${issueId}`, { assignees: [ann.login] });
    const before = { ann: (await h.about(ann, issueId)).length, ben: (await h.about(ben, issueId)).length, cat: (await h.about(cat, issueId)).length, dan: (await h.about(dan, issueId)).length };
    const comment = await h.write(owner, 'POST', `/v1/issues/${issueId}/comments`, { body: `@${ann.login} this one is yours.\n\n\`\`\`\n@${cat.login} in a code block\n\`\`\`` }, 201);
    expect(comment.id).toBeTruthy();
    // Ann: mentioned and assigned -> one notification, the mention.
    expect((await h.about(ann, issueId)).slice(before.ann).map((n) => n.kind)).toEqual(['mentioned']);
    expect((await h.about(ben, issueId)).slice(before.ben).map((n) => [n.kind, n.actor.name, n.excerpt])).toEqual([['comment', 'Olive Owner', `@${ann.login} this one is yours. \`\`\` @${cat.login} in a code block \`\`\``]]);
    expect((await h.about(dan, issueId)).slice(before.dan).map((n) => n.kind)).toEqual(['comment']);
    expect((await h.about(cat, issueId)).length).toBe(before.cat);
    expect(await h.about(owner, issueId)).toEqual([]);
  });

  it('mentioned, assigned and author in one comment: one notification per person and event', async () => {
    const { ann, ben } = w;
    const created = await h.newIssue(ben, 'Everything at once', { assignees: [ben.login] });
    await h.write(ann, 'POST', `/v1/issues/${created.id}/comments`, { body: `@${ben.login} @${ben.login!.toUpperCase()} look` }, 201);
    expect((await h.about(ben, created.id)).map((n) => n.kind)).toEqual(['mentioned']);
  });

  it('a comment edit notifies only the newly mentioned, through the service and on GitHub', async () => {
    const { ann, ben, cat, owner } = w;
    const created = await h.newIssue(owner, 'Edited comments');
    const comment = await h.write(ann, 'POST', `/v1/issues/${created.id}/comments`, { body: `@${ben.login} first` }, 201);
    await h.write(ann, 'PATCH', `/v1/issues/${created.id}/comments/${comment.id}`, { body: `@${ben.login} first, and @${cat.login} too` });
    expect((await h.about(ben, created.id)).map((n) => n.kind)).toEqual(['mentioned']);
    expect((await h.about(cat, created.id)).map((n) => [n.kind, n.actor.name, n.excerpt])).toEqual([['mentioned', 'Ann Member', `@${ben.login} first, and @${cat.login} too`]]);
    // On GitHub: ben edits his own comment to mention ann.
    const number = (await w.call('GET', `/v1/issues/${created.id}`, h.as(owner))).body.number;
    const onGithub = await h.onGithub<{ id: number }>(ben.login!, 'POST', `/repos/${w.org}/web/issues/${number}/comments`, { body: 'no mention yet' });
    await h.onGithub(ben.login!, 'PATCH', `/repos/${w.org}/web/issues/comments/${onGithub.id}`, { body: `now @${ann.login}` });
    expect((await h.about(ann, created.id)).map((n) => [n.kind, n.actor.login])).toEqual([['mentioned', ben.login]]);
  });

  it('unfollowing an issue stops its comments, even for its author; following again brings them back', async () => {
    const { ann, ben } = w;
    const created = await h.newIssue(ben, 'Quiet please');
    const unfollowed = await h.write(ben, 'DELETE', `/v1/issues/${created.id}/follow`);
    expect(unfollowed).toEqual({ issueId: created.id, following: false, reason: 'unfollowed' });
    expect(await h.write(ben, 'DELETE', `/v1/issues/${created.id}/follow`)).toEqual(unfollowed);
    await h.write(ann, 'POST', `/v1/issues/${created.id}/comments`, { body: 'first' }, 201);
    expect(await h.about(ben, created.id)).toEqual([]);
    const followed = await h.write(ben, 'PUT', `/v1/issues/${created.id}/follow`);
    expect(followed).toEqual({ issueId: created.id, following: true, reason: 'followed' });
    expect(await h.write(ben, 'PUT', `/v1/issues/${created.id}/follow`)).toEqual(followed);
    await h.write(ann, 'POST', `/v1/issues/${created.id}/comments`, { body: 'second' }, 201);
    expect((await h.about(ben, created.id)).map((n) => [n.kind, n.excerpt])).toEqual([['comment', 'second']]);
    // Being mentioned still reaches an unfollower.
    await h.write(ben, 'DELETE', `/v1/issues/${created.id}/follow`);
    await h.write(ann, 'POST', `/v1/issues/${created.id}/comments`, { body: `@${ben.login} third` }, 201);
    expect((await h.about(ben, created.id)).map((n) => n.kind)).toEqual(['comment', 'mentioned']);
  });

  it("follow: an assignee follows by default; another workspace's issue is 404", async () => {
    const { ann, owner } = w;
    const created = await h.newIssue(owner, 'Assigned to ann', { assignees: [ann.login] });
    expect((await w.call('GET', `/v1/issues/${created.id}/follow`, h.as(ann))).body).toEqual({ issueId: created.id, following: true, reason: 'assignee' });
    expect((await w.call('GET', `/v1/issues/${created.id}/follow`, h.as(w.dan))).body).toEqual({ issueId: created.id, following: false, reason: null });
    expect((await w.call('GET', `/v1/issues/${created.id}/follow`, h.as(w.cat))).status).toBe(200);
    // Viewers may follow.
    expect((await w.call('PUT', `/v1/issues/${created.id}/follow`, h.as(w.cat))).body.following).toBe(true);
  });
});

describe('from GitHub webhooks', () => {
  it('assigned, mentioned and comment from changes people make on GitHub; the sender hears nothing of their own', async () => {
    const { ann, ben, cat, owner, zed } = { ...w, zed: w.zed };
    const issue = await h.onGithub<{ number: number }>(ann.login!, 'POST', `/repos/${w.org}/web/issues`, { title: 'Made on GitHub', body: `hey @${cat.login}`, assignees: [ben.login, ann.login] });
    const issueId = await eventually(
      async () => (await w.call('GET', `/v1/issues?limit=100&q=${encodeURIComponent('"Made on GitHub"')}`, h.as(owner))).body.data[0]?.id as string | undefined,
      (id) => !!id,
    );
    expect((await h.about(ben, issueId!)).map((n) => [n.kind, n.actor.type, n.actor.login, n.actor.name])).toEqual([['assigned', 'codehost', ann.login, 'Ann Member']]);
    expect((await h.about(cat, issueId!)).map((n) => n.kind)).toEqual(['mentioned']);
    expect(await h.about(ann, issueId!)).toEqual([]);

    // A person who is nobody here comments: the author (ann) and assignees (ben) hear of it.
    await h.onGithub(zed, 'POST', `/repos/${w.org}/web/issues/${issue.number}/comments`, { body: `@${owner.login} fyi` });
    expect((await h.about(ann, issueId!)).map((n) => [n.kind, n.actor.login, n.actor.name])).toEqual([['comment', zed, null]]);
    expect((await h.about(ben, issueId!)).map((n) => n.kind)).toEqual(['assigned', 'comment']);
    expect((await h.about(owner, issueId!)).map((n) => n.kind)).toEqual(['mentioned']);

    // Assigned on GitHub later; a body edit newly mentioning somebody.
    await h.onGithub(ben.login!, 'POST', `/repos/${w.org}/web/issues/${issue.number}/assignees`, { assignees: [owner.login] });
    expect((await h.about(owner, issueId!)).map((n) => [n.kind, n.actor.name])).toEqual([['mentioned', null], ['assigned', 'Ben Member']]);
    await h.onGithub(ben.login!, 'PATCH', `/repos/${w.org}/web/issues/${issue.number}`, { body: `hey @${cat.login} and @${ann.login}` });
    expect((await h.about(ann, issueId!)).map((n) => n.kind)).toEqual(['comment', 'mentioned']);
    expect((await h.about(cat, issueId!)).map((n) => n.kind)).toEqual(['mentioned']);
  });

  it('a redelivery makes no second notification', async () => {
    const { ann, ben } = w;
    const since = Math.max(0, ...w.gh.control.deliveries().map((d) => d.id));
    await h.onGithub(ann.login!, 'POST', `/repos/${w.org}/web/issues/1/comments`, { body: `@${ben.login} redelivered?` });
    const delivery = w.gh.control.deliveries().find((d) => d.id > since && d.event === 'issue_comment')!;
    const before = await h.about(ben, w.issueIds[1]);
    expect(before.at(-1)).toMatchObject({ kind: 'mentioned', excerpt: `@${ben.login} redelivered?` });
    w.gh.control.redeliver(delivery.id);
    await h.settled();
    expect(await h.about(ben, w.issueIds[1])).toEqual(before);
  });

  it('the echo of the service write adds nothing (every write above had its webhooks delivered): one notification per person and event', async () => {
    const { rows } = await w.t.database.pool.query(`select membership_id, event_key, count(*)::int as n from notifications where workspace_id = $1 group by 1, 2 having count(*) > 1`, [w.workspaceId]);
    expect(rows).toEqual([]);
    const echoes = w.gh.control.deliveries().filter((d) => (d.payload.sender as { login?: string })?.login?.endsWith('[bot]'));
    expect(echoes.length).toBeGreaterThan(5);
    expect(echoes.every((d) => d.status === 'delivered')).toBe(true);
  });

  it("the write's own transaction after its echo: its actor replaces the bot, the writer's own notification goes, nobody has two", async () => {
    const { ann, ben, owner } = w;
    const created = await h.newIssue(ann, 'Echo first', { assignees: [ann.login] });
    // What the service's bot posts, straight to GitHub (the write's transaction has not run yet).
    const res = await fetch(`${w.gh.url}/repos/${w.org}/web/issues/${created.number}/comments`, {
      method: 'POST',
      headers: { authorization: `token ${w.gh.control.installationToken(w.installationId).token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: `@${ben.login} from the bot` }),
    });
    const comment = (await res.json()) as { id: number; body: string };
    await h.settled();
    // Told by the webhook alone: the bot is the actor; ann (author, assignee) hears of it too, since nobody knows she wrote it.
    expect((await h.about(ben, created.id)).map((n) => [n.kind, n.actor.type])).toEqual([['mentioned', 'codehost']]);
    expect((await h.about(ann, created.id)).map((n) => n.kind)).toEqual(['comment']);
    const unreadBefore = (await h.inboxOf(ann)).unreadCount;
    await w.t.database.db.transaction((tx) =>
      inbox.afterCommentWritten(tx, w.t.services, { workspaceId: w.workspaceId, issueId: created.id, commentCodehostId: comment.id, body: comment.body, actor: { type: 'member', userId: ann.userId, name: ann.name } }),
    );
    expect((await h.about(ben, created.id)).map((n) => [n.kind, n.actor.type, n.actor.name])).toEqual([['mentioned', 'member', 'Ann Member']]);
    expect(await h.about(ann, created.id)).toEqual([]);
    expect((await h.inboxOf(ann)).unreadCount).toBe(unreadBefore - 1);
    expect(await h.about(owner, created.id)).toEqual([]);
  });
});

describe('portal requests', () => {
  let portal: { id: string; host: string };
  let openPortal: { id: string; host: string };
  let typeId: string;
  let openTypeId: string;

  beforeAll(async () => {
    const as = h.as(w.owner);
    const newPortal = async (access: string) => {
      const slug = unique('ip').toLowerCase();
      const res = await w.call('POST', '/v1/portals', { ...as, body: { name: `Help ${access}`, slug, access, defaultVisibility: 'public', referencePrefix: access === 'open' ? 'OPEN' : 'HELP' } });
      expect(res.status, res.text).toBe(201);
      return { id: res.body.id as string, host: `${slug}.portal.localhost` };
    };
    portal = await newPortal('invite_only');
    openPortal = await newPortal('open');
    const newType = async (p: { id: string }) => (await w.call('POST', `/v1/portals/${p.id}/request-types`, { ...as, body: { name: 'Question', destination: { repositoryId: w.repositoryId } } })).body.id as string;
    typeId = await newType(portal);
    openTypeId = await newType(openPortal);
    await h.onGithub(w.owner.login!, 'POST', `/repos/${w.org}/web/labels`, { name: 'needs-info', color: 'eeeeee' });
  });

  async function customer(name: string) {
    const email = `${unique('c')}@customer.test`;
    const res = await w.call('POST', `/v1/portals/${portal.id}/customers`, { ...h.as(w.owner), body: { email, name } });
    expect(res.status, res.text).toBe(201);
    const token = decodeURIComponent(/#token=(\S+)/.exec((await w.smtp.lastTo(email)).text)![1]);
    const signedIn = await hostClient(w.t.url, portal.host)('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    return signedIn.body.token as string;
  }

  it('request_new and request_held reach only the members who turned them on', async () => {
    const { ann, ben, owner } = w;
    expect((await w.call('PATCH', '/v1/notifications/preferences', { ...h.as(ann), body: { request_new: { inbox: true } } })).body.request_new).toEqual({ inbox: true, email: 'none' });
    expect((await w.call('PATCH', '/v1/notifications/preferences', { ...h.as(ben), body: { request_held: { inbox: true } } })).status).toBe(200);
    const grace = await customer('Grace Customer');
    const made = await hostClient(w.t.url, portal.host)('POST', '/portal/requests', { token: grace, body: { requestTypeId: typeId, title: 'Export fails', values: {} } });
    expect(made.status, made.text).toBe(201);
    await h.settled();
    // The repository is public and the request private: the issue carries the reference, the request the customer's title.
    const toAnn = (await h.inboxOf(ann)).data.filter((n) => n.request?.reference === made.body.reference);
    expect(toAnn).toMatchObject([{ kind: 'request_new', actor: { type: 'customer', name: 'Grace Customer' }, request: { portalId: portal.id, reference: made.body.reference, title: 'Export fails', portalName: 'Help invite_only' }, issue: { title: `${made.body.reference} (Question): kept private in svc` } }]);
    expect((await h.inboxOf(ben)).data.filter((n) => n.kind === 'request_new')).toEqual([]);
    expect((await h.inboxOf(owner)).data.filter((n) => n.request)).toEqual([]);

    const email = `${unique('held')}@customer.test`;
    const signed = await hostClient(w.t.url, openPortal.host)('POST', '/portal/auth/sign-up/email', { body: { name: 'Hal Newcomer', email, password: 'correct horse battery' } });
    const held = await hostClient(w.t.url, openPortal.host)('POST', '/portal/requests', { token: signed.headers.get('set-auth-token')!, body: { requestTypeId: openTypeId, title: 'Please help', values: {} } });
    expect(held.status, held.text).toBe(201);
    const toBen = (await h.inboxOf(ben)).data.filter((n) => n.request?.portalId === openPortal.id);
    expect(toBen).toMatchObject([{ kind: 'request_held', actor: { type: 'customer', name: 'Hal Newcomer' }, issue: null, request: { title: 'Please help' } }]);
    expect((await h.inboxOf(ann)).data.filter((n) => n.request?.portalId === openPortal.id)).toEqual([]);
  });

  it("request_status: members following the request's issue hear of a status change made through the service and on GitHub", async () => {
    const { ann, ben, cat, owner } = w;
    const grace = await customer('Gail Customer');
    const made = await hostClient(w.t.url, portal.host)('POST', '/portal/requests', { token: grace, body: { requestTypeId: typeId, title: 'Status please', values: {} } });
    expect(made.status, made.text).toBe(201);
    const request = (await w.call('GET', `/v1/portals/${portal.id}/requests?limit=100`, h.as(owner))).body.data.find((r: { reference: string }) => r.reference === made.body.reference);
    const issueId = request.issue.id as string;
    await h.write(ben, 'PUT', `/v1/issues/${issueId}/follow`);
    await h.write(cat, 'PUT', `/v1/issues/${issueId}/follow`);
    await h.write(owner, 'PUT', `/v1/issues/${issueId}/follow`);
    const statusesOf = async (p: typeof ben) => (await h.inboxOf(p)).data.filter((n) => n.kind === 'request_status' && n.request?.id === request.id).reverse();

    await h.write(owner, 'PATCH', `/v1/issues/${issueId}`, { state: 'closed', stateReason: 'completed' });
    const [closed] = await eventually(() => statusesOf(ben), (l) => l.length === 1);
    expect(closed).toMatchObject({ status: { id: 'completed', label: 'Completed' }, previousStatus: { id: 'open', label: 'Open' }, actor: { type: 'member', name: 'Olive Owner' }, request: { reference: made.body.reference }, issue: { id: issueId } });
    await eventually(() => statusesOf(cat), (l) => l.length === 1);
    // The owner closed it: no news to them. Ann does not follow it.
    expect(await statusesOf(owner)).toEqual([]);
    expect(await statusesOf(ann)).toEqual([]);

    // On GitHub: reopened with the waiting label, by Ann.
    await h.onGithub(ann.login!, 'PATCH', `/repos/${w.org}/web/issues/${request.issue.number}`, { state: 'open', labels: ['needs-info'] });
    const changes = await eventually(() => statusesOf(ben), (l) => l.length === 2);
    expect(changes[1]).toMatchObject({ status: { label: 'Waiting on you' }, previousStatus: { id: 'completed' }, actor: { type: 'codehost', login: ann.login, name: 'Ann Member' } });
    expect((await statusesOf(owner)).map((n) => n.status!.label)).toEqual(['Waiting on you']);
  });
});
