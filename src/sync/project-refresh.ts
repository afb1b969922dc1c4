import { isGraphqlNotFound } from '../codehost/graphql-errors.js';
import { itemQuery, projectQuery } from '../codehost/project-documents.js';
import { fieldRows, itemRow, projectRow, type GqlItem, type GqlProject } from '../codehost/project-mapping.js';
import type { FieldValue } from '../db/schema/projects.js';
import { recordActivity, type ActivityActor } from '../modules/work/activity/recorder.js';
import { codehostStore } from '../modules/integrations/codehost/store.js';
import { fieldChanges } from '../modules/work/projects/field-changes.js';
import { projectStore } from '../modules/work/projects/store.js';
import type { Services } from '../services.js';
import { projectsCacheWriter } from '../cache/projects-cache-writer.js';

export interface CodehostSender {
  login: string | null;
  id: number | null;
}

export interface ItemRefreshPayload {
  workspaceId: string;
  itemNodeId: string;
  sender?: CodehostSender | null;
}

export interface ProjectRefreshPayload {
  workspaceId: string;
  projectNodeId: string;
}

async function clientOf(services: Services, workspaceId: string) {
  if (!services.codehost) return null;
  const installation = await codehostStore.installationOf(services.database.db, workspaceId);
  return installation ? services.codehost.asInstallation(installation.installationId) : null;
}

/** Reads one project with its fields into the cache; a project the code host no longer shows is dropped. */
export async function refreshProject(services: Services, p: ProjectRefreshPayload): Promise<string | null> {
  const octokit = await clientOf(services, p.workspaceId);
  if (!octokit) return null;
  const { db } = services.database;
  let node: GqlProject | null;
  try {
    node = (await octokit.graphql<{ node: GqlProject | null }>(projectQuery, { id: p.projectNodeId })).node;
  } catch (error) {
    if (!isGraphqlNotFound(error)) throw error;
    node = null;
  }
  if (!node?.id) {
    await projectStore.deleteProject(db, p.workspaceId, p.projectNodeId);
    return null;
  }
  return db.transaction(async (tx) => {
    const projectId = await projectsCacheWriter.project(tx, p.workspaceId, projectRow(node));
    await projectsCacheWriter.fields(tx, p.workspaceId, projectId, fieldRows(node));
    return projectId;
  });
}

/**
 * Reads one card (content and every value) into the cache after a webhook said it changed: the
 * payloads name the card but do not carry reliable values (a workflow's change says only which
 * field moved). Differences from the cached card become activity entries on its issue, by the
 * code-host account that made them.
 */
export async function refreshProjectItem(services: Services, p: ItemRefreshPayload): Promise<void> {
  const octokit = await clientOf(services, p.workspaceId);
  if (!octokit) return;
  const { db } = services.database;
  let node: (GqlItem & { project: { id: string } }) | null;
  try {
    node = (await octokit.graphql<{ node: (GqlItem & { project: { id: string } }) | null }>(itemQuery, { id: p.itemNodeId })).node;
  } catch (error) {
    if (!isGraphqlNotFound(error)) throw error;
    node = null;
  }
  if (!node?.id) {
    await projectStore.deleteItem(db, p.workspaceId, p.itemNodeId);
    return;
  }
  let project = await projectStore.findByNode(db, p.workspaceId, node.project.id);
  if (!project) {
    await refreshProject(services, { workspaceId: p.workspaceId, projectNodeId: node.project.id });
    project = await projectStore.findByNode(db, p.workspaceId, node.project.id);
    if (!project) return;
  }
  const row = itemRow(node);
  const actor: ActivityActor = { type: 'codehost', login: p.sender?.login ?? null, id: p.sender?.id ?? null };
  await db.transaction(async (tx) => {
    await projectStore.lockCard(tx, row.nodeId);
    const before = await projectStore.item(tx, p.workspaceId, project.id, row.nodeId);
    await projectsCacheWriter.items(tx, p.workspaceId, project.id, [row]);
    const issueId = await projectStore.issueIdOfNode(tx, p.workspaceId, row.contentType === 'Issue' ? row.contentNodeId : null);
    if (!issueId) return;
    // `codehostUpdatedAt` lets the service's own write of this change replace these entries when
    // this refresh (of its webhook echo) commits first.
    const base = { projectId: project.id, projectTitle: project.title, itemNodeId: row.nodeId, codehostUpdatedAt: row.codehostUpdatedAt?.toISOString() ?? null };
    const entries = [];
    if (!before) entries.push({ workspaceId: p.workspaceId, issueId, action: 'project.item_added', actor, detail: base });
    for (const change of fieldChanges((before?.fieldValues ?? {}) as Record<string, FieldValue>, row.fieldValues)) {
      entries.push({ workspaceId: p.workspaceId, issueId, action: change.action, actor, detail: { ...base, fieldNodeId: change.fieldNodeId, value: change.value, previous: change.previous } });
    }
    await recordActivity(tx, entries);
  });
}
