import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheWriter } from '../../src/cache/cache-writer.js';
import { commentRow, issueRow, labelRow, milestoneRow, type GitHubComment, type GitHubIssue, type GitHubLabel, type GitHubMilestone } from '../../src/codehost/mapping.js';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { codehostTombstones, comments, issues, labels, milestones, workspaces } from '../../src/db/schema/index.js';
import { freshDatabase } from '../harness/fresh-database.js';

/**
 * The cache writers store exactly what the mapping made of a payload, whatever its text holds:
 * the characters that mean something in JSON, in array literals and in SQL, text that looks like
 * a null, empty text and empty lists, astral characters, nulls in every nullable column. A row is
 * replaced only by one at least as new.
 */
let url: { url: string; drop(): Promise<void> };
let database: Database;
const scope = { workspaceId: randomUUID(), repositoryId: randomUUID() };

beforeAll(async () => {
  url = await freshDatabase('cachewriter');
  database = openDatabase(url.url, { max: 2 });
  await database.pool.query(`insert into workspaces (id, name, slug) values ($1, 'cache writer', 'cache-writer')`, [scope.workspaceId]);
  await database.pool.query(
    `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url)
     values ($1, $2, 1, 'R_1', 'org', 'repo', 'org/repo', false, 'https://github.test/org/repo')`,
    [scope.repositoryId, scope.workspaceId],
  );
}, 60_000);
afterAll(async () => {
  await database?.close();
  await url?.drop();
});

/** Text that has broken hand-written encodings: quotes, escapes, separators, NULL-alikes, astral and combining characters. */
const AWKWARD = [
  'plain',
  'with "double" and \'single\' quotes',
  'back\\slash \\"escaped\\" \\u0041 \\n',
  '{braces, commas}',
  'NULL',
  'null',
  '',
  ' leading and trailing ',
  'line\nbreak\r\nand\ttab',
  'emoji 🎉 and CJK 漢字 and é (e\u0301)',
  '$1 and %s and ${x}',
  '\u007f\u0001 controls',
];

const user = (login: string, type = 'User') => ({ login, id: login.length * 1000, avatar_url: login === 'nobody' ? '' : `https://avatars.test/${encodeURIComponent(login)}`, type });

function issue(n: number, text: string, updatedAt: string): GitHubIssue {
  return {
    id: 500 + n,
    node_id: `I_${n}`,
    number: n,
    title: `${text} #${n}`,
    body: n % 3 === 0 ? null : text,
    state: n % 2 ? 'closed' : 'open',
    state_reason: n % 4 === 1 ? null : n % 2 ? 'not_planned' : null,
    user: n % 5 === 0 ? null : user(text || 'nobody', n % 2 ? 'Bot' : 'User'),
    assignees: n % 2 ? [] : [user(text || 'nobody'), user('ÅSA')],
    labels: n % 3 === 1 ? [] : [{ name: text || 'x', node_id: 'LA_1', color: 'ff0000' }, 'as-string', { name: 'Mixed Case', color: null }],
    milestone: n % 2 ? null : { id: 77, title: text },
    type: n % 2 ? null : { id: 9, node_id: 'IT_9', name: `Type ${text}`, color: n % 4 ? null : 'blue' },
    sub_issues_summary: n % 2 ? null : { total: 3, completed: 1, percent_completed: 33 },
    comments: n,
    locked: n % 2 === 0,
    html_url: `https://github.test/org/repo/issues/${n}`,
    created_at: '2024-01-02T03:04:05Z',
    updated_at: updatedAt,
    closed_at: n % 2 ? '2024-02-03T04:05:06Z' : null,
  } as unknown as GitHubIssue;
}

function comment(n: number, text: string, updatedAt: string): GitHubComment {
  return {
    id: 9000 + n,
    node_id: `IC_${n}`,
    issue_url: `https://api.github.test/repos/org/repo/issues/${n}`,
    body: text,
    user: n % 4 === 0 ? null : user(text || 'nobody'),
    html_url: `https://github.test/org/repo/issues/${n}#issuecomment-${9000 + n}`,
    created_at: '2024-01-02T03:04:05.123Z',
    updated_at: updatedAt,
  } as unknown as GitHubComment;
}

const { id: _i, workspaceId: _w, repositoryId: _r, syncedAt: _s, search: _q, ...issueColumns } = getTableColumns(issues);
const { id: _ci, workspaceId: _cw, repositoryId: _cr, syncedAt: _cs, ...commentColumns } = getTableColumns(comments);

const cachedIssues = () => database.db.select(issueColumns).from(issues).where(eq(issues.repositoryId, scope.repositoryId)).orderBy(issues.number);
const cachedComments = () => database.db.select(commentColumns).from(comments).where(eq(comments.repositoryId, scope.repositoryId)).orderBy(comments.codehostId);

describe('the cache writers', () => {
  it('store exactly the mapped rows of a page, and keep the newer of two versions', async () => {
    const page = AWKWARD.map((text, i) => issue(i + 1, text, '2024-03-01T00:00:00Z'));
    await database.db.transaction((tx) => cacheWriter.issues(tx, scope, page.map(issueRow)));
    expect(await cachedIssues()).toEqual(page.map(issueRow));

    // Each new row has an id of its own, a UUIDv7 (time-ordered).
    const rowIds = (await database.db.select({ id: issues.id }).from(issues).where(eq(issues.repositoryId, scope.repositoryId))).map((r) => r.id);
    expect(new Set(rowIds).size).toBe(page.length);
    for (const id of rowIds) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const notes = AWKWARD.map((text, i) => comment(i + 1, text, '2024-03-01T00:00:00.456Z'));
    await database.db.transaction((tx) => cacheWriter.comments(tx, scope, notes.map(commentRow)));
    expect(await cachedComments()).toEqual(notes.map(commentRow));

    // An older version changes nothing; an equal or newer one replaces the row, all of it.
    const older = issue(2, 'older', '2024-02-01T00:00:00Z');
    const newer = { ...issue(3, 'newer', '2024-04-01T00:00:00Z'), labels: [], assignees: [], body: 'now with a body' } as GitHubIssue;
    await database.db.transaction((tx) => cacheWriter.issues(tx, scope, [older, newer].map(issueRow)));
    const expected = page.map(issueRow);
    expected[2] = issueRow(newer);
    expect(await cachedIssues()).toEqual(expected);
  });

  it('store labels and milestones as mapped, and keep the newer milestone', async () => {
    const labelPage = AWKWARD.map((text, i) => ({ id: 300 + i, node_id: `LA_${i}`, name: `${text}${i}`, color: 'abcdef', description: i % 2 ? null : text }) as unknown as GitHubLabel);
    await database.db.transaction((tx) => cacheWriter.labels(tx, scope, labelPage.map(labelRow)));
    const { id: _li, workspaceId: _lw, repositoryId: _lr, syncedAt: _ls, ...labelColumns } = getTableColumns(labels);
    expect(await database.db.select(labelColumns).from(labels).where(eq(labels.repositoryId, scope.repositoryId)).orderBy(labels.codehostId)).toEqual(labelPage.map(labelRow));

    const milestone = (i: number, text: string, updatedAt: string) =>
      ({ id: 400 + i, node_id: `MI_${i}`, number: i, title: text, description: i % 2 ? null : text, state: i % 2 ? 'closed' : 'open', due_on: i % 2 ? null : '2024-05-06T07:00:00Z', updated_at: updatedAt }) as unknown as GitHubMilestone;
    const milestonePage = AWKWARD.map((text, i) => milestone(i, text, '2024-03-01T00:00:00Z'));
    await database.db.transaction((tx) => cacheWriter.milestones(tx, scope, milestonePage.map(milestoneRow)));
    await database.db.transaction((tx) => cacheWriter.milestones(tx, scope, [milestone(1, 'older', '2024-01-01T00:00:00Z')].map(milestoneRow)));
    const { id: _mi, workspaceId: _mw, repositoryId: _mr, syncedAt: _ms, ...milestoneColumns } = getTableColumns(milestones);
    expect(await database.db.select(milestoneColumns).from(milestones).where(eq(milestones.repositoryId, scope.repositoryId)).orderBy(milestones.codehostId)).toEqual(
      milestonePage.map(milestoneRow),
    );
  });

  it('store text cut mid-character with U+FFFD in its place, as Postgres took it before', async () => {
    const cut = { ...issue(40, 'plain', '2024-03-01T00:00:00Z'), title: 'cut \ud83d here #40', body: 'cut \udc00 here' } as GitHubIssue;
    await database.db.transaction((tx) => cacheWriter.issues(tx, scope, [issueRow(cut)]));
    const [row] = await database.db.select({ title: issues.title, body: issues.body }).from(issues).where(eq(issues.number, 40));
    expect(row).toEqual({ title: 'cut \ufffd here #40', body: 'cut \ufffd here' });
  });

  it('write a walk page but what was deleted since the read, clear older tombstones and take the walk step, together', async () => {
    const readAt = new Date(Date.now() - 60_000);
    const tombstone = (codehostId: number, deletedAt: Date) => database.db.insert(codehostTombstones).values({ ...scope, kind: 'comment', codehostId, deletedAt });
    // Deleted before the read (the read saw it again: it stands), and after it (the page is older than the deletion).
    await tombstone(9201, new Date(readAt.getTime() - 1_000));
    await tombstone(9202, new Date(readAt.getTime() + 1_000));
    const notes = [201, 202, 203].map((n) => comment(n, `page ${n}`, '2024-03-01T00:00:00Z'));
    const step = (name: string) => ({ text: (p: (n: number) => string) => `update workspaces set name = ${p(2)} where id = ${p(1)}::uuid`, values: [scope.workspaceId, name] });
    await cacheWriter.commentPage(database.db, scope, notes.map(commentRow), readAt, step('after page 1'));

    const ids = [9201, 9202, 9203];
    const written = await database.db.select(commentColumns).from(comments).where(and(eq(comments.repositoryId, scope.repositoryId), inArray(comments.codehostId, ids))).orderBy(comments.codehostId);
    expect(written).toEqual([notes[0], notes[2]].map(commentRow));
    const left = await database.db.select({ codehostId: codehostTombstones.codehostId }).from(codehostTombstones).where(eq(codehostTombstones.repositoryId, scope.repositoryId));
    expect(left).toEqual([{ codehostId: 9202 }]);
    const name = async () => (await database.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, scope.workspaceId)))[0].name;
    expect(await name()).toBe('after page 1');

    // A page with nothing to write still takes its step.
    await cacheWriter.commentPage(database.db, scope, [], readAt, step('after page 2'));
    expect(await name()).toBe('after page 2');
  });
});
