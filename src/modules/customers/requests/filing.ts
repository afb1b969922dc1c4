import type { FastifyBaseLogger } from 'fastify';
import type { Octokit } from 'octokit';
import type { GitHubIssue } from '../../../codehost/mapping.js';
import { onGraphql } from '../../../codehost/graphql-errors.js';
import { addItemMutation, setFieldMutation } from '../../../codehost/project-documents.js';
import { itemRow, type GqlItem } from '../../../codehost/project-mapping.js';
import type { Tx } from '../../../db/pool.js';
import type { StoredDestination } from '../../../db/schema/index.js';
import { projectsCacheWriter } from '../../../cache/projects-cache-writer.js';
import { ApiError, conflict } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import type { AuditActor } from '../../audit/recorder.js';
import { writeAsApp } from '../../integrations/codehost/authored-write.js';
import { codehostClientOf, writableInstallation } from '../../work/issues/write-guard.js';
import { applyIssueAnswer, snapshotOf } from '../../work/issues/write-service.js';
import { writeStore } from '../../work/issues/write-store.js';
import { codehostValueFor, type FieldValueInput } from '../../work/projects/field-value-input.js';
import { projectStore } from '../../work/projects/store.js';
import { requestTypeStore } from '../request-types/store.js';

const deleteIssueMutation = `
mutation DeleteIssue($issue: ID!) {
  deleteIssue(input: { issueId: $issue }) { clientMutationId }
}`;

export interface FilingTarget {
  workspaceId: string;
  repositoryId: string | null;
  destination: StoredDestination;
}

export interface FiledIssue {
  issueId: string;
  issueNodeId: string;
  number: number;
  htmlUrl: string;
}

/**
 * Takes back an issue a filing made before it failed. The code host's only way is GraphQL's
 * `deleteIssue`; where that is refused, the issue is closed as not planned so nobody works on it,
 * and the log names it for a person to remove.
 */
async function withdraw(services: Services, log: FastifyBaseLogger, installationId: number, answer: GitHubIssue, what: string, cause: unknown): Promise<void> {
  const client = codehostClientOf(services);
  try {
    await writeAsApp(services, client, installationId, 'taking back the new issue', (octokit) => octokit.graphql(deleteIssueMutation, { issue: answer.node_id }));
    return;
  } catch (deletion) {
    log.error({ err: deletion, issue: answer.html_url, failedStep: what, cause }, 'a filing failed part way and its issue could not be deleted; closing it');
  }
  const [owner, repo] = new URL(answer.repository_url).pathname.split('/').slice(-2);
  await writeAsApp(services, client, installationId, 'closing the new issue', (octokit) =>
    octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner, repo, issue_number: answer.number, state: 'closed', state_reason: 'not_planned' }),
  ).catch((closing) => log.error({ err: closing, issue: answer.html_url }, 'a stray issue of a failed filing is still open on the code host'));
}

/**
 * Files a portal request's issue: the issue with its labels and type in one REST write, then the
 * project card and its initial field values, each one request in the installation's lane. The
 * cache, the activity and the caller's own rows (`commit`) are then written in one transaction.
 * Anything that fails after the issue exists takes the issue back, so a failed filing leaves no
 * issue behind and the caller's rows were never written: the failure reaches the caller as the
 * code host's error, and nothing in the workspace changed.
 */
export async function fileIssue(
  services: Services,
  target: FilingTarget,
  content: { title: string; body: string },
  who: { actor: AuditActor; requestId: string; auditDetail: Record<string, unknown>; log: FastifyBaseLogger },
  commit: (tx: Tx, filed: FiledIssue) => Promise<void>,
): Promise<FiledIssue> {
  const db = services.database.db;
  const client = codehostClientOf(services);
  if (!target.repositoryId) throw conflict("The request type's repository is no longer mirrored; an admin can point it at another one.", { reason: 'destination_missing' });
  const repo = await writeStore.repository(db, target.workspaceId, target.repositoryId);
  if (!repo) throw conflict("The request type's repository is no longer mirrored; an admin can point it at another one.", { reason: 'destination_missing' });
  const installationId = writableInstallation(repo);
  const { destination } = target;
  const project = destination.projectNodeId ? await requestTypeStore.project(db, target.workspaceId, destination.projectNodeId) : null;
  if (destination.projectNodeId && !project) throw conflict("The request type's project is no longer in this workspace; an admin can change the request type.", { reason: 'destination_missing' });
  const fields = project ? await requestTypeStore.fields(db, target.workspaceId, project.id) : [];
  const fieldInputs = Object.entries(destination.initialFieldValues).map(([fieldNodeId, value]) => {
    const field = fields.find((f) => f.nodeId === fieldNodeId);
    if (!field) throw conflict(`A field the request type sets (${fieldNodeId}) is no longer on its project; an admin can change the request type.`, { reason: 'destination_missing' });
    return { field, input: codehostValueFor(field, value as FieldValueInput) };
  });

  const answer = await writeAsApp(services, client, installationId, 'the new issue', async (octokit: Octokit) => {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues', {
      owner: repo.ownerLogin,
      repo: repo.name,
      title: content.title,
      body: content.body,
      ...(destination.labels.length ? { labels: destination.labels } : {}),
      ...(destination.issueType ? { type: destination.issueType } : {}),
    });
    return data as GitHubIssue;
  });

  let step = 'adding the issue to the project';
  try {
    let card: GqlItem | null = null;
    if (project) {
      const octokit = await client.asInstallation(installationId);
      card = await onGraphql(step, async () => (await octokit.graphql<{ addProjectV2ItemById: { item: GqlItem } }>(addItemMutation, { project: project.nodeId, content: answer.node_id })).addProjectV2ItemById.item);
      for (const { field, input } of fieldInputs) {
        if (!input) continue;
        step = `setting ${field.name}`;
        card = await onGraphql(step, async () =>
          (await octokit.graphql<{ updateProjectV2ItemFieldValue: { projectV2Item: GqlItem } }>(setFieldMutation, { project: project.nodeId, item: card!.id, field: field.nodeId, value: input }))
            .updateProjectV2ItemFieldValue.projectV2Item,
        );
      }
    }
    step = 'recording the request';
    const after = snapshotOf(answer);
    let filed: FiledIssue | null = null;
    await applyIssueAnswer(
      services,
      { workspaceId: target.workspaceId, actor: who.actor },
      who.requestId,
      { repositoryId: repo.repositoryId },
      answer,
      () => ({
        activity: [{ action: 'issue.created', detail: { number: answer.number, title: answer.title, codehostAuthor: { as: 'app' }, initial: after, ...who.auditDetail } }],
        audit: { action: 'issue.created', before: null, after: { ...after, number: answer.number, codehostAuthor: { as: 'app' }, ...who.auditDetail } },
      }),
      async (tx, issueId) => {
        if (card && project) {
          const row = itemRow(card);
          await projectStore.lockCard(tx, row.nodeId);
          await projectsCacheWriter.items(tx, target.workspaceId, project.id, [row]);
        }
        filed = { issueId, issueNodeId: answer.node_id, number: answer.number, htmlUrl: answer.html_url };
        await commit(tx, filed);
      },
    );
    return filed!;
  } catch (error) {
    await withdraw(services, who.log, installationId, answer, step, error);
    if (error instanceof ApiError) throw error;
    throw new ApiError('internal', { message: `Filing the request failed while ${step}; the new issue was taken back and nothing was kept.`, cause: error });
  }
}
