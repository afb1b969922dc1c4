import { and, asc, eq, gt } from 'drizzle-orm';
import { itemsPageQuery, projectsPageQuery } from '../codehost/project-documents.js';
import { fieldRows, itemRow, projectRow, type GqlItem, type GqlProject } from '../codehost/project-mapping.js';
import type { Tx } from '../db/pool.js';
import { codehostInstallations, projects } from '../db/schema/index.js';
import type { Services } from '../services.js';
import { projectsCacheWriter } from '../cache/projects-cache-writer.js';
import { enqueue, installationQueue, PROJECTS_BACKFILL_TASK } from './queue.js';
import { pauseWhileBudgetIsLow } from './budget-pause.js';
import { syncJobStore } from './store.js';

export const PROJECTS_PER_PAGE = 100;

/**
 * Where a projects walk stands. `walkStartedAt` (database time) is when the walk began: rows not
 * written since then were not seen by it and are gone from the code host. Items are walked one
 * project at a time, projects in node-id order, each with the GraphQL cursor reached.
 */
export interface ProjectsCheckpoint {
  phase: 'projects' | 'items';
  walkStartedAt: string;
  after: string | null;
  projectNodeId?: string;
  /** Cards already placed in the current project: the next page's positions follow them. */
  placed?: number;
}

interface ProjectsPage {
  owner: { projectsV2: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Array<GqlProject | null> } } | null;
}
interface ItemsPage {
  node: { items?: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Array<GqlItem | null> } } | null;
}

/** Opens a projects walk for the workspace unless one is live, and queues it, in the caller's transaction. */
export async function startProjectsWalk(services: Services, tx: Tx, workspaceId: string, installationId: number, newId: string): Promise<{ jobId: string; created: boolean }> {
  const { job, created } = await syncJobStore.openWorkspaceWalk(tx, { id: newId, workspaceId, kind: 'projects_backfill' });
  if (!created) return { jobId: job.id, created: false };
  await enqueue(tx, services.config.worker.schema, PROJECTS_BACKFILL_TASK, { syncJobId: job.id }, {
    queue: installationQueue(installationId),
    jobKey: `projects:${installationId}`,
  });
  return { jobId: job.id, created: true };
}

async function nextProject(tx: Tx | Services['database']['db'], workspaceId: string, afterNodeId: string | null): Promise<string | null> {
  const [row] = await tx
    .select({ nodeId: projects.nodeId })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), afterNodeId ? gt(projects.nodeId, afterNodeId) : undefined))
    .orderBy(asc(projects.nodeId))
    .limit(1);
  return row?.nodeId ?? null;
}

/**
 * Walks the installation account's projects over GraphQL: the projects with their fields, 100 a
 * page, then each project's cards with their content and field values, 100 a page. Each page's
 * rows and the checkpoint after it commit together, so a restart resumes after the last finished
 * page. Waits (rescheduling itself for the reset) while less than 10% of the GraphQL budget is left;
 * the REST budget is tracked apart and does not pause it.
 */
export async function runProjectsBackfill(services: Services, syncJobId: string): Promise<'done' | 'paused' | 'skipped'> {
  const { db, pool } = services.database;
  const job = await syncJobStore.find(db, syncJobId);
  if (!job || !services.codehost || job.status === 'done' || job.status === 'failed') return 'skipped';
  const [installation] = await db.select().from(codehostInstallations).where(eq(codehostInstallations.workspaceId, job.workspaceId));
  if (!installation) {
    await syncJobStore.update(db, job.id, { status: 'done', phase: 'cancelled', finishedAt: new Date() });
    return 'skipped';
  }
  const workspaceId = job.workspaceId;
  await syncJobStore.update(db, job.id, { status: 'running', startedAt: job.startedAt ?? new Date(), resumeAfter: null, error: null });
  const octokit = await services.codehost.asInstallation(installation.installationId);
  const ownerKind = installation.accountType === 'Organization' ? 'organization' : 'user';

  let at = job.checkpoint as unknown as ProjectsCheckpoint;
  if (!at?.phase) {
    const { rows } = await pool.query<{ now: Date }>('select now() as now');
    at = { phase: 'projects', walkStartedAt: rows[0].now.toISOString(), after: null };
  }
  const walkStartedAt = new Date(at.walkStartedAt);
  const save = (tx: Tx, next: ProjectsCheckpoint, phase: string) => syncJobStore.advance(tx, job.id, phase, next as unknown as Record<string, unknown>);

  for (;;) {
    const paused = await pauseWhileBudgetIsLow(services, {
      syncJobId: job.id,
      installationId: installation.installationId,
      task: PROJECTS_BACKFILL_TASK,
      jobKey: `projects:${installation.installationId}:resume`,
      resource: 'graphql',
      checkpoint: at as unknown as Record<string, unknown>,
    });
    if (paused) return 'paused';

    if (at.phase === 'projects') {
      const data = await octokit.graphql<ProjectsPage>(projectsPageQuery(ownerKind), { login: installation.accountLogin, after: at.after });
      const page = data.owner?.projectsV2 ?? { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] };
      let next: ProjectsCheckpoint;
      await db.transaction(async (tx) => {
        for (const p of page.nodes) {
          if (!p) continue;
          const projectId = await projectsCacheWriter.project(tx, workspaceId, projectRow(p));
          await projectsCacheWriter.fields(tx, workspaceId, projectId, fieldRows(p));
        }
        if (page.pageInfo.hasNextPage) {
          next = { ...at, after: page.pageInfo.endCursor };
        } else {
          await projectsCacheWriter.deleteStaleProjects(tx, workspaceId, walkStartedAt);
          next = { phase: 'items', walkStartedAt: at.walkStartedAt, after: null, projectNodeId: (await nextProject(tx, workspaceId, null)) ?? undefined, placed: 0 };
        }
        await save(tx, next, next.phase);
      });
      at = next!;
      continue;
    }

    if (!at.projectNodeId) {
      await syncJobStore.update(db, job.id, { status: 'done', phase: 'done', finishedAt: new Date(), error: null });
      return 'done';
    }
    const data = await octokit.graphql<ItemsPage>(itemsPageQuery, { project: at.projectNodeId, after: at.after });
    const page = data.node?.items ?? { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] };
    let next: ProjectsCheckpoint;
    await db.transaction(async (tx) => {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.workspaceId, workspaceId), eq(projects.nodeId, at.projectNodeId!)));
      const placed = at.placed ?? 0;
      if (project) {
        const rows = page.nodes.filter((n): n is GqlItem => !!n).map((n, i) => ({ ...itemRow(n), position: placed + i + 1 }));
        await projectsCacheWriter.items(tx, workspaceId, project.id, rows);
        if (!page.pageInfo.hasNextPage) await projectsCacheWriter.deleteStaleItems(tx, project.id, walkStartedAt);
      }
      next = page.pageInfo.hasNextPage
        ? { ...at, after: page.pageInfo.endCursor, placed: placed + page.nodes.length }
        : { ...at, after: null, placed: 0, projectNodeId: (await nextProject(tx, workspaceId, at.projectNodeId!)) ?? undefined };
      await save(tx, next, 'items');
    });
    at = next!;
  }
}
