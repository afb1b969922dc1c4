import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { addMember, createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

/**
 * Cursor paging on three lists with different orders: `GET /v1/api-keys` (newest first),
 * `GET /v1/members` (oldest first) and `GET /v1/audit` (newest first).
 */

type Row = { id: string };
interface List {
  path: string;
  /** The row's identity in the list. */
  idOf(row: Record<string, unknown>): string;
  /** The sort key the list promises, for checking the order of a full listing. */
  orderCheck: 'newest-first' | 'oldest-first';
}

const lists: Record<'apiKeys' | 'members' | 'audit', List> = {
  apiKeys: { path: '/v1/api-keys', idOf: (r) => r.id as string, orderCheck: 'newest-first' },
  members: { path: '/v1/members', idOf: (r) => r.membershipId as string, orderCheck: 'oldest-first' },
  audit: { path: '/v1/audit', idOf: (r) => r.id as string, orderCheck: 'newest-first' },
};
const listCases = Object.entries(lists).map(([name, list]) => ({ name: `${name} ${list.path}`, list }));

let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

/** Workspace W: 55 keys, 4 extra members, so every list spans several pages and keys exceed 50. */
let owner: TestPerson;
let W: { id: string };
/** Another tenant, for foreign cursors. */
let otherOwner: TestPerson;
let V: { id: string };

const KEYS_IN_W = 55;
const MEMBERS_ADDED_TO_W = 4;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(t.url);

  owner = await signUp(call, 'Pager');
  W = await createWorkspace(call, owner, 'Paged');
  for (const role of ['admin', 'member', 'viewer', 'member'] as const) await addMember(call, smtp, owner, W.id, role);
  for (let i = 0; i < KEYS_IN_W; i++) await issueKey(call, owner, W.id, [], `key ${i}`);

  otherOwner = await signUp(call, 'Other pager');
  V = await createWorkspace(call, otherOwner, 'Other');
  for (const role of ['member', 'viewer'] as const) await addMember(call, smtp, otherOwner, V.id, role);
  for (let i = 0; i < 3; i++) await issueKey(call, otherOwner, V.id, [], `other ${i}`);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function expectError(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

/** A refused cursor: 422 invalid_request naming the `cursor` parameter. */
function expectCursorRefused(res: CallResult) {
  expectError(res, 422, 'invalid_request');
  expect(res.body.error.detail).toEqual({ parameter: 'cursor' });
}

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

async function page(list: List, query: Record<string, string | number | undefined>, who = owner, workspaceId = W.id) {
  return call('GET', withQuery(list.path, query), { token: who.token, workspaceId });
}

async function fullList(list: List, who = owner, workspaceId = W.id): Promise<string[]> {
  const res = await page(list, { limit: 100 }, who, workspaceId);
  expect(res.status, res.text).toBe(200);
  // Everything fits on one page here, so this is the whole list.
  expect(res.body.nextCursor).toBeNull();
  return res.body.data.map(list.idOf);
}

/** Reads every page at `limit`, calling `between` after each page; returns the ids in order. */
async function walk(list: List, limit: number, between?: (pageIndex: number) => Promise<void>) {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const res = await page(list, { limit, cursor });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'nextCursor']);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.data.map(list.idOf));
    pageSizes.push(res.body.data.length);
    if (res.body.nextCursor === null) return { ids, pageSizes };
    expect(typeof res.body.nextCursor).toBe('string');
    expect(res.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    // A page with a next cursor is full.
    expect(res.body.data.length).toBe(limit);
    cursor = res.body.nextCursor;
    if (between) await between(i);
  }
  throw new Error('the walk did not end');
}

const dupes = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe('limit', () => {
  it.each(listCases)('$name: 0, 101, -1, 1.5, abc, empty, exponent, hex and padded values are 422 invalid_request', async ({ list }) => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e2', '0x10', ' 5', '007x']) {
      const res = await page(list, { limit });
      expectError(res, 422, 'invalid_request');
      expect(res.body.error.detail?.location, res.text).toBe('query');
      expect(res.body.error.detail.issues.map((i: { path: string }) => i.path)).toContain('limit');
    }
  });

  it.each(listCases)('$name: 1 to 100 are accepted and honoured', async ({ list }) => {
    const total = (await fullList(list)).length;
    for (const limit of [1, 2, 7, 50, 99, 100]) {
      const res = await page(list, { limit });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toHaveLength(Math.min(limit, total));
      expect(res.body.nextCursor === null).toBe(total <= limit);
    }
  });

  it('defaults to 50', async () => {
    for (const list of [lists.apiKeys, lists.audit]) {
      const total = (await fullList(list)).length;
      expect(total).toBeGreaterThan(50);
      const res = await page(list, {});
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toHaveLength(50);
      expect(res.body.nextCursor).toEqual(expect.any(String));
    }
    // Fewer than 50 rows: all of them, and no next page.
    const members = await page(lists.members, {});
    expect(members.body.data).toHaveLength(1 + MEMBERS_ADDED_TO_W);
    expect(members.body.nextCursor).toBeNull();
  });
});

describe('walking every page', () => {
  it('the lists are in their promised order', async () => {
    const keys = await page(lists.apiKeys, { limit: 100 });
    expect(keys.body.data).toHaveLength(KEYS_IN_W);
    // Issued one after another as key 0 .. key 54: newest first is key 54 .. key 0.
    expect(keys.body.data.map((k: { name: string }) => k.name)).toEqual(
      Array.from({ length: KEYS_IN_W }, (_v, i) => `key ${KEYS_IN_W - 1 - i}`),
    );
    const members = await page(lists.members, { limit: 100 });
    expect(members.body.data[0].userId).toBe(owner.userId);
    const audit = await page(lists.audit, { limit: 100 });
    expect(audit.body.data.at(-1).action).toBe('workspace.created');
    expect(audit.body.data[0].action).toBe('api_key.issued');
    for (const res of [keys, members, audit]) {
      const times = res.body.data.map((r: { createdAt: string }) => Date.parse(r.createdAt));
      const sorted = [...times].sort((a, b) => a - b);
      expect(times).toEqual(res === members ? sorted : sorted.reverse());
    }
  });

  it.each(listCases)('$name at limit 2: no row repeated or skipped, last page has nextCursor null', async ({ list }) => {
    const all = await fullList(list);
    expect(all.length).toBeGreaterThan(4);
    const { ids, pageSizes } = await walk(list, 2);
    expect(dupes(ids)).toEqual([]);
    expect(ids).toEqual(all);
    expect(pageSizes).toHaveLength(Math.ceil(all.length / 2));
  });

  it.each(listCases)('$name at limit 1 and at a limit that divides the list exactly', async ({ list }) => {
    const all = await fullList(list);
    expect((await walk(list, 1)).ids).toEqual(all);
    // Exactly full last page: the page after it must not be an empty page with a cursor loop.
    const divisor = [5, 4, 3, 2].find((d) => all.length % d === 0) ?? all.length;
    const exact = await walk(list, divisor);
    expect(exact.ids).toEqual(all);
    expect(exact.pageSizes).toEqual(Array.from({ length: all.length / divisor }, () => divisor));
  });
});

describe('rows created at the same moment', () => {
  it('keys with the same createdAt are ordered by id and each walked exactly once', async () => {
    const who = await signUp(call, 'Parallel pager');
    const ws = await createWorkspace(call, who, 'Ties');
    await Promise.all(Array.from({ length: 30 }, (_v, i) => issueKey(call, who, ws.id, [], `tie ${i}`)));
    // Make the tie certain: every key created in the same millisecond, so only the id orders them.
    await t.database.pool.query(`update api_keys set created_at = date_trunc('milliseconds', now()) where workspace_id = $1`, [ws.id]);
    const all = await fullList(lists.apiKeys, who, ws.id);
    expect(all).toHaveLength(30);
    expect(all).toEqual([...all].sort().reverse());
    for (const limit of [1, 2, 3, 7]) {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const res = await page(lists.apiKeys, { limit, cursor }, who, ws.id);
        expect(res.status, res.text).toBe(200);
        ids.push(...res.body.data.map(lists.apiKeys.idOf));
        if (res.body.nextCursor === null) break;
        cursor = res.body.nextCursor;
      }
      expect(ids).toEqual(all);
    }
  });
});

describe('walking while rows are added', () => {
  /** A workspace of its own so the additions do not disturb the other walks. */
  async function freshTenant() {
    const who = await signUp(call, 'Busy pager');
    const ws = await createWorkspace(call, who, 'Busy');
    return { who, ws };
  }

  async function walkAs(who: TestPerson, ws: { id: string }, list: List, limit: number, between: () => Promise<void>) {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 200; i++) {
      const res = await page(list, { limit, cursor }, who, ws.id);
      expect(res.status, res.text).toBe(200);
      ids.push(...res.body.data.map(list.idOf));
      if (res.body.nextCursor === null) return ids;
      cursor = res.body.nextCursor;
      await between();
    }
    throw new Error('the walk did not end');
  }

  it('api keys (newest first): new keys land ahead of the cursor; the walk sees exactly the rows it started with', async () => {
    const { who, ws } = await freshTenant();
    for (let i = 0; i < 7; i++) await issueKey(call, who, ws.id, [], `before ${i}`);
    const before = await fullList(lists.apiKeys, who, ws.id);
    let n = 0;
    const ids = await walkAs(who, ws, lists.apiKeys, 2, async () => {
      await issueKey(call, who, ws.id, [], `during ${n++}`);
    });
    expect(n).toBeGreaterThan(0);
    expect(dupes(ids)).toEqual([]);
    expect(ids).toEqual(before);
    expect((await fullList(lists.apiKeys, who, ws.id)).length).toBe(before.length + n);
  });

  it('audit (newest first): the walk sees exactly the entries it started with', async () => {
    const { who, ws } = await freshTenant();
    for (let i = 0; i < 6; i++) await issueKey(call, who, ws.id, [], `before ${i}`);
    const before = await fullList(lists.audit, who, ws.id);
    let n = 0;
    const ids = await walkAs(who, ws, lists.audit, 2, async () => {
      await issueKey(call, who, ws.id, [], `during ${n++}`);
    });
    expect(n).toBeGreaterThan(0);
    expect(dupes(ids)).toEqual([]);
    expect(ids).toEqual(before);
  });

  it('members (oldest first): every earlier member once, in order, then the new ones', async () => {
    const { who, ws } = await freshTenant();
    for (const role of ['member', 'viewer', 'admin', 'member'] as const) await addMember(call, smtp, who, ws.id, role);
    const before = await fullList(lists.members, who, ws.id);
    const added: string[] = [];
    const ids = await walkAs(who, ws, lists.members, 2, async () => {
      if (added.length < 3) added.push((await addMember(call, smtp, who, ws.id, 'viewer')).membershipId);
    });
    expect(added.length).toBeGreaterThan(0);
    expect(dupes(ids)).toEqual([]);
    expect(ids.slice(0, before.length)).toEqual(before);
    expect(ids.slice(before.length)).toEqual(added);
  });

  it('a cursor stays valid after rows are removed behind it', async () => {
    const { who, ws } = await freshTenant();
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) keys.push((await issueKey(call, who, ws.id, [], `k ${i}`)).id);
    const first = await page(lists.apiKeys, { limit: 2 }, who, ws.id);
    expect(first.status).toBe(200);
    // Revoke the row the cursor points at: the walk still continues after it.
    const last = first.body.data[1].id;
    const revoked = await call('DELETE', `/v1/api-keys/${last}`, { token: who.token, workspaceId: ws.id });
    expect(revoked.status, revoked.text).toBe(200);
    const rest = await page(lists.apiKeys, { limit: 100, cursor: first.body.nextCursor }, who, ws.id);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data.map((k: Row) => k.id)).toEqual([...keys].reverse().slice(2));
  });
});

describe('cursor tampering and foreign cursors', () => {
  async function cursorOf(list: List, who = owner, workspaceId = W.id, extra: Record<string, string> = {}) {
    const res = await page(list, { limit: 2, ...extra }, who, workspaceId);
    expect(res.status, res.text).toBe(200);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    return res.body.nextCursor as string;
  }

  const base64url = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
  const otherChar = (c: string) => base64url[(base64url.indexOf(c) + 1) % base64url.length];

  it.each(listCases)('$name: changing any one character of a valid cursor is 422', async ({ list }) => {
    const cursor = await cursorOf(list);
    // Sanity: the untouched cursor is accepted.
    expect((await page(list, { limit: 2, cursor })).status).toBe(200);
    const refused: number[] = [];
    for (let i = 0; i < cursor.length; i++) {
      const tampered = cursor.slice(0, i) + otherChar(cursor[i]) + cursor.slice(i + 1);
      const res = await page(list, { limit: 2, cursor: tampered });
      if (res.status === 422 && res.body?.error?.detail?.parameter === 'cursor') refused.push(i);
      else expectCursorRefused(res);
    }
    expect(refused).toHaveLength(cursor.length);
  });

  it.each(listCases)('$name: a cursor whose sort key was edited but MAC kept is 422', async ({ list }) => {
    const cursor = await cursorOf(list);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k: unknown[]; m: string };
    expect(Array.isArray(decoded.k)).toBe(true);
    const shifted = { ...decoded, k: [new Date(0).toISOString(), ...decoded.k.slice(1)] };
    expectCursorRefused(await page(list, { limit: 2, cursor: Buffer.from(JSON.stringify(shifted)).toString('base64url') }));
    const noMac = { k: decoded.k };
    expectCursorRefused(await page(list, { limit: 2, cursor: Buffer.from(JSON.stringify(noMac)).toString('base64url') }));
    const extraKey = { ...decoded, x: 1 };
    expectCursorRefused(await page(list, { limit: 2, cursor: Buffer.from(JSON.stringify(extraKey)).toString('base64url') }));
  });

  it('a cursor from /v1/members used on /v1/api-keys (and the other pairings) is 422', async () => {
    const names = Object.keys(lists) as Array<keyof typeof lists>;
    const cursors = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await cursorOf(lists[n])] as const)));
    for (const from of names) {
      for (const to of names) {
        if (from === to) continue;
        expectCursorRefused(await page(lists[to], { limit: 2, cursor: cursors[from] }));
      }
    }
  });

  it.each(listCases)("$name: a cursor from workspace W's list, used by another tenant's owner, is 422", async ({ list }) => {
    const cursor = await cursorOf(list);
    // The other owner can read their own list, and their own cursor works for them.
    const own = await cursorOf(list, otherOwner, V.id);
    expect((await page(list, { limit: 2, cursor: own }, otherOwner, V.id)).status).toBe(200);
    expectCursorRefused(await page(list, { limit: 2, cursor }, otherOwner, V.id));
    // And the reverse.
    expectCursorRefused(await page(list, { limit: 2, cursor: own }));
  });

  it('an audit cursor is bound to its action filter', async () => {
    const cursor = await cursorOf(lists.audit, owner, W.id, { action: 'api_key.issued' });
    expect((await page(lists.audit, { limit: 2, cursor, action: 'api_key.issued' })).status).toBe(200);
    expectCursorRefused(await page(lists.audit, { limit: 2, cursor }));
    expectCursorRefused(await page(lists.audit, { limit: 2, cursor, action: 'member.joined' }));
  });

  it.each(listCases)('$name: garbage cursors are 422', async ({ list }) => {
    const garbage = [
      '!!!',
      'abc',
      Buffer.from('{}').toString('base64url'),
      Buffer.from('[]').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      Buffer.from(JSON.stringify({ k: [], m: '' })).toString('base64url'),
      Buffer.from(JSON.stringify({ k: ['x', 'y'], m: 'A'.repeat(22) })).toString('base64url'),
      'a b',
      '%00',
      'eyJrIjpbXX0=',
    ];
    for (const cursor of garbage) {
      const res = await page(list, { limit: 2, cursor });
      expectCursorRefused(res);
    }
    // Beyond the schema's bounds: refused by validation, still naming the cursor.
    const tooLong = await page(list, { limit: 2, cursor: 'A'.repeat(1025) });
    expectError(tooLong, 422, 'invalid_request');
    expect(tooLong.body.error.detail.issues.map((i: { path: string }) => i.path)).toContain('cursor');
  });
});
