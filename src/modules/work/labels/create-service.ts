import { and, eq } from 'drizzle-orm';
import { labelRow, type GitHubLabel } from '../../../codehost/mapping.js';
import { labels } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { cacheWriter } from '../../../cache/cache-writer.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { writeAsApp } from '../../integrations/codehost/authored-write.js';
import { codehostClientOf, writableInstallation } from '../issues/write-guard.js';
import type { WorkspaceAuth } from '../issues/write-service.js';
import { writeStore } from '../issues/write-store.js';
import { presentLabel } from './service.js';

export async function createLabel(
  services: Services,
  auth: WorkspaceAuth,
  input: { repositoryId: string; name: string; color: string; description?: string | null },
  requestId: string,
) {
  const client = codehostClientOf(services);
  const workspaceId = auth.workspace.workspaceId;
  const repo = await writeStore.repository(services.database.db, workspaceId, input.repositoryId);
  if (!repo) throw notFound('repository');
  const installationId = writableInstallation(repo);
  const answer = await writeAsApp(services, client, installationId, 'the new label', async (octokit) => {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/labels', {
      owner: repo.ownerLogin,
      repo: repo.name,
      name: input.name,
      color: input.color.replace(/^#/, ''),
      ...(input.description != null ? { description: input.description } : {}),
    });
    return data as GitHubLabel;
  });
  const row = labelRow(answer);
  const created = await services.database.db.transaction(async (tx) => {
    await cacheWriter.labels(tx, { workspaceId, repositoryId: repo.repositoryId }, [row]);
    const [label] = await tx
      .select({ id: labels.id, nodeId: labels.nodeId, repositoryId: labels.repositoryId, name: labels.name, color: labels.color, description: labels.description })
      .from(labels)
      .where(and(eq(labels.repositoryId, repo.repositoryId), eq(labels.codehostId, row.codehostId)));
    await recordAudit(tx, { workspaceId, action: 'label.created', actor: actorOf(auth), target: { type: 'label', id: label.id }, after: { repositoryId: repo.repositoryId, name: row.name, color: row.color, description: row.description }, requestId });
    return label;
  });
  return presentLabel(created);
}
