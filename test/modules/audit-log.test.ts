import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';

/**
 * The audit log's filters and its CSV export over HTTP. Most entries are written straight into the
 * table with chosen actors, objects and times, so each filter's answer can be known exactly; the
 * actor filter is also checked on entries the service wrote itself (a session and an API key).
 */
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let other: { id: string };
let otherOwner: TestPerson;

const alice = randomUUID();
const bob = randomUUID();
const aliceKey = randomUUID();
const base = Date.parse('2026-03-01T00:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

interface Seed {
  action: string;
  who: 'alice' | 'alice-key' | 'bob' | 'customer';
  target: [string, string];
  minute: number;
  after?: Record<string, unknown>;
}

const actorOf = (who: Seed['who']) =>
  who === 'customer'
    ? { type: 'customer', customerId: randomUUID(), portalId: randomUUID(), name: 'A customer' }
    : {
        type: 'member',
        userId: randomUUID(),
        name: who === 'bob' ? 'Bob' : 'Alice',
        membershipId: who === 'bob' ? bob : alice,
        credential: who === 'alice-key' ? { via: 'api_key', apiKeyId: aliceKey, name: 'deploy bot' } : { via: 'session' },
      };

// 40 entries one minute apart: a mix of actors, two actions, three objects.
const seeds: Seed[] = Array.from({ length: 40 }, (_, i) => ({
  action: i % 3 === 0 ? 'label.created' : 'view.updated',
  who: (['alice', 'alice-key', 'bob', 'customer'] as const)[i % 4],
  target: i % 5 === 0 ? ['view', 'v-1'] : i % 5 === 1 ? ['view', 'v-2'] : ['label', `l-${i}`],
  minute: i,
}));

async function seed(workspaceId: string, rows: Seed[]) {
  for (const s of rows)
    await t.database.pool.query(
      `insert into audit_entries (id, workspace_id, action, actor, target_type, target_id, before, after, request_id, created_at) values ($1, $2, $3, $4, $5, $6, null, $7, null, $8)`,
      [randomUUID(), workspaceId, s.action, JSON.stringify(actorOf(s.who)), s.target[0], s.target[1], s.after ? JSON.stringify(s.after) : null, at(s.minute)],
    );
}

const as = () => ({ token: owner.token, workspaceId: ws.id });

/** The minutes of what the log answers, all pages read with `limit`. */
async function minutesOf(query: string, limit = 7): Promise<number[]> {
  const minutes: number[] = [];
  let cursor: string | null = null;
  do {
    const since = query.includes('since=') ? '' : `&since=${at(0)}`;
    const res: CallResult = await call('GET', `/v1/audit?limit=${limit}${since}&${query}${cursor ? `&cursor=${cursor}` : ''}`, as());
    expect(res.status, res.text).toBe(200);
    minutes.push(...res.body.data.map((e: { createdAt: string }) => (Date.parse(e.createdAt) - base) / 60_000));
    cursor = res.body.nextCursor;
  } while (cursor);
  return minutes;
}
const expected = (keep: (s: Seed) => boolean) =>
  seeds
    .filter(keep)
    .map((s) => s.minute)
    .sort((a, b) => b - a);

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Owner');
  ws = await createWorkspace(call, owner, 'Audited');
  otherOwner = await signUp(call, 'Other');
  other = await createWorkspace(call, otherOwner, 'Elsewhere');
  // The key the seeded `alice-key` entries name belongs to this workspace, so the actor id resolves to it.
  await t.database.pool.query(
    `insert into api_keys (id, workspace_id, membership_id, name, scopes, digest, prefix) select $1, $2, m.id, 'deploy bot', '{}', md5(random()::text) || md5(random()::text), 'svc_test' from memberships m where m.workspace_id = $2 limit 1`,
    [aliceKey, ws.id],
  );
  await seed(ws.id, seeds);
  // The same actors, actions and objects in another workspace: none of it may ever show here.
  await seed(other.id, seeds.map((s) => ({ ...s, after: { elsewhere: true } })));
}, 60_000);

afterAll(() => t?.close());

describe('the audit log filters', () => {
  it('by action, member (every credential), API key (that key only) and object, each across pages', async () => {
    expect(await minutesOf('action=label.created')).toEqual(expected((s) => s.action === 'label.created'));
    expect(await minutesOf(`actor=${alice}`)).toEqual(expected((s) => s.who === 'alice' || s.who === 'alice-key'));
    expect(await minutesOf(`actor=${aliceKey}`)).toEqual(expected((s) => s.who === 'alice-key'));
    expect(await minutesOf(`actor=${bob}&action=view.updated`)).toEqual(expected((s) => s.who === 'bob' && s.action === 'view.updated'));
    expect(await minutesOf('objectType=view&objectId=v-2', 2)).toEqual(expected((s) => s.target[1] === 'v-2'));
    expect(await minutesOf(`objectType=view&objectId=v-1&actor=${bob}`)).toEqual(expected((s) => s.target[1] === 'v-1' && s.who === 'bob'));
    expect(await minutesOf(`actor=${randomUUID()}`)).toEqual([]);
  });

  it('by time: since included, until excluded, with other filters', async () => {
    expect(await minutesOf(`until=${at(10)}`)).toEqual(expected((s) => s.minute < 10));
    expect(await minutesOf(`since=${at(12)}&until=${at(30)}&action=label.created`)).toEqual(expected((s) => s.minute >= 12 && s.minute < 30 && s.action === 'label.created'));
  });

  it('a cursor belongs to its filters', async () => {
    const first = await call('GET', `/v1/audit?limit=2&action=label.created`, as());
    expect(first.body.nextCursor).toBeTruthy();
    const moved = await call('GET', `/v1/audit?limit=2&action=view.updated&cursor=${first.body.nextCursor}`, as());
    expect(moved.status).toBe(422);
    const sameFilters = await call('GET', `/v1/audit?limit=2&action=label.created&cursor=${first.body.nextCursor}`, as());
    expect(sameFilters.status).toBe(200);
  });

  it.each([
    ['actor=not-a-uuid', 'actor'],
    ['objectType=view', 'objectType alone'],
    ['objectId=v-1', 'objectId alone'],
    ['objectType=View!&objectId=v-1', 'a bad object type'],
    ['until=yesterday', 'a bad until'],
    [`since=${at(5)}&until=${at(5)}`, 'since not before until'],
    ['action=DROP TABLE', 'a bad action'],
  ])('refuses %s (%s) with 422 and changes nothing', async (query) => {
    const before = await t.database.pool.query('select count(*)::int as n from audit_entries');
    for (const path of ['/v1/audit', '/v1/audit/export']) {
      const res = await call('GET', `${path}?${query}`, as());
      expect(res.status, `${path}?${query}`).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect((await t.database.pool.query('select count(*)::int as n from audit_entries')).rows[0].n).toBe(before.rows[0].n);
  });

  it("never shows another workspace's entries, whatever the filter", async () => {
    for (const query of ['', `actor=${alice}`, `actor=${aliceKey}`, 'objectType=view&objectId=v-1', 'action=label.created']) {
      const res = await call('GET', `/v1/audit?limit=100&${query}`, as());
      expect(res.text).not.toContain('elsewhere');
      const csv = await call('GET', `/v1/audit/export?${query}`, as());
      expect(csv.status).toBe(200);
      expect(csv.text).not.toContain('elsewhere');
    }
    // The other workspace sees its own, and this workspace's key id names nothing there.
    const theirs = await call('GET', `/v1/audit?limit=100&actor=${alice}`, { token: otherOwner.token, workspaceId: other.id });
    expect(theirs.body.data.length).toBeGreaterThan(0);
    expect(theirs.body.data.every((e: { after: unknown }) => JSON.stringify(e.after).includes('elsewhere'))).toBe(true);
    const byOurKey = await call('GET', `/v1/audit?limit=100&actor=${aliceKey}`, { token: otherOwner.token, workspaceId: other.id });
    expect(byOurKey.body.data).toEqual([]);
  });

  it('names what the service wrote itself: a session and an API key are each an actor', async () => {
    const key = await issueKey(call, owner, ws.id, ['views:write']);
    const made = await call('POST', '/v1/views', { token: key.key, workspaceId: ws.id, body: { name: 'By key', visibility: 'personal', filter: {} } });
    expect(made.status, made.text).toBe(201);
    const byKey = await call('GET', `/v1/audit?actor=${key.id}`, as());
    expect(byKey.body.data.map((e: { action: string }) => e.action)).toEqual(['view.created']);
    const membershipId = byKey.body.data[0].actor.membershipId as string;
    const byMember = await call('GET', `/v1/audit?actor=${membershipId}&since=-1h`, as());
    expect(byMember.body.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['view.created', 'api_key.issued', 'workspace.created']));
  });
});

describe('the CSV export', () => {
  it('has a header row, then the filtered entries newest first, every page of them', async () => {
    const res = await call('GET', `/v1/audit/export?actor=${alice}&since=${at(0)}`, as());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('created_at,action,actor_type,actor_name,actor_member_id,actor_customer_id,credential,api_key_id,api_key_name,object_type,object_id,before,after,request_id,entry_id');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[0])).toEqual(expected((s) => s.who === 'alice' || s.who === 'alice-key').map(at));
    expect(rows.every((r) => r[4] === alice && r[3] === 'Alice')).toBe(true);
    expect(rows.filter((r) => r[6] === 'api_key').every((r) => r[7] === aliceKey && r[8] === 'deploy bot')).toBe(true);
  });

  it('streams a log longer than one batch whole', async () => {
    const many: Seed[] = Array.from({ length: 1_203 }, (_, i) => ({ action: 'issue.bulk_tested', who: 'bob', target: ['issue', `i-${i}`], minute: 2_000 + i }));
    await seed(ws.id, many);
    const res = await call('GET', '/v1/audit/export?action=issue.bulk_tested', as());
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1_203);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[10])).size).toBe(1_203);
    expect(lines[1].split(',')[10]).toBe('i-1202');
  });

  it('quotes what needs it and escapes what a spreadsheet would run as a formula', async () => {
    const evil = randomUUID();
    await t.database.pool.query(
      `insert into audit_entries (id, workspace_id, action, actor, target_type, target_id, after, request_id, created_at) values ($1, $2, 'label.renamed', $3, 'label', $4, $5, $6, now())`,
      [randomUUID(), ws.id, JSON.stringify({ type: 'member', userId: randomUUID(), name: '=HYPERLINK("http://x.test","a, b")', membershipId: evil, credential: { via: 'session' } }), '-2+3', JSON.stringify({ name: 'line\nbreak' }), '@SUM(A1)'],
    );
    const res = await call('GET', `/v1/audit/export?actor=${evil}`, as());
    const row = res.text.split('\r\n')[1];
    expect(row).toContain(`,"'=HYPERLINK(""http://x.test"",""a, b"")",`);
    expect(row).toContain(`,label,'-2+3,`);
    expect(row).toContain(`,"{""name"":""line\\nbreak""}",'@SUM(A1),`);
  });
});
