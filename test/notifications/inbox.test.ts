import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, issueKey, signUp } from '../harness/fixtures.js';
import type { CapturedMail } from '../harness/smtp.js';
import { buildInboxWorld, eventually, inboxHelpers, type InboxWorld, type Person } from './world.js';

/**
 * The inbox itself: listing (pages, unread filter, unreadCount), marking read as the spec says,
 * preferences, e-mail (immediate, collapsed; the daily digest), retention and tenant isolation.
 */
let w: InboxWorld;
let h: ReturnType<typeof inboxHelpers>;
/** An issue opened through the service by Ann, for the notifications these tests need. */
let issueId: string;

/** Ann mentions `p` in a new comment: one `mentioned` notification for them. */
const mention = async (p: Person, text = 'ping') => h.write(w.ann, 'POST', `/v1/issues/${issueId}/comments`, { body: `@${p.login} ${text}` }, 201);

beforeAll(async () => {
  w = await buildInboxWorld({ collapseSeconds: 1 });
  h = inboxHelpers(w);
  issueId = (await h.newIssue(w.ann, 'Inbox fixture', { body: 'A fixture for the inbox tests.' })).id;
}, 120_000);
afterAll(async () => {
  await w?.close();
});

describe('GET /v1/notifications', () => {
  it('newest first, paged by cursor; unread filter; unreadCount', async () => {
    const { ben } = w;
    for (let i = 1; i <= 12; i++) await mention(ben, `number ${i}`);
    const first = await w.call('GET', '/v1/notifications?limit=5', h.as(ben));
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((n: { excerpt: string }) => n.excerpt)).toEqual([12, 11, 10, 9, 8].map((i) => `@${ben.login} number ${i}`));
    expect(first.body.unreadCount).toBe(12);
    expect(first.body.data[0]).toMatchObject({ kind: 'mentioned', read: false, readAt: null, actor: { type: 'member', name: 'Ann Member', userId: w.ann.userId, login: null }, issue: { id: issueId, title: 'Inbox fixture' }, request: null, status: null, previousStatus: null });
    const second = await w.call('GET', `/v1/notifications?limit=5&cursor=${first.body.nextCursor}`, h.as(ben));
    const third = await w.call('GET', `/v1/notifications?limit=5&cursor=${second.body.nextCursor}`, h.as(ben));
    expect(third.body.nextCursor).toBeNull();
    const all = [...first.body.data, ...second.body.data, ...third.body.data].map((n: { id: string }) => n.id);
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);

    const read = await w.call('POST', '/v1/notifications/read', { ...h.as(ben), body: { notificationIds: all.slice(0, 3) } });
    expect(read.body).toEqual({ marked: 3, unreadCount: 9 });
    const unread = await h.inboxOf(ben, '&unread=true');
    expect(unread.data.map((n) => n.id)).toEqual(all.slice(3));
    expect(unread.unreadCount).toBe(9);
    const readOnes = await h.inboxOf(ben, '&unread=false');
    expect(readOnes.data.map((n) => n.id)).toEqual(all.slice(0, 3));
    expect(readOnes.data.every((n) => n.read && n.readAt)).toBe(true);
    expect(readOnes.unreadCount).toBe(9);

    // A cursor belongs to its list: another filter's, another person's, or an altered one is 422.
    const page = await w.call('GET', '/v1/notifications?limit=2&unread=true', h.as(ben));
    expect((await w.call('GET', `/v1/notifications?limit=2&cursor=${page.body.nextCursor}`, h.as(ben))).status).toBe(422);
    expect((await w.call('GET', `/v1/notifications?limit=2&unread=true&cursor=${page.body.nextCursor}`, h.as(w.cat))).body.error.code).toBe('invalid_request');
    expect((await w.call('GET', '/v1/notifications?limit=0', h.as(ben))).status).toBe(422);
    expect((await w.call('GET', '/v1/notifications?limit=101', h.as(ben))).status).toBe(422);
    expect((await w.call('GET', '/v1/notifications?unread=yes', h.as(ben))).status).toBe(422);
  });
});

describe('POST /v1/notifications/read', () => {
  it("ignores somebody else's ids and unknown ones; keeps the first read time; all marks the rest", async () => {
    const { cat, ben } = w;
    await mention(cat, 'one');
    await mention(cat, 'two');
    const catIds = (await h.inboxOf(cat)).data.map((n) => n.id);
    const benIds = (await h.inboxOf(ben, '&unread=true')).data.map((n) => n.id);
    const benUnread = (await h.inboxOf(ben)).unreadCount;

    const mixed = await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { notificationIds: [catIds[0], ...benIds, randomUUID()] } });
    expect(mixed.status, mixed.text).toBe(200);
    expect(mixed.body).toEqual({ marked: 1, unreadCount: catIds.length - 1 });
    expect((await h.inboxOf(ben)).unreadCount).toBe(benUnread);
    expect((await h.inboxOf(ben, '&unread=true')).data.map((n) => n.id)).toEqual(benIds);

    const firstRead = (await h.inboxOf(cat)).data.find((n) => n.id === catIds[0])!.readAt;
    expect(firstRead).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect((await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { notificationIds: [catIds[0], catIds[0]] } })).body).toEqual({ marked: 0, unreadCount: catIds.length - 1 });
    const all = await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { all: true } });
    expect(all.body).toEqual({ marked: catIds.length - 1, unreadCount: 0 });
    expect((await h.inboxOf(cat)).data.find((n) => n.id === catIds[0])!.readAt).toBe(firstRead);
    expect((await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { all: true } })).body).toEqual({ marked: 0, unreadCount: 0 });
    expect((await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { all: false } })).body).toEqual({ marked: 0, unreadCount: 0 });
    expect((await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { notificationIds: [] } })).body).toEqual({ marked: 0, unreadCount: 0 });
  });

  it('exactly one of notificationIds (at most 500) and all, else 422 invalid_request', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    const send = (body: unknown) => w.call('POST', '/v1/notifications/read', { ...h.as(w.ben), body });
    expect((await send({ notificationIds: ids(500) })).status).toBe(200);
    for (const body of [{ notificationIds: ids(501) }, { notificationIds: ids(1), all: true }, {}, { all: 'yes' }, { notificationIds: ['not-a-uuid'] }, { all: true, extra: 1 }]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('works with an API key whatever its scopes, and lists with one', async () => {
    const { owner } = w;
    await mention(owner, 'for the key');
    const key = await issueKey(w.call, owner, w.workspaceId, ['projects:read'], 'unrelated scopes');
    const listed = await w.call('GET', '/v1/notifications', { token: key.key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.unreadCount).toBeGreaterThan(0);
    const marked = await w.call('POST', '/v1/notifications/read', { token: key.key, body: { all: true } });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.unreadCount).toBe(0);
    expect(marked.body.marked).toBe(listed.body.unreadCount);
    // Following an issue reads it: a key needs issues:read for that.
    expect((await w.call('PUT', `/v1/issues/${issueId}/follow`, { token: key.key })).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("another workspace's people, and the same person in another workspace, neither see nor mark these notifications", async () => {
    const { ben } = w;
    await mention(ben, 'tenant');
    const benIds = (await h.inboxOf(ben, '&unread=true')).data.map((n) => n.id);
    const unread = (await h.inboxOf(ben)).unreadCount;
    const otherOwner = await signUp(w.call, 'Other Owner');
    const other = await createWorkspace(w.call, otherOwner, 'Other');
    // Ben's own session, in the other workspace he joins too.
    const elsewhere = { token: ben.token, workspaceId: other.id };
    await w.call('POST', `/v1/invitations`, { token: otherOwner.token, workspaceId: other.id, body: { email: ben.email, role: 'member' } });
    const token = /#token=([A-Za-z0-9_-]+)/.exec((await w.smtp.lastTo(ben.email)).text)![1];
    expect((await w.call('POST', '/account/invitations/accept', { token: ben.token, body: { token } })).status).toBe(200);

    for (const who of [{ token: otherOwner.token, workspaceId: other.id }, elsewhere]) {
      const list = await w.call('GET', '/v1/notifications', who);
      expect(list.status, list.text).toBe(200);
      expect(list.body).toEqual({ data: [], nextCursor: null, unreadCount: 0 });
      expect((await w.call('POST', '/v1/notifications/read', { ...who, body: { notificationIds: benIds } })).body).toEqual({ marked: 0, unreadCount: 0 });
      expect((await w.call('POST', '/v1/notifications/read', { ...who, body: { all: true } })).body).toEqual({ marked: 0, unreadCount: 0 });
      expect((await w.call('PUT', `/v1/issues/${issueId}/follow`, who)).status).toBe(404);
      expect((await w.call('GET', `/v1/issues/${issueId}/follow`, who)).body.error.code).toBe('not_found');
    }
    expect((await h.inboxOf(ben)).unreadCount).toBe(unread);
    expect((await h.inboxOf(ben, '&unread=true')).data.map((n) => n.id)).toEqual(benIds);
    // A cursor of Ben's inbox here is foreign there.
    const page = await w.call('GET', '/v1/notifications?limit=1', h.as(ben));
    expect((await w.call('GET', `/v1/notifications?limit=1&cursor=${page.body.nextCursor}`, elsewhere)).status).toBe(422);
  });
});

describe('preferences', () => {
  it('defaults, partial changes, and refusals', async () => {
    const res = await w.call('GET', '/v1/notifications/preferences', h.as(w.dan));
    expect(res.body).toEqual({
      assigned: { inbox: true, email: 'daily' },
      mentioned: { inbox: true, email: 'daily' },
      comment: { inbox: true, email: 'none' },
      request_status: { inbox: true, email: 'none' },
      request_new: { inbox: false, email: 'none' },
      request_held: { inbox: false, email: 'none' },
    });
    const changed = await w.call('PATCH', '/v1/notifications/preferences', { ...h.as(w.dan), body: { comment: { inbox: false }, assigned: { email: 'immediate' } } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ comment: { inbox: false, email: 'none' }, assigned: { inbox: true, email: 'immediate' }, mentioned: { inbox: true, email: 'daily' } });
    expect((await w.call('GET', '/v1/notifications/preferences', h.as(w.dan))).body).toEqual(changed.body);
    for (const body of [{}, { comment: {} }, { nonsense: { inbox: true } }, { comment: { email: 'weekly' } }, { comment: { inbox: 'no' } }]) {
      const refused = await w.call('PATCH', '/v1/notifications/preferences', { ...h.as(w.dan), body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    // Per workspace: the same person's preferences elsewhere are their own (checked by the viewer's defaults here).
    expect((await w.call('GET', '/v1/notifications/preferences', h.as(w.cat))).body.comment).toEqual({ inbox: true, email: 'none' });
  });

  it('a kind turned off does not arrive; the others still do', async () => {
    const { dan } = w;
    // Dan turned comments off above; he follows the fixture issue.
    await h.write(dan, 'PUT', `/v1/issues/${issueId}/follow`);
    const before = (await h.about(dan, issueId)).length;
    await h.write(w.ann, 'POST', `/v1/issues/${issueId}/comments`, { body: 'a plain comment' }, 201);
    expect(await h.about(dan, issueId)).toHaveLength(before);
    await w.t.database.pool.query('select 1');
    // Dan has no linked GitHub account, so nobody can mention him; turned back on, comments arrive.
    await w.call('PATCH', '/v1/notifications/preferences', { ...h.as(dan), body: { comment: { inbox: true } } });
    await h.write(w.ann, 'POST', `/v1/issues/${issueId}/comments`, { body: 'another plain comment' }, 201);
    expect((await h.about(dan, issueId)).slice(before).map((n) => [n.kind, n.excerpt])).toEqual([['comment', 'another plain comment']]);
  });
});

describe('e-mail', () => {
  const mailsTo = (email: string) => w.smtp.messages.filter((m) => m.to.includes(email) && !m.subject.startsWith('You are invited') && !/invit/i.test(m.subject));
  async function mailsAfter(email: string, count: number, timeoutMs = 10_000): Promise<CapturedMail[]> {
    return eventually(async () => mailsTo(email), (l) => l.length >= count, timeoutMs);
  }
  const quiet = () => new Promise((r) => setTimeout(r, 2500));

  it('immediate: notifications within the collapse window share one e-mail, text and HTML; a read one is not mailed', async () => {
    const { cat } = w;
    await w.call('PATCH', '/v1/notifications/preferences', { ...h.as(cat), body: { mentioned: { email: 'immediate' } } });
    await mention(cat, 'first <b>look</b>');
    await mention(cat, 'second look');
    const [mail] = await mailsAfter(cat.email, 1);
    await quiet();
    expect(mailsTo(cat.email)).toHaveLength(1);
    expect(mail.subject).toBe('[Inbox] 2 new notifications');
    expect(mail.text).toContain(`- Ann Member mentioned you on ${w.org}/web#`);
    expect(mail.text).toContain(`"Inbox fixture"`);
    expect(mail.text).toContain(`> @${cat.login} first <b>look</b>`);
    expect(mail.text).toContain(`> @${cat.login} second look`);
    expect(mail.text).toContain(`${w.gh.url}/${w.org}/web/issues/`);
    expect(mail.html).toContain('first &lt;b&gt;look&lt;/b&gt;');
    expect(mail.html).toContain(`href="${w.gh.url}/${w.org}/web/issues/`);

    await mention(cat, 'a third, alone');
    const [, single] = await mailsAfter(cat.email, 2);
    expect(single.subject).toBe(`[Inbox] Ann Member mentioned you on ${w.org}/web#${single.subject.match(/#(\d+)/)![1]} "Inbox fixture"`);

    // Read before its e-mail was due: not mailed.
    await mention(cat, 'read at once');
    await w.call('POST', '/v1/notifications/read', { ...h.as(cat), body: { all: true } });
    await quiet();
    expect(mailsTo(cat.email)).toHaveLength(2);
  });

  it('daily: the digest task mails each person what is still unread, once', async () => {
    const { ben, dan } = w;
    // Ben: mentions go to the daily digest by default; read some of them first.
    await w.call('POST', '/v1/notifications/read', { ...h.as(ben), body: { all: true } });
    await mention(ben, 'digest one');
    await mention(ben, 'digest two');
    const readOne = (await h.inboxOf(ben, '&unread=true')).data.find((n) => n.excerpt?.endsWith('digest one'))!;
    await w.call('POST', '/v1/notifications/read', { ...h.as(ben), body: { notificationIds: [readOne.id] } });
    expect(mailsTo(ben.email)).toEqual([]);
    const runDigest = () => w.t.database.pool.query(`select ${w.t.config.worker.schema}.add_job('inbox_digest', '{}'::json)`);
    await runDigest();
    const [digest] = await mailsAfter(ben.email, 1);
    expect(digest.subject).toBe('[Inbox] Your daily digest: 1 notification');
    expect(digest.text).toContain('here is what happened in Inbox that you have not read yet');
    expect(digest.text).toContain(`> @${ben.login} digest two`);
    expect(digest.text).not.toContain('digest one');
    expect(digest.text).not.toContain('number 12');
    expect(digest.html).toContain('digest two');
    await runDigest();
    await quiet();
    expect(mailsTo(ben.email)).toHaveLength(1);
    // Dan chose e-mail none for nothing, and has nothing waiting: no digest.
    expect(mailsTo(dan.email)).toEqual([]);
  });
});

describe('retention and the unread count', () => {
  it('the nightly cleanup deletes read notifications older than 90 days and keeps unread ones; unreadCount stays exact', async () => {
    const { ben } = w;
    await mention(ben, 'old and read');
    await mention(ben, 'old and unread');
    const list = (await h.inboxOf(ben, '&unread=true')).data;
    const oldRead = list.find((n) => n.excerpt?.endsWith('old and read'))!;
    const oldUnread = list.find((n) => n.excerpt?.endsWith('old and unread'))!;
    await w.call('POST', '/v1/notifications/read', { ...h.as(ben), body: { notificationIds: [oldRead.id] } });
    const { pool } = w.t.database;
    await pool.query(`update notifications set created_at = now() - interval '91 days' where id = any($1)`, [[oldRead.id, oldUnread.id]]);
    const unreadBefore = (await h.inboxOf(ben)).unreadCount;
    await pool.query(`select ${w.t.config.worker.schema}.add_job('codehost_cleanup', '{}'::json, job_key => 'cleanup-now')`);
    await eventually(async () => (await pool.query('select 1 from notifications where id = $1', [oldRead.id])).rowCount, (n) => n === 0);
    const after = await h.inboxOf(ben);
    expect(after.data.map((n) => n.id)).toContain(oldUnread.id);
    expect(after.unreadCount).toBe(unreadBefore);
    // The kept counter equals a count, for everybody.
    const { rows } = await pool.query(`
      select m.id, coalesce(c.unread, 0) as kept, (select count(*)::int from notifications n where n.membership_id = m.id and n.read_at is null) as counted
        from memberships m left join notification_counters c on c.membership_id = m.id where m.workspace_id = $1`, [w.workspaceId]);
    for (const r of rows) expect(r.kept, r.id).toBe(r.counted);
  });
});
