import type { Executor } from '../../db/pool.js';
import { recordActivity } from '../../modules/work/activity/recorder.js';
import { projectStore } from '../../modules/work/projects/store.js';
import type { Services } from '../../services.js';
import { enqueue, installationQueue, PROJECT_ITEM_REFRESH_TASK, PROJECT_REFRESH_TASK } from '../queue.js';
import type { CodehostSender } from '../project-refresh.js';

/** What an applier is given by the webhook receiver: the workspace the installation belongs to. */
export interface ApplierContext {
  services: Services;
  workspaceId: string;
  installationId: number;
}

interface Sender {
  login?: string;
  id?: number;
}

/** The parts of `projects_v2_item` deliveries the cache uses. */
export interface ProjectsV2ItemEvent {
  action: string;
  projects_v2_item: {
    node_id: string;
    project_node_id: string;
    content_node_id?: string | null;
    content_type?: string | null;
    archived_at?: string | null;
  };
  changes?: {
    previous_projects_v2_item_node_id?: { from?: string | null; to?: string | null };
    archived_at?: { from?: string | null; to?: string | null };
  };
  sender?: Sender | null;
}

/** The parts of `projects_v2` deliveries the cache uses. */
export interface ProjectsV2Event {
  action: string;
  projects_v2: {
    node_id: string;
    number?: number;
    title?: string;
    closed?: boolean;
    updated_at?: string;
  };
  sender?: Sender | null;
}

const senderOf = (s: Sender | null | undefined): CodehostSender => ({ login: s?.login ?? null, id: s?.id ?? null });

async function queueItemRefresh(tx: Executor, ctx: ApplierContext, itemNodeId: string, sender: CodehostSender) {
  await enqueue(tx, ctx.services.config.worker.schema, PROJECT_ITEM_REFRESH_TASK, { workspaceId: ctx.workspaceId, itemNodeId, sender }, {
    queue: installationQueue(ctx.installationId),
    // A burst of edits to one card becomes one read of it.
    jobKey: `project-item:${ctx.workspaceId}:${itemNodeId}`,
  });
}

async function queueProjectRefresh(tx: Executor, ctx: ApplierContext, projectNodeId: string) {
  await enqueue(tx, ctx.services.config.worker.schema, PROJECT_REFRESH_TASK, { workspaceId: ctx.workspaceId, projectNodeId }, {
    queue: installationQueue(ctx.installationId),
    jobKey: `project:${ctx.workspaceId}:${projectNodeId}`,
  });
}

/**
 * `projects_v2_item`: created, edited (a person's or a project workflow's change of values),
 * converted (draft -> issue) and restored re-read the card from the code host in a small job;
 * deleted, archived and reordered carry what the cache needs and apply at once.
 */
export async function applyProjectsV2Item(tx: Executor, ctx: ApplierContext, payload: ProjectsV2ItemEvent): Promise<void> {
  const item = payload.projects_v2_item;
  const sender = senderOf(payload.sender);
  switch (payload.action) {
    case 'created':
    case 'edited':
    case 'converted':
    case 'restored':
      await queueItemRefresh(tx, ctx, item.node_id, sender);
      return;
    case 'archived':
      await projectStore.setArchived(tx, ctx.workspaceId, item.node_id, true);
      return;
    case 'deleted': {
      const cached = await projectStore.itemByNode(tx, ctx.workspaceId, item.node_id);
      if (!cached) return;
      await projectStore.deleteItem(tx, ctx.workspaceId, item.node_id);
      if (cached.issueId && cached.contentType === 'Issue') {
        const project = await projectStore.find(tx, ctx.workspaceId, cached.projectId);
        await recordActivity(tx, {
          workspaceId: ctx.workspaceId,
          issueId: cached.issueId,
          action: 'project.item_removed',
          actor: { type: 'codehost', ...sender },
          detail: { projectId: cached.projectId, projectTitle: project?.title ?? null, itemNodeId: item.node_id },
        });
      }
      return;
    }
    case 'reordered': {
      const cached = await projectStore.itemByNode(tx, ctx.workspaceId, item.node_id);
      if (!cached) return;
      const afterNodeId = payload.changes?.previous_projects_v2_item_node_id?.to ?? null;
      const after = afterNodeId ? await projectStore.item(tx, ctx.workspaceId, cached.projectId, afterNodeId) : null;
      await projectStore.setPosition(tx, cached.id, await projectStore.positionAfter(tx, cached.projectId, after, cached.id));
      return;
    }
    default:
      return;
  }
}

/** `projects_v2`: a project's title, number and open/closed state; new projects are read with their fields. */
export async function applyProjectsV2(tx: Executor, ctx: ApplierContext, payload: ProjectsV2Event): Promise<void> {
  const p = payload.projects_v2;
  switch (payload.action) {
    case 'deleted':
      await projectStore.deleteProject(tx, ctx.workspaceId, p.node_id);
      return;
    case 'created':
    case 'edited':
    case 'closed':
    case 'reopened':
      // Fields are not in the payload; one read brings title, state and fields together.
      await queueProjectRefresh(tx, ctx, p.node_id);
      return;
    default:
      return;
  }
}
