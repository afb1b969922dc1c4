import { eq } from 'drizzle-orm';
import {
  commentRow,
  isPullRequest,
  issueRow,
  labelRow,
  milestoneRow,
  type GitHubComment,
  type GitHubIssue,
  type GitHubLabel,
  type GitHubMilestone,
} from '../codehost/mapping.js';
import { budgetOf } from '../codehost/budget.js';
import { codehostInstallations, repositories } from '../db/schema/index.js';
import type { Services } from '../services.js';
import { runStatement, statement } from '../db/prepared.js';
import { cacheWriter } from '../cache/cache-writer.js';
import { issueCache } from '../cache/issue-cache.js';
import { BACKFILL_TASK } from './queue.js';
import { pauseWhileBudgetIsLow } from './budget-pause.js';
import { syncJobStore } from './store.js';

export const PER_PAGE = 100;

/** Before each page, in one round trip: whether the repository is still mirrored, and the installation's REST budget. */
const BEFORE_PAGE = statement(`
  select r.sync_enabled as "syncEnabled", r.removed, b."limit", b.remaining, b.reset_at
    from repositories r left join codehost_budgets b on b.installation_id = $2 and b.resource = 'core'
   where r.id = $1`);
export const phases = ['labels', 'milestones', 'issues', 'comments'] as const;
type Phase = (typeof phases)[number];

/**
 * Where a walk stands. Labels and milestones are walked by page number (small, unordered lists).
 * Issues and comments are walked in `updated` order with `since`: after each page the walk asks
 * again from the newest `updated_at` it has seen, so an object changed during the walk moves
 * ahead of it instead of shifting a later one into a page already read.
 */
export interface Checkpoint {
  phase: Phase;
  page: number;
  since?: string;
  /** How many issues the repository has (pull requests not counted), asked once as the issues begin; null when the code host did not say. */
  issuesTotal?: number | null;
}

const ISSUES_TOTAL = 'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { issues(first: 1) { totalCount } } }';

export type BackfillOutcome = 'done' | 'paused' | 'skipped';

async function load(services: Services, syncJobId: string) {
  const { db } = services.database;
  const job = await syncJobStore.find(db, syncJobId);
  if (!job || !job.repositoryId) return null;
  const [repo] = await db.select().from(repositories).where(eq(repositories.id, job.repositoryId));
  const [installation] = await db.select().from(codehostInstallations).where(eq(codehostInstallations.workspaceId, job.workspaceId));
  if (!repo || !installation) return null;
  return { job, repo, installation };
}

/**
 * Walks one repository into the cache: labels, milestones, issues (pull requests skipped), then
 * comments repository-wide, 100 a page. Each page's rows and the checkpoint after it commit
 * together, so a crash or restart resumes after the last finished page, redoing nothing and
 * losing nothing. Pauses (and reschedules itself for the reset) while the installation's
 * budget is under 10%.
 */
export async function runBackfill(services: Services, syncJobId: string): Promise<BackfillOutcome> {
  const loaded = await load(services, syncJobId);
  if (!loaded || !services.codehost) return 'skipped';
  const { job, repo, installation } = loaded;
  if (job.status === 'done' || job.status === 'failed') return 'skipped';
  const { db } = services.database;
  const scope = { workspaceId: job.workspaceId, repositoryId: repo.id };
  const [owner, name] = [repo.ownerLogin, repo.name];

  await syncJobStore.update(db, job.id, { status: 'running', startedAt: job.startedAt ?? new Date(), resumeAfter: null, error: null });
  const octokit = await services.codehost.asInstallation(installation.installationId);
  let at: Checkpoint = (job.checkpoint as unknown as Checkpoint)?.phase ? (job.checkpoint as unknown as Checkpoint) : { phase: 'labels', page: 1 };

  for (;;) {
    type BeforePage = { syncEnabled: boolean; removed: boolean; limit: number | null; remaining: number | null; reset_at: Date | null };
    const [current] = (await runStatement<BeforePage>(db, BEFORE_PAGE, [repo.id, installation.installationId])).rows;
    if (!current?.syncEnabled || current.removed) {
      await syncJobStore.update(db, job.id, { status: 'done', phase: 'cancelled', finishedAt: new Date() });
      return 'skipped';
    }
    const paused = await pauseWhileBudgetIsLow(services, {
      syncJobId: job.id, installationId: installation.installationId, task: BACKFILL_TASK, jobKey: `backfill:${repo.id}:resume`, budget: budgetOf(current),
    });
    if (paused) return 'paused';

    let next: Checkpoint | null;
    switch (at.phase) {
      case 'labels': {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/labels', { owner, repo: name, per_page: PER_PAGE, page: at.page });
        next = data.length < PER_PAGE ? { phase: 'milestones', page: 1 } : { phase: 'labels', page: at.page + 1 };
        await db.transaction(async (tx) => {
          await cacheWriter.labels(tx, scope, (data as GitHubLabel[]).map(labelRow));
          await syncJobStore.advance(tx, job.id, next!.phase, next as unknown as Record<string, unknown>);
        });
        break;
      }
      case 'milestones': {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/milestones', {
          owner, repo: name, state: 'all', per_page: PER_PAGE, page: at.page,
        });
        next = data.length < PER_PAGE ? { phase: 'issues', page: 1 } : { phase: 'milestones', page: at.page + 1 };
        await db.transaction(async (tx) => {
          await cacheWriter.milestones(tx, scope, (data as GitHubMilestone[]).map(milestoneRow));
          await syncJobStore.advance(tx, job.id, next!.phase, next as unknown as Record<string, unknown>);
        });
        break;
      }
      case 'issues': {
        // For the progress the sync status shows: one GraphQL count, never a reason to stop the walk.
        if (at.issuesTotal === undefined) {
          at = {
            ...at,
            issuesTotal: await octokit
              .graphql<{ repository: { issues: { totalCount: number } } | null }>(ISSUES_TOTAL, { owner, name })
              .then((answer) => answer.repository?.issues.totalCount ?? null)
              .catch(() => null),
          };
        }
        const readAt = new Date();
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues', {
          owner, repo: name, state: 'all', sort: 'updated', direction: 'asc', per_page: PER_PAGE, page: at.page,
          ...(at.since ? { since: at.since } : {}),
        });
        const page = data as GitHubIssue[];
        next = page.length < PER_PAGE ? { phase: 'comments', page: 1, issuesTotal: at.issuesTotal } : sinceAfter(at, page);
        // The rows (less those deleted since the read) and the checkpoint, in one statement.
        const found = page.filter((i) => !isPullRequest(i)).map(issueRow);
        await cacheWriter.issuePage(db, scope, found, readAt, syncJobStore.advanceWith(job.id, next.phase, next as unknown as Record<string, unknown>));
        break;
      }
      case 'comments': {
        const readAt = new Date();
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/comments', {
          owner, repo: name, sort: 'updated', direction: 'asc', per_page: PER_PAGE, page: at.page,
          ...(at.since ? { since: at.since } : {}),
        });
        const page = data as GitHubComment[];
        next = page.length < PER_PAGE ? null : sinceAfter(at, page);
        if (next) {
          await cacheWriter.commentPage(db, scope, page.map(commentRow), readAt, syncJobStore.advanceWith(job.id, next.phase, next as unknown as Record<string, unknown>));
          break;
        }
        // The last page also ends the job and marks the repository synced.
        await db.transaction(async (tx) => {
          const deleted = await issueCache.deletedSinceRead(tx, scope.repositoryId, 'comment', page.map((c) => Number(c.id)), readAt);
          await cacheWriter.comments(tx, scope, page.filter((c) => !deleted.has(Number(c.id))).map(commentRow));
          await syncJobStore.advance(tx, job.id, 'done', at as unknown as Record<string, unknown>);
          await syncJobStore.update(tx, job.id, { status: 'done', phase: 'done', finishedAt: new Date(), error: null });
          await tx.update(repositories).set({ syncedAt: new Date() }).where(eq(repositories.id, repo.id));
        });
        break;
      }
    }
    if (!next) return 'done';
    at = next;
  }
}

/**
 * The next request of an `updated`-ordered walk: again from the newest instant seen (re-reading
 * only the few objects that share it), or, when a whole page shares one instant, the next page.
 */
function sinceAfter(at: Checkpoint, page: Array<{ updated_at: string }>): Checkpoint {
  const oldest = page[0].updated_at;
  const newest = page[page.length - 1].updated_at;
  const carried = at.issuesTotal === undefined ? {} : { issuesTotal: at.issuesTotal };
  return oldest === newest ? { phase: at.phase, page: at.page + 1, since: at.since, ...carried } : { phase: at.phase, page: 1, since: newest, ...carried };
}
