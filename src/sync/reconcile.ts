import { and, desc, eq, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import {
  commentIssueNumber,
  commentRow,
  isPullRequest,
  labelRow,
  milestoneRow,
  type GitHubComment,
  type GitHubIssue,
  type GitHubLabel,
  type GitHubMilestone,
} from '../codehost/mapping.js';
import { codehostInstallations, comments, issues, labels, milestones, repositories, syncJobs } from '../db/schema/index.js';
import type { Executor } from '../db/pool.js';
import { recordActivity, type ActivityActor, type ActivityRecord } from '../modules/work/activity/recorder.js';
import type { Services } from '../services.js';
import { PER_PAGE } from './backfill.js';
import { cacheWriter } from '../cache/cache-writer.js';
import { issueCache } from '../cache/issue-cache.js';
import { RECONCILE_TASK } from './queue.js';
import { pauseWhileBudgetIsLow } from './budget-pause.js';
import { syncJobStore } from './store.js';

/** Our clock and the code host's may differ; the next reconcile re-reads this much before this one began. */
const CLOCK_SKEW_MS = 5 * 60_000;

type Octokit = Awaited<ReturnType<NonNullable<Services['codehost']>['asInstallation']>>;

/**
 * Where the previous reconcile left off (`nextSince` in its checkpoint), else when the last
 * backfill began: everything changed since then may have been missed by a lost delivery.
 */
async function issueIdOf(tx: Executor, scope: { workspaceId: string; repositoryId: string }, number: number): Promise<string | null> {
  const [row] = await tx
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.workspaceId, scope.workspaceId), eq(issues.repositoryId, scope.repositoryId), eq(issues.number, number)));
  return row?.id ?? null;
}

async function watermarkOf(services: Services, repositoryId: string): Promise<string | undefined> {
  const [last] = await services.database.db
    .select()
    .from(syncJobs)
    .where(and(eq(syncJobs.repositoryId, repositoryId), eq(syncJobs.status, 'done'), inArray(syncJobs.kind, ['reconcile', 'repository_backfill']), isNotNull(syncJobs.startedAt)))
    .orderBy(desc(syncJobs.startedAt))
    .limit(1);
  if (!last?.startedAt) return undefined;
  const next = (last.checkpoint as { nextSince?: string }).nextSince;
  return next ?? new Date(last.startedAt.getTime() - CLOCK_SKEW_MS).toISOString();
}

/** Every page of a page-numbered REST list. */
async function allPages<T>(octokit: Octokit, route: string, params: Record<string, unknown>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const { data } = await octokit.request(route, { ...params, per_page: PER_PAGE, page });
    out.push(...(data as T[]));
    if ((data as T[]).length < PER_PAGE) return out;
  }
}

/** An `updated`-ordered walk from `since`, as the backfill does it; each page is handed to `write`. */
async function walkSince<T extends { updated_at: string }>(octokit: Octokit, route: string, params: Record<string, unknown>, since: string | undefined, write: (page: T[]) => Promise<void>) {
  let page = 1;
  for (;;) {
    const { data } = await octokit.request(route, { ...params, sort: 'updated', direction: 'asc', per_page: PER_PAGE, page, ...(since ? { since } : {}) });
    const items = data as T[];
    await write(items);
    if (items.length < PER_PAGE) return;
    if (items[0].updated_at === items[items.length - 1].updated_at) page++;
    else [since, page] = [items[items.length - 1].updated_at, 1];
  }
}

const issueNumbersQuery = `query($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    issues(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { number comments(first: 1) { totalCount } }
    }
  }
}`;

interface IssueNumbersPage {
  repository: { issues: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Array<{ number: number; comments: { totalCount: number } }> } } | null;
}

/**
 * Repairs what lost deliveries missed in one repository: labels and milestones re-read whole
 * (small) with the ones gone deleted; issues and comments changed since the watermark re-read;
 * issues the code host no longer has (deleted, transferred) deleted, found by comparing its issue
 * numbers (GraphQL, numbers and comment counts only, 100 a request) with the cache; and for each
 * issue whose comment count differs from the cached comments, that issue's comments re-read and
 * the missing ones deleted. Objects created after the reconcile began are never deleted by it.
 */
export async function runReconcile(services: Services, syncJobId: string): Promise<'done' | 'paused' | 'skipped'> {
  const { db } = services.database;
  const job = await syncJobStore.find(db, syncJobId);
  if (!job?.repositoryId || !services.codehost || job.status === 'done' || job.status === 'failed') return 'skipped';
  const [repo] = await db.select().from(repositories).where(eq(repositories.id, job.repositoryId));
  const [installation] = await db.select().from(codehostInstallations).where(eq(codehostInstallations.workspaceId, job.workspaceId));
  if (!repo || !installation || !repo.syncEnabled || repo.removed || installation.suspended) {
    await syncJobStore.update(db, job.id, { status: 'done', phase: 'cancelled', finishedAt: new Date() });
    return 'skipped';
  }
  const paused = await pauseWhileBudgetIsLow(services, {
    syncJobId: job.id, installationId: installation.installationId, task: RECONCILE_TASK, jobKey: `reconcile:${repo.id}:resume`,
  });
  if (paused) return 'paused';

  const startedAt = new Date();
  const since = await watermarkOf(services, repo.id);
  await syncJobStore.update(db, job.id, { status: 'running', startedAt, resumeAfter: null, error: null });
  const octokit = await services.codehost.asInstallation(installation.installationId);
  const scope = { workspaceId: job.workspaceId, repositoryId: repo.id };
  const where = { owner: repo.ownerLogin, repo: repo.name };
  const phase = (name: string) => syncJobStore.advance(db, job.id, name, { since: since ?? null });

  await phase('labels');
  const codehostLabels = await allPages<GitHubLabel>(octokit, 'GET /repos/{owner}/{repo}/labels', where);
  await db.transaction(async (tx) => {
    await cacheWriter.labels(tx, scope, codehostLabels.map(labelRow));
    const keep = codehostLabels.map((l) => Number(l.id));
    await tx.delete(labels).where(and(eq(labels.repositoryId, repo.id), keep.length ? notInArray(labels.codehostId, keep) : undefined));
  });

  await phase('milestones');
  const codehostMilestones = await allPages<GitHubMilestone>(octokit, 'GET /repos/{owner}/{repo}/milestones', { ...where, state: 'all' });
  await db.transaction(async (tx) => {
    await cacheWriter.milestones(tx, scope, codehostMilestones.map(milestoneRow));
    const keep = codehostMilestones.map((m) => Number(m.id));
    await tx.delete(milestones).where(and(eq(milestones.repositoryId, repo.id), keep.length ? notInArray(milestones.codehostId, keep) : undefined));
  });

  // What a reconcile repairs is a change whose webhook never arrived: it shows in the issue's
  // activity as applied by this job (who made it on the code host is not known any more).
  const actor: ActivityActor = { type: 'job', name: 'reconcile' };
  await phase('issues');
  await walkSince<GitHubIssue>(octokit, 'GET /repos/{owner}/{repo}/issues', { ...where, state: 'all' }, since, (page) =>
    db.transaction(async (tx) => {
      const entries: ActivityRecord[] = [];
      const found = page.filter((i) => !isPullRequest(i));
      const deleted = await issueCache.deletedSinceRead(tx, scope.repositoryId, 'issue', found.map((i) => Number(i.id)), startedAt);
      for (const issue of found.filter((i) => !deleted.has(Number(i.id)))) {
        const { id, moved, created } = await issueCache.upsertIssue(tx, scope, issue);
        if (moved) entries.push({ workspaceId: scope.workspaceId, issueId: id, action: created ? 'issue.created' : 'issue.edited', actor, detail: { codehostUpdatedAt: issue.updated_at, repairedBy: 'reconcile' } });
      }
      await recordActivity(tx, entries);
    }),
  );
  await phase('comments');
  await walkSince<GitHubComment>(octokit, 'GET /repos/{owner}/{repo}/issues/comments', where, since, (page) =>
    db.transaction(async (tx) => {
      const entries: ActivityRecord[] = [];
      const deleted = await issueCache.deletedSinceRead(tx, scope.repositoryId, 'comment', page.map((c) => Number(c.id)), startedAt);
      for (const comment of page.filter((c) => !deleted.has(Number(c.id)))) {
        const change = await issueCache.upsertCommentChange(tx, scope, comment);
        const issueId = change ? await issueIdOf(tx, scope, commentIssueNumber(comment)) : null;
        if (issueId) entries.push({ workspaceId: scope.workspaceId, issueId, action: `comment.${change}`, actor, detail: { commentId: Number(comment.id), codehostUpdatedAt: comment.updated_at, repairedBy: 'reconcile' } });
      }
      await recordActivity(tx, entries);
    }),
  );

  await phase('deletions');
  const present = new Map<number, number>();
  for (let after: string | null = null; ; ) {
    const data: IssueNumbersPage = await octokit.graphql(issueNumbersQuery, { owner: repo.ownerLogin, name: repo.name, after });
    if (!data.repository) break;
    for (const n of data.repository.issues.nodes) present.set(n.number, n.comments.totalCount);
    if (!data.repository.issues.pageInfo.hasNextPage) break;
    after = data.repository.issues.pageInfo.endCursor;
  }
  const cached = await db
    .select({ number: issues.number, comments: sql<number>`(select count(*)::int from ${comments} c where c.repository_id = ${issues.repositoryId} and c.issue_number = ${issues.number})` })
    .from(issues)
    .where(and(eq(issues.repositoryId, repo.id), lt(issues.createdAt, startedAt)));
  const gone = cached.filter((c) => !present.has(c.number)).map((c) => c.number);
  await issueCache.deleteIssues(db, scope, { numbers: gone });

  const drifted = cached.filter((c) => present.has(c.number) && present.get(c.number) !== c.comments).map((c) => c.number);
  for (const number of drifted) {
    const current = await allPages<GitHubComment>(octokit, 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...where, issue_number: number });
    await db.transaction(async (tx) => {
      const tombstoned = await issueCache.deletedSinceRead(tx, scope.repositoryId, 'comment', current.map((c) => Number(c.id)), startedAt);
      await cacheWriter.comments(tx, scope, current.filter((c) => !tombstoned.has(Number(c.id))).map(commentRow));
      const deleted = await issueCache.deleteCommentsExcept(tx, scope, number, current.map((c) => Number(c.id)), startedAt);
      const issueId = deleted.length ? await issueIdOf(tx, scope, number) : null;
      if (issueId) {
        await recordActivity(tx, deleted.map((commentId) => ({ workspaceId: scope.workspaceId, issueId, action: 'comment.deleted', actor, detail: { commentId, repairedBy: 'reconcile' } })));
      }
    });
  }

  await db.transaction(async (tx) => {
    await syncJobStore.advance(tx, job.id, 'done', { since: since ?? null, nextSince: new Date(startedAt.getTime() - CLOCK_SKEW_MS).toISOString(), deletedIssues: gone.length, commentsRepaired: drifted.length });
    await syncJobStore.update(tx, job.id, { status: 'done', finishedAt: new Date(), error: null });
    await tx.update(repositories).set({ syncedAt: new Date() }).where(eq(repositories.id, repo.id));
  });
  return 'done';
}
