import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../db/pool.js';
import { runStatement, statement, type Statement } from '../db/prepared.js';
import { codehostTombstones, comments, issues } from '../db/schema/index.js';
import { commentRow, issuePatch, issueRow, type GitHubComment, type GitHubIssue, type IssueRow } from '../codehost/mapping.js';
import { cacheWriter } from './cache-writer.js';

/**
 * What a delivered issue did to the cache:
 * - `created`, `updated`: written (new, or strictly newer than the cached row);
 * - `same`: the cache already holds what the payload says (a duplicate, or the echo of our write);
 * - `stale`: the payload is older than the cached row and changed nothing;
 * - `tie`: same `updated_at` (GitHub's has whole seconds) but different content: which is newer
 *   cannot be told, so the issue must be read again from the code host;
 * - `incomplete`: not cached, and the payload lacks what a row needs: read it from the code host;
 * - `deleted`: the code host deleted it (a tombstone says so); nothing is written.
 */
export type IssueDeliveryOutcome = 'created' | 'updated' | 'same' | 'stale' | 'tie' | 'incomplete' | 'deleted';

/** Columns a payload must carry to create a cached issue (the rest may be null). */
const NEEDED_TO_CREATE: Array<keyof IssueRow> = ['nodeId', 'number', 'title', 'state', 'htmlUrl', 'createdAt', 'codehostUpdatedAt', 'labels', 'assignees', 'commentsCount', 'locked'];

/** A value as comparable text: dates as instants, objects with sorted keys (jsonb reorders keys). */
function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.getTime());
  if (Array.isArray(value)) return `[${value.map(comparable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${comparable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const LOCK_ISSUE = statement('select pg_advisory_xact_lock(hashtextextended($1, 0))');

/** The advisory lock's key of one code-host issue; SQL that takes it itself builds the same text (`issueLockKeySql`). */
const issueLockKey = (repositoryId: string, codehostId: number) => `codehost-issue:${repositoryId}:${codehostId}`;

/**
 * Issue locks a transaction already holds, taken by a statement of its own (the webhook receiver
 * takes those of a whole batch of deliveries in its claim, in key order), so that taking one again
 * costs no round trip. Transaction-level advisory locks last until the transaction ends, and the
 * transaction's handle with them.
 */
const heldIssueLocks = new WeakMap<object, Set<string>>();
const TOMBSTONED = statement('select 1 from codehost_tombstones where repository_id = $1 and kind = $2 and codehost_id = $3');

/**
 * Run for every page of a walk: the tombstones laid before the read are cleared and the ones
 * laid since are answered, in one round trip (both halves see one snapshot).
 */
const DELETED_SINCE_READ = statement(`
  with cleared as (
    delete from codehost_tombstones
     where repository_id = $1 and kind = $2 and codehost_id = any($3::bigint[]) and deleted_at < $4)
  select codehost_id from codehost_tombstones
   where repository_id = $1 and kind = $2 and codehost_id = any($3::bigint[]) and deleted_at >= $4`);

/** Each set of columns a payload carries is one shape of statement; deliveries of one event carry the same few. */
const shapes = new Map<string, Statement>();
type PatchKey = Exclude<keyof IssueRow, 'codehostId'>;

/**
 * A delivery's statement for the columns it carries, run after the issue's lock (so its snapshot
 * sees what the lock waited for): whether the issue is tombstoned, the cached row's columns as
 * they were (none when not cached), locked, and in the same round trip the row written when the
 * payload is strictly newer than it (`updated_at`) and differs from it in a column it carries,
 * saying whether it was. Text built once per shape and run prepared, as it runs for every delivery.
 */
function shapeOf(keys: PatchKey[]): Statement {
  const key = keys.join(',');
  let shape = shapes.get(key);
  if (!shape) {
    const columns = keys.map((k) => `"${issues[k].name}" as "${k}"`);
    const at = keys.indexOf('codehostUpdatedAt');
    const newer = at < 0 ? 'false' : `$${at + 3}::timestamptz > old."cachedAt"`;
    shape = statement(`
      with t as (select exists(select 1 from codehost_tombstones where repository_id = $1 and kind = 'issue' and codehost_id = $2) as tombstoned),
      old as (select id, codehost_updated_at as "cachedAt"${columns.map((c) => `, ${c}`).join('')}
                from issues where repository_id = $1 and codehost_id = $2 for update),
      written as (
        update issues i set ${keys.map((k, n) => `"${issues[k].name}" = $${n + 3}`).join(', ')}, synced_at = now()
          from old, t
         where i.id = old.id and not t.tombstoned and ${newer}
           and (${keys.map((k) => `i."${issues[k].name}"`).join(', ')}) is distinct from (${keys.map((_k, n) => `$${n + 3}`).join(', ')})
        returning i.id)
      select t.tombstoned, exists(select 1 from written) as written, old.* from t left join old on true`);
    shapes.set(key, shape);
  }
  return shape;
}

/** A value as drizzle would send it for the column (jsonb as text, arrays as literals, dates as ISO). */
const toColumn = (k: PatchKey, value: unknown) => (value === null || value === undefined ? null : issues[k].mapToDriverValue(value as never));

interface Scope {
  workspaceId: string;
  repositoryId: string;
}

/**
 * Single-object cache writes that also say whether the cache moved forward: a new row, or a
 * strictly newer `updated_at`. Activity is recorded only then, so an echo of the service's own
 * write (already applied from GitHub's answer) or a late duplicate adds no entry. The existing
 * row is locked first, so two deliveries of one issue decide this one after the other.
 */
export const issueCache = {
  /**
   * Serialises the transactions that write one code-host issue: a webhook's applier and the
   * service's own write of the same issue. A row lock cannot do this for an issue not cached
   * yet (a `select ... for update` of no row locks nothing), so both sides take this lock first
   * and the second always sees what the first committed.
   */
  async lockCodehostIssue(tx: Executor, repositoryId: string, codehostId: number): Promise<void> {
    const key = issueLockKey(repositoryId, codehostId);
    if (heldIssueLocks.get(tx)?.has(key)) return;
    await runStatement(tx, LOCK_ISSUE, [key]);
  },

  /**
   * SQL for the key of `lockCodehostIssue`'s lock, from expressions for the repository's row id and
   * the issue's code-host id, for a statement that takes the lock itself (then `heldCodehostIssues`).
   */
  issueLockKeySql: (repositoryIdSql: string, codehostIdSql: string) => `'codehost-issue:' || ${repositoryIdSql} || ':' || ${codehostIdSql}`,

  /** Records that the transaction holds these issues' locks (taken by one of its own statements). */
  heldCodehostIssues(tx: Executor, issues: Array<{ repositoryId: string; codehostId: number }>): void {
    if (!issues.length) return;
    let held = heldIssueLocks.get(tx);
    if (!held) heldIssueLocks.set(tx, (held = new Set()));
    for (const i of issues) held.add(issueLockKey(i.repositoryId, i.codehostId));
  },

  /** Whether the code host deleted this object (a delivery about it arrived late). */
  async isTombstoned(tx: Executor, repositoryId: string, kind: 'issue' | 'comment', codehostId: number): Promise<boolean> {
    return ((await runStatement(tx, TOMBSTONED, [repositoryId, kind, codehostId])).rowCount ?? 0) > 0;
  },

  /**
   * Which of the objects a walk or a refetch read at `readAt` it must not write. A tombstone laid
   * before the read while the code host still shows the object means it really exists again (an
   * issue transferred back): the tombstone is cleared and the object written. A tombstone laid
   * after the read means it was deleted while the answer was in flight: the object is skipped.
   */
  async deletedSinceRead(tx: Executor, repositoryId: string, kind: 'issue' | 'comment', codehostIds: number[], readAt: Date): Promise<Set<number>> {
    if (!codehostIds.length) return new Set();
    const { rows } = await runStatement<{ codehost_id: number }>(tx, DELETED_SINCE_READ, [repositoryId, kind, codehostIds, readAt]);
    return new Set(rows.map((r) => Number(r.codehost_id)));
  },

  async tombstone(tx: Executor, scope: Scope, kind: 'issue' | 'comment', codehostIds: number[]): Promise<void> {
    if (!codehostIds.length) return;
    await tx
      .insert(codehostTombstones)
      .values(codehostIds.map((codehostId) => ({ ...scope, kind, codehostId })))
      .onConflictDoNothing();
  },

  /**
   * A webhook's issue, patched into the cache: only the columns the payload carries, and only when
   * it is strictly newer than the cached row (see `IssueDeliveryOutcome`). `id` is the cached
   * issue's, when there is one.
   */
  async applyIssueDelivery(tx: Executor, scope: Scope, issue: Partial<GitHubIssue>): Promise<{ id: string | null; outcome: IssueDeliveryOutcome }> {
    const patch = issuePatch(issue);
    await issueCache.lockCodehostIssue(tx, scope.repositoryId, patch.codehostId);
    const { codehostId: _id, ...columns } = patch;
    const keys = Object.keys(columns) as PatchKey[];
    // Only the columns the payload carries are compared (never the body's search document).
    const { rows } = await runStatement<Partial<IssueRow> & { tombstoned: boolean; written: boolean; id: string | null; cachedAt: Date | null }>(
      tx,
      shapeOf(keys),
      [scope.repositoryId, patch.codehostId, ...keys.map((k) => toColumn(k, columns[k]))],
    );
    const [{ tombstoned, written, ...before }] = rows;
    if (tombstoned) return { id: null, outcome: 'deleted' };
    if (before.id === null) {
      if (!NEEDED_TO_CREATE.every((k) => patch[k] !== undefined)) return { id: null, outcome: 'incomplete' };
      const id = uuidv7();
      await tx.insert(issues).values({ ...(patch as IssueRow), id, ...scope });
      return { id, outcome: 'created' };
    }
    // Written: strictly newer, and different in Postgres's eyes. What follows tells the rest apart.
    if (written) return { id: before.id, outcome: 'updated' };
    const changed = keys.filter((k) => comparable(columns[k]) !== comparable(before[k]));
    if (!changed.length) return { id: before.id, outcome: 'same' };
    const at = patch.codehostUpdatedAt?.getTime();
    const cachedAt = before.cachedAt!.getTime();
    if (at === undefined || at === cachedAt) return { id: before.id, outcome: 'tie' };
    if (at < cachedAt) return { id: before.id, outcome: 'stale' };
    // Newer, and different only as text compares it (jsonb and timestamps are equal as values): nothing to write.
    return { id: before.id, outcome: 'same' };
  },

  async upsertIssue(tx: Executor, scope: Scope, issue: GitHubIssue): Promise<{ id: string; moved: boolean; created: boolean }> {
    const row = issueRow(issue);
    await issueCache.lockCodehostIssue(tx, scope.repositoryId, row.codehostId);
    const [before] = await tx
      .select({ id: issues.id, updatedAt: issues.codehostUpdatedAt })
      .from(issues)
      .where(and(eq(issues.repositoryId, scope.repositoryId), eq(issues.codehostId, row.codehostId)))
      .for('update');
    await cacheWriter.issues(tx, scope, [row]);
    if (before) return { id: before.id, moved: before.updatedAt.getTime() < row.codehostUpdatedAt.getTime(), created: false };
    const [after] = await tx
      .select({ id: issues.id })
      .from(issues)
      .where(and(eq(issues.repositoryId, scope.repositoryId), eq(issues.codehostId, row.codehostId)));
    return { id: after.id, moved: true, created: true };
  },

  /** True when the comment is new or strictly newer than the cached one. */
  async upsertComment(tx: Executor, scope: Scope, comment: GitHubComment): Promise<boolean> {
    return (await issueCache.upsertCommentChange(tx, scope, comment)) !== null;
  },

  /**
   * A webhook's comment: written when new or strictly newer; `tie` when its `updated_at` equals the
   * cached one but the body differs (read it again from the code host); nothing for a comment the
   * code host deleted.
   */
  async applyCommentDelivery(tx: Executor, scope: Scope, comment: GitHubComment): Promise<'added' | 'edited' | 'tie' | null> {
    if (await issueCache.isTombstoned(tx, scope.repositoryId, 'comment', Number(comment.id))) return null;
    const row = commentRow(comment);
    const [before] = await tx
      .select({ updatedAt: comments.codehostUpdatedAt, body: comments.body })
      .from(comments)
      .where(and(eq(comments.repositoryId, scope.repositoryId), eq(comments.codehostId, row.codehostId)))
      .for('update');
    if (before && before.updatedAt.getTime() === row.codehostUpdatedAt.getTime()) return before.body === row.body ? null : 'tie';
    if (before && before.updatedAt.getTime() > row.codehostUpdatedAt.getTime()) return null;
    await cacheWriter.comments(tx, scope, [row]);
    return before ? 'edited' : 'added';
  },

  /** `added` or `edited` when the cache moved forward; null when it already held this version. */
  async upsertCommentChange(tx: Executor, scope: Scope, comment: GitHubComment): Promise<'added' | 'edited' | null> {
    const row = commentRow(comment);
    const [before] = await tx
      .select({ updatedAt: comments.codehostUpdatedAt })
      .from(comments)
      .where(and(eq(comments.repositoryId, scope.repositoryId), eq(comments.codehostId, row.codehostId)))
      .for('update');
    await cacheWriter.comments(tx, scope, [row]);
    if (!before) return 'added';
    return before.updatedAt.getTime() < row.codehostUpdatedAt.getTime() ? 'edited' : null;
  },

  /**
   * A label renamed or recoloured on the code host, in every cached issue of the repository that
   * carries it (GitHub sends no issue deliveries for this). `updated_at` of the issues is GitHub's
   * and is left alone: the issues themselves did not change there.
   */
  async relabelIssues(tx: Executor, scope: Scope, label: { oldName: string; name: string; color: string }): Promise<number> {
    const result = await tx.execute(sql`
      update issues
         set labels = (select coalesce(jsonb_agg(case when lower(e->>'name') = lower(${label.oldName})
                                                      then e || jsonb_build_object('name', ${label.name}::text, 'color', ${label.color}::text)
                                                      else e end order by ord), '[]'::jsonb)
                         from jsonb_array_elements(labels) with ordinality as t(e, ord)),
             label_names = array_replace(label_names, lower(${label.oldName}), lower(${label.name}))
       where workspace_id = ${scope.workspaceId} and repository_id = ${scope.repositoryId}
         and label_names @> array[lower(${label.oldName})]::text[]`);
    return result.rowCount ?? 0;
  },

  /** A label deleted on the code host is gone from every issue that carried it. */
  async unlabelIssues(tx: Executor, scope: Scope, name: string): Promise<number> {
    const result = await tx.execute(sql`
      update issues
         set labels = (select coalesce(jsonb_agg(e order by ord), '[]'::jsonb)
                         from jsonb_array_elements(labels) with ordinality as t(e, ord)
                        where lower(e->>'name') <> lower(${name})),
             label_names = array_remove(label_names, lower(${name}))
       where workspace_id = ${scope.workspaceId} and repository_id = ${scope.repositoryId}
         and label_names @> array[lower(${name})]::text[]`);
    return result.rowCount ?? 0;
  },

  /** Deletes an issue and its comments (comments are keyed by issue number, not by row). */
  async deleteIssues(tx: Executor, scope: Scope, by: { codehostIds?: number[]; numbers?: number[] }): Promise<number> {
    const where = by.codehostIds
      ? inArray(issues.codehostId, by.codehostIds)
      : by.numbers
        ? inArray(issues.number, by.numbers)
        : undefined;
    if (!where || (by.codehostIds ?? by.numbers ?? []).length === 0) return 0;
    const gone = await tx
      .delete(issues)
      .where(and(eq(issues.repositoryId, scope.repositoryId), where))
      .returning({ number: issues.number, codehostId: issues.codehostId });
    // Deleted on the code host: a delivery about them that arrives later must not bring them back.
    await issueCache.tombstone(tx, scope, 'issue', by.codehostIds ?? gone.map((g) => g.codehostId));
    if (gone.length) {
      await tx.delete(comments).where(and(eq(comments.repositoryId, scope.repositoryId), inArray(comments.issueNumber, gone.map((g) => g.number))));
    }
    return gone.length;
  },

  async deleteComment(tx: Executor, scope: Scope, codehostId: number): Promise<boolean> {
    const gone = await tx
      .delete(comments)
      .where(and(eq(comments.repositoryId, scope.repositoryId), eq(comments.codehostId, codehostId)))
      .returning({ id: comments.id });
    await issueCache.tombstone(tx, scope, 'comment', [codehostId]);
    return gone.length > 0;
  },

  /**
   * Deletes an issue's cached comments that are not in `keep` (the code host's set as read), of
   * those created before `readAt`: a comment added since may simply be newer than the read.
   */
  /** Deletes the issue's cached comments the code host no longer has; returns their code-host ids. */
  async deleteCommentsExcept(tx: Executor, scope: Scope, issueNumber: number, keep: number[], readAt: Date): Promise<number[]> {
    const gone = await tx
      .delete(comments)
      .where(
        and(
          eq(comments.repositoryId, scope.repositoryId),
          eq(comments.issueNumber, issueNumber),
          lt(comments.createdAt, readAt),
          keep.length ? notInArray(comments.codehostId, keep) : undefined,
        ),
      )
      .returning({ id: comments.id, codehostId: comments.codehostId });
    await issueCache.tombstone(tx, scope, 'comment', gone.map((g) => g.codehostId));
    return gone.map((g) => g.codehostId);
  },
};
