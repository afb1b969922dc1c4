import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_COLLECT_MAX, TEXT_STRETCH_MAX } from '../../src/modules/work/issues/store.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';

/**
 * `q` over a cache big enough for each way a text search finds its page (store.ts, `textPageSql`):
 * in the stretch of the list it reads first, by collecting every match when the stretch holds too
 * few, and by walking the list when there are more matches than it collects. Written straight into
 * the tables (a backfill of 25,000 issues through the emulator would take minutes), read over
 * real HTTP.
 *
 * - `#42` is the number of an issue in each of three repositories and a word of two others, one
 *   of them newer than everything else; the rest are older than the `FILLERS` newest issues
 *   (`dashboard` in their titles), more than any stretch reads, so their pages are collected.
 * - `zeppelin` is in more issues than a search collects, all older than the fillers.
 */
let t: TestApp;
let call: Call;
let owner: TestPerson;
let W: { id: string };
const repo: Record<'web' | 'api' | 'docs', string> = { web: randomUUID(), api: randomUUID(), docs: randomUUID() };

/** The page size of the walks. */
const LIMIT = 2;
const FILLERS = TEXT_STRETCH_MAX + 100;
const ZEPPELINS = TEXT_COLLECT_MAX + 50;

const base = Date.parse('2026-01-01T00:00:00Z');
const minutes = (n: number) => new Date(base + n * 60_000).toISOString();

interface Special {
  key: string;
  repo: keyof typeof repo;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  updated: string;
  id: string;
}
const special = (key: string, title: string, body: string | null, updatedMinute: number, state: 'open' | 'closed' = 'open'): Special => {
  const [r, n] = key.split('#');
  return { key, repo: r as Special['repo'], number: Number(n), title, body, state, updated: minutes(updatedMinute), id: randomUUID() };
};
// The fillers are updated at minutes 1,000 to 1,000 + FILLERS; the zeppelins before minute 0.
const SPECIALS: Special[] = [
  special('web#42', 'Login button misaligned', 'Seen on the settings page.', 10),
  special('api#42', 'Token refresh fails', null, 30),
  // Updated with api#42: the id breaks the tie.
  special('docs#42', 'Typo in the guide', 'Second paragraph.', 30, 'closed'),
  special('web#7', 'Crash after 42 retries', null, 20),
  special('api#9', 'Slow export', 'It started after #42 was merged.', 40),
  special('web#8', 'Export is slow', 'Nothing to do with the others.', 25),
  special('docs#43', 'Guide for 4.2', 'Version 4.2 only.', 35),
  special('web#2042', 'Regression of 42', 'Newest of all.', 1_000 + FILLERS + 10),
];
const byKey = new Map(SPECIALS.map((s) => [s.key, s]));
const keyById = new Map(SPECIALS.map((s) => [s.id, s.key]));

/** The list's order: updated, newest first, then id (Postgres compares uuids as their hex text). */
const updatedDesc = (a: Special, b: Special): number => (a.updated !== b.updated ? (a.updated < b.updated ? 1 : -1) : a.id < b.id ? 1 : -1);
const numberAsc = (a: Special, b: Special): number => (a.number !== b.number ? a.number - b.number : a.id < b.id ? -1 : 1);
const keysOf = (pick: (s: Special) => boolean, order = updatedDesc) => SPECIALS.filter(pick).sort(order).map((s) => s.key);
const mentions42 = (s: Special) => s.number === 42 || /\b42\b/.test(`${s.title} ${s.body ?? ''}`);

async function page(query: string): Promise<CallResult> {
  const res = await call('GET', `/v1/issues?${query}`, { token: owner.token, workspaceId: W.id });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** Every page of `query` at `limit`, checking each cursor leads on; the issues in order, and how many pages. */
async function walk(query: string, limit = LIMIT, maxPages = 100): Promise<{ issues: Array<Record<string, any>>; pages: number }> {
  const issues: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= maxPages; pages++) {
    const res: CallResult = await page(`limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`);
    issues.push(...res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return { issues, pages };
    expect(res.body.data).toHaveLength(limit);
  }
  return { issues, pages: maxPages };
}
const keys = (issues: Array<Record<string, any>>) => issues.map((i) => keyById.get(i.id) ?? `${i.repository.name}#${i.number}`);

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Searcher');
  W = await createWorkspace(call, owner, 'Search');
  const db = t.database.pool;
  for (const [name, id] of Object.entries(repo)) {
    await db.query(
      `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
       values ($1, $2, $3, 'R_' || $4, 'acme', $4, 'acme/' || $4, false, 'https://github.com/acme/' || $4, true)`,
      [id, W.id, Object.keys(repo).indexOf(name) + 1, name],
    );
  }
  const columns = `id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, author, assignees, assignee_logins,
                   labels, label_names, comments_count, locked, html_url, created_at, codehost_updated_at`;
  for (const s of SPECIALS) {
    await db.query(
      `insert into issues (${columns})
       values ($1, $2, $3, $4::int, 'I_' || $5, $4::int, $6, $7, $8, null, '[]', '{}', '[]', '{}', 0, false, 'https://github.com/acme/' || $5, $9, $9)`,
      [s.id, W.id, repo[s.repo], s.number, s.key.replace('#', '/issues/'), s.title, s.body, s.state, s.updated],
    );
  }
  // Fillers: docs#100 onwards, newer than every special but web#2042, one a minute.
  await db.query(
    `insert into issues (${columns})
     select gen_random_uuid(), $1, $2, 100 + n, 'I_docs_' || n, 100 + n, 'Dashboard tile', null, 'open', null, '[]', '{}', '[]', '{}', 0, false,
            'https://github.com/acme/docs/issues/' || (100 + n), $3::timestamptz + n * interval '1 minute', $3::timestamptz + n * interval '1 minute'
       from generate_series(0, $4::int - 1) n`,
    [W.id, repo.docs, minutes(1_000), FILLERS],
  );
  // Zeppelins: api#10000 (the newest) onwards, one a minute back from before every special.
  await db.query(
    `insert into issues (${columns})
     select gen_random_uuid(), $1, $2, 10000 + n, 'I_api_' || n, 10000 + n, 'Zeppelin mooring report', 'Mast inspection.', 'open', null, '[]', '{}', '[]', '{}', 0, false,
            'https://github.com/acme/api/issues/' || (10000 + n), $3::timestamptz - n * interval '1 minute', $3::timestamptz - n * interval '1 minute'
       from generate_series(0, $4::int - 1) n`,
    [W.id, repo.api, minutes(-1), ZEPPELINS],
  );
  await db.query('analyze issues');
});

afterAll(async () => {
  await t?.close();
});

describe('q naming an issue number', () => {
  it('finds the number in every repository and the issues whose text holds it, in the list order, page after page', async () => {
    const expected = keysOf(mentions42);
    expect(expected).toEqual(['web#2042', 'api#9', ...[byKey.get('api#42')!, byKey.get('docs#42')!].sort(updatedDesc).map((s) => s.key), 'web#7', 'web#42']);
    for (const q of ['%2342', '42']) {
      const walked = await walk(`q=${q}`);
      expect(keys(walked.issues), q).toEqual(expected);
      expect(walked.pages).toBe(Math.ceil(expected.length / LIMIT));
      // The palette's page of ten: the same issues, in the same order, with no next page.
      const palette = await page(`q=${q}&limit=10`);
      expect(keys(palette.body.data)).toEqual(expected);
      expect(palette.body.nextCursor).toBeNull();
    }
    // The issue itself, as the list prints it.
    const [newest] = (await page('q=%2342&limit=1')).body.data;
    expect(newest).toMatchObject({ number: 2042, title: 'Regression of 42', repository: { fullName: 'acme/web' }, state: 'open' });
  });

  it('pages of one, and every other page size, neither repeat nor skip', async () => {
    const expected = keysOf(mentions42);
    for (const limit of [1, 3, 4, 5]) {
      const walked = await walk('q=%2342', limit);
      expect(keys(walked.issues), `limit ${limit}`).toEqual(expected);
    }
  });

  it('narrowed by state and by repository', async () => {
    expect(keys((await walk('q=%2342&state=open')).issues)).toEqual(keysOf((s) => mentions42(s) && s.state === 'open'));
    expect(keys((await walk('q=%2342&state=closed')).issues)).toEqual(['docs#42']);
    expect(keys((await walk(`q=%2342&repository=${repo.web}`)).issues)).toEqual(keysOf((s) => mentions42(s) && s.repo === 'web'));
    expect(keys((await walk(`q=%2342&repository=${repo.api}&repository=${repo.docs}`)).issues)).toEqual(keysOf((s) => mentions42(s) && s.repo !== 'web'));
  });

  it('in another sort: by number, both ways, and by title', async () => {
    expect(keys((await walk('q=%2342&sort=number&order=asc')).issues)).toEqual(keysOf(mentions42, numberAsc));
    expect(keys((await walk('q=%2342&sort=number&order=desc')).issues)).toEqual(keysOf(mentions42, (a, b) => -numberAsc(a, b)));
    const byTitle = (a: Special, b: Special): number => (a.title.toLowerCase() !== b.title.toLowerCase() ? (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1) : a.id < b.id ? -1 : 1);
    expect(keys((await walk('q=%2342&sort=title')).issues)).toEqual(keysOf(mentions42, byTitle));
  });

  it('a number nothing holds finds nothing; a word of its title still finds the issue', async () => {
    const none = await page('q=%2399999&limit=10');
    expect(none.body).toEqual({ data: [], nextCursor: null });
    expect(keys((await walk('q=misaligned')).issues)).toEqual(['web#42']);
  });
});

describe('q matching many issues', () => {
  it('a word in the newest issues pages through them in order', async () => {
    const walked = await walk('q=dashboard', LIMIT, 4);
    expect(walked.issues.map((i) => i.number)).toEqual([99 + FILLERS, 98 + FILLERS, 97 + FILLERS, 96 + FILLERS, 95 + FILLERS, 94 + FILLERS, 93 + FILLERS, 92 + FILLERS]);
  });

  it('a word in more old issues than a search collects pages through them in order', async () => {
    const walked = await walk('q=zeppelin', LIMIT, 5);
    expect(walked.issues.map((i) => i.number)).toEqual(Array.from({ length: 10 }, (_, n) => 10000 + n));
    // Pages of 100, and the other end of the list (its oldest issues are zeppelins).
    const big = await walk('q=zeppelin', 100, 2);
    expect(big.issues.map((i) => i.number)).toEqual(Array.from({ length: 200 }, (_, n) => 10000 + n));
    const last = await walk(`q=zeppelin&sort=updated&order=asc`, 3, 1);
    expect(last.issues.map((i) => i.number)).toEqual([10000 + ZEPPELINS - 1, 10000 + ZEPPELINS - 2, 10000 + ZEPPELINS - 3]);
  });

  it('the same issues, in the same order, as the condition read in full', async () => {
    // The definition of the list: every condition at once, sorted; against it a mix of the cases above.
    const definition = async (q: string, number: number | null, order: 'asc' | 'desc', extra = '') =>
      (await t.database.pool.query<{ id: string }>(
        `select id from issues i where workspace_id = $1 and (search @@ websearch_to_tsquery('english', $2) or i.number = $3) ${extra}
          order by codehost_updated_at ${order}, id ${order}`,
        [W.id, q, number],
      )).rows.map((r) => r.id);
    for (const [q, number, query] of [['42', 42, 'q=%2342'], ['zeppelin or 42', null, 'q=zeppelin%20or%2042'], ['slow', null, 'q=slow']] as const) {
      const walked = await walk(query, 50, 20);
      expect(walked.issues.map((i) => i.id), q).toEqual((await definition(q, number, 'desc')).slice(0, walked.issues.length));
      expect(walked.issues.length, q).toBe(Math.min(1000, (await definition(q, number, 'desc')).length));
    }
  });
});
