import { forgetEchoEntries } from '../activity/echo.js';
import type { AuthContext } from '../../../auth/access.js';
import { codehostNotConfigured } from '../../../codehost/errors.js';
import { onGraphql } from '../../../codehost/graphql-errors.js';
import { addItemMutation, clearFieldMutation, deleteItemMutation, moveItemMutation, setFieldMutation } from '../../../codehost/project-documents.js';
import { itemRow, type GqlItem } from '../../../codehost/project-mapping.js';
import type { Tx } from '../../../db/pool.js';
import type { FieldValue } from '../../../db/schema/projects.js';
import { conflict, invalidRequest, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { projectsCacheWriter } from '../../../cache/projects-cache-writer.js';
import { recordActivity } from '../activity/recorder.js';
import { requestNotifications } from '../../customers/request-notifications/service.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { codehostStore } from '../../integrations/codehost/store.js';
import { issueStore } from '../issues/store.js';
import { codehostValueFor, type FieldValueInput } from './field-value-input.js';
import { presentField, presentItem, presentProjectSummary } from './schemas.js';
import { projectStore, type ItemWithIssue, type ProjectRow } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

async function projectOf(services: Services, workspaceId: string, projectId: string): Promise<ProjectRow> {
  const project = await projectStore.find(services.database.db, workspaceId, projectId);
  // Another workspace's project reads exactly like one that does not exist.
  if (!project) throw notFound('project');
  return project;
}

async function itemOf(services: Services, workspaceId: string, project: ProjectRow, itemNodeId: string): Promise<ItemWithIssue> {
  const item = await projectStore.item(services.database.db, workspaceId, project.id, itemNodeId);
  if (!item) throw notFound('project item');
  return item;
}

/** The installation's client; every request runs in its lane. */
async function codehostFor(services: Services, workspaceId: string) {
  if (!services.codehost) throw codehostNotConfigured();
  const installation = await codehostStore.installationOf(services.database.db, workspaceId);
  if (!installation) throw conflict('Connect a code-host installation first.', { reason: 'not_connected' });
  return services.codehost.asInstallation(installation.installationId);
}

async function reread(services: Services, workspaceId: string, project: ProjectRow, itemNodeId: string) {
  const item = await projectStore.item(services.database.db, workspaceId, project.id, itemNodeId);
  if (!item) throw notFound('project item');
  return presentItem(project.id, item);
}

interface WriteContext {
  services: Services;
  auth: WorkspaceAuth;
  requestId: string;
}

/** The issue-level activity of a write, when the card is an issue the workspace has cached. */
async function activityFor(tx: Tx, w: WriteContext, issueId: string | null, action: string, detail: Record<string, unknown>) {
  if (!issueId) return;
  await recordActivity(tx, {
    workspaceId: w.auth.workspace.workspaceId,
    issueId,
    action,
    actor: actorOf(w.auth),
    detail,
    requestId: w.requestId,
  });
}

/** Drops code-host entries a card refresh made from the echo of this very write (same card, same updated_at). */
function forgetCardEcho(tx: Tx, workspaceId: string, issueId: string, row: ReturnType<typeof itemRow>, actions: string[]) {
  if (!row.codehostUpdatedAt) return Promise.resolve(0);
  return forgetEchoEntries(tx, { workspaceId, issueId }, { actions, itemNodeId: row.nodeId, codehostUpdatedAt: row.codehostUpdatedAt.toISOString() });
}

/** Sets or clears one field on a card: the code host first, then the cache from its answer, activity and audit. */
async function writeField(w: WriteContext, project: ProjectRow, item: ItemWithIssue, fieldNodeId: string, value: FieldValueInput) {
  const workspaceId = w.auth.workspace.workspaceId;
  const { db } = w.services.database;
  const field = await projectStore.field(db, workspaceId, project.id, fieldNodeId);
  if (!field) throw invalidRequest('No such field in this project.', { fieldNodeId }, 'Field node ids come from GET /v1/projects/{projectId}.');
  if (item.contentType === 'Redacted') throw invalidRequest('This card is in a repository the installation cannot see; its fields cannot be changed through the service.', { itemId: item.nodeId });
  const input = codehostValueFor(field, value);

  const octokit = await codehostFor(w.services, workspaceId);
  const answer = await onGraphql(input ? `setting ${field.name}` : `clearing ${field.name}`, async () => {
    if (input) {
      const data = await octokit.graphql<{ updateProjectV2ItemFieldValue: { projectV2Item: GqlItem } }>(setFieldMutation, {
        project: project.nodeId, item: item.nodeId, field: field.nodeId, value: input,
      });
      return data.updateProjectV2ItemFieldValue.projectV2Item;
    }
    const data = await octokit.graphql<{ clearProjectV2ItemFieldValue: { projectV2Item: GqlItem } }>(clearFieldMutation, {
      project: project.nodeId, item: item.nodeId, field: field.nodeId,
    });
    return data.clearProjectV2ItemFieldValue.projectV2Item;
  });
  const row = itemRow(answer);
  const after = (row.fieldValues[field.nodeId] ?? null) as FieldValue | null;
  const before = (item.fieldValues as Record<string, FieldValue>)[field.nodeId] ?? null;
  const action = input ? 'project.field_set' : 'project.field_cleared';
  await db.transaction(async (tx) => {
    await projectStore.lockCard(tx, item.nodeId);
    await projectsCacheWriter.items(tx, workspaceId, project.id, [row]);
    const detail = { projectId: project.id, projectTitle: project.title, itemNodeId: item.nodeId, fieldNodeId: field.nodeId, fieldName: field.name, value: after, previous: before };
    if (item.issueId) await forgetCardEcho(tx, workspaceId, item.issueId, row, ['project.field_set', 'project.field_cleared']);
    await activityFor(tx, w, item.issueId, action, detail);
    await recordAudit(tx, {
      workspaceId,
      action,
      actor: actorOf(w.auth),
      target: { type: 'project_item', id: item.id },
      before: { fieldNodeId: field.nodeId, value: before },
      after: { fieldNodeId: field.nodeId, value: after },
      requestId: w.requestId,
    });
    // A card's field (its Status, say) can move the status of a portal request on the issue.
    await requestNotifications.scheduleSweep(tx, w.services, workspaceId);
  });
  return reread(w.services, workspaceId, project, item.nodeId);
}

export const projectService = {
  list(services: Services, auth: WorkspaceAuth, page: { cursor?: string; limit: number }) {
    const workspaceId = auth.workspace.workspaceId;
    return pagedList(services.cursors, {
      binding: `projects:${workspaceId}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => projectStore.page(services.database.db, workspaceId, after, limit),
      sortKey: (r) => [r.titleKey, r.project.id],
      present: (r) => presentProjectSummary(r.project),
    });
  },

  async get(services: Services, auth: WorkspaceAuth, projectId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const project = await projectOf(services, workspaceId, projectId);
    const fields = await projectStore.fields(services.database.db, workspaceId, project.id);
    return { ...presentProjectSummary(project), fields: fields.map(presentField) };
  },

  async items(services: Services, auth: WorkspaceAuth, projectId: string, page: { cursor?: string; limit: number }) {
    const workspaceId = auth.workspace.workspaceId;
    const project = await projectOf(services, workspaceId, projectId);
    return pagedList(services.cursors, {
      binding: `project-items:${workspaceId}:${project.id}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => projectStore.itemsPage(services.database.db, workspaceId, project.id, after, limit),
      sortKey: (it) => [it.position, it.id],
      present: (it) => presentItem(project.id, it),
    });
  },

  /** Adds the issue as a card; the code host answers with the existing card when it is already there. */
  async addItem(services: Services, auth: WorkspaceAuth, projectId: string, issueId: string, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const project = await projectOf(services, workspaceId, projectId);
    const issue = await issueStore.find(db, workspaceId, issueId);
    if (!issue) throw notFound('issue');
    const octokit = await codehostFor(services, workspaceId);
    const answer = await onGraphql('adding the issue to the project', () =>
      octokit.graphql<{ addProjectV2ItemById: { item: GqlItem } }>(addItemMutation, { project: project.nodeId, content: issue.node_id }),
    );
    const row = itemRow(answer.addProjectV2ItemById.item);
    await db.transaction(async (tx) => {
      await projectStore.lockCard(tx, row.nodeId);
      const known = await projectStore.item(tx, workspaceId, project.id, row.nodeId);
      // The card may have arrived by the webhook echo first; the member's entry replaces the code host's.
      const echoed = await forgetCardEcho(tx, workspaceId, issue.id, row, ['project.item_added', 'project.field_set']);
      await projectsCacheWriter.items(tx, workspaceId, project.id, [row]);
      const detail = { projectId: project.id, projectTitle: project.title, itemNodeId: row.nodeId };
      if (!known || echoed > 0) await activityFor(tx, { services, auth, requestId }, issue.id, 'project.item_added', detail);
      await recordAudit(tx, {
        workspaceId,
        action: 'project.item_added',
        actor: actorOf(auth),
        target: { type: 'project', id: project.id },
        after: { issueId: issue.id, itemNodeId: row.nodeId, alreadyOnProject: !!known },
        requestId,
      });
    });
    return reread(services, workspaceId, project, row.nodeId);
  },

  async removeItem(services: Services, auth: WorkspaceAuth, projectId: string, itemNodeId: string, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const project = await projectOf(services, workspaceId, projectId);
    const item = await itemOf(services, workspaceId, project, itemNodeId);
    const octokit = await codehostFor(services, workspaceId);
    await onGraphql('removing the card', () => octokit.graphql(deleteItemMutation, { project: project.nodeId, item: item.nodeId }));
    await db.transaction(async (tx) => {
      await projectStore.deleteItem(tx, workspaceId, item.nodeId);
      await activityFor(tx, { services, auth, requestId }, item.issueId, 'project.item_removed', {
        projectId: project.id, projectTitle: project.title, itemNodeId: item.nodeId,
      });
      await recordAudit(tx, {
        workspaceId,
        action: 'project.item_removed',
        actor: actorOf(auth),
        target: { type: 'project_item', id: item.id },
        before: { projectId: project.id, itemNodeId: item.nodeId, contentType: item.contentType, issueId: item.issueId },
        requestId,
      });
    });
  },

  async setField(services: Services, auth: WorkspaceAuth, p: { projectId: string; itemNodeId: string; fieldNodeId: string; value: FieldValueInput }, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const project = await projectOf(services, workspaceId, p.projectId);
    const item = await itemOf(services, workspaceId, project, p.itemNodeId);
    return writeField({ services, auth, requestId }, project, item, p.fieldNodeId, p.value);
  },

  /**
   * For the bulk edit: sets or clears the field on the issue's card in that project. An issue that
   * is not on the project is `not_found` for that issue alone.
   */
  async setFieldForIssue(services: Services, auth: WorkspaceAuth, p: { projectId: string; issueId: string; fieldNodeId: string; value: FieldValueInput }, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const project = await projectOf(services, workspaceId, p.projectId);
    const issue = await issueStore.find(db, workspaceId, p.issueId);
    if (!issue) throw notFound('issue');
    const item = await projectStore.itemOfContent(db, workspaceId, project.id, issue.node_id);
    if (!item) throw notFound('project item', { reason: 'The issue is not an item of this project.', issueId: p.issueId, projectId: project.id });
    return writeField({ services, auth, requestId }, project, item, p.fieldNodeId, p.value);
  },

  /** Places the card right after another one, or at the top. */
  async moveItem(services: Services, auth: WorkspaceAuth, p: { projectId: string; itemNodeId: string; afterItemId: string | null }, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const project = await projectOf(services, workspaceId, p.projectId);
    const item = await itemOf(services, workspaceId, project, p.itemNodeId);
    let after: ItemWithIssue | null = null;
    if (p.afterItemId !== null) {
      if (p.afterItemId === item.nodeId) throw invalidRequest('A card cannot be placed after itself.', { afterItemId: p.afterItemId });
      after = await projectStore.item(db, workspaceId, project.id, p.afterItemId);
      if (!after) throw invalidRequest('afterItemId is not a card of this project.', { afterItemId: p.afterItemId });
    }
    const octokit = await codehostFor(services, workspaceId);
    await onGraphql('moving the card', () => octokit.graphql(moveItemMutation, { project: project.nodeId, item: item.nodeId, after: after?.nodeId ?? null }));
    await db.transaction(async (tx) => {
      await projectStore.setPosition(tx, item.id, await projectStore.positionAfter(tx, project.id, after, item.id));
      const detail = { projectId: project.id, projectTitle: project.title, itemNodeId: item.nodeId, afterItemId: after?.nodeId ?? null };
      await activityFor(tx, { services, auth, requestId }, item.issueId, 'project.item_moved', detail);
      await recordAudit(tx, {
        workspaceId,
        action: 'project.item_moved',
        actor: actorOf(auth),
        target: { type: 'project_item', id: item.id },
        after: { afterItemId: after?.nodeId ?? null },
        requestId,
      });
    });
    return reread(services, workspaceId, project, item.nodeId);
  },
};
