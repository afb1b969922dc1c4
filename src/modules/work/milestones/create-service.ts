import { and, eq } from 'drizzle-orm';
import { milestoneRow, type GitHubMilestone } from '../../../codehost/mapping.js';
import { milestones } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { cacheWriter } from '../../../cache/cache-writer.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { writeAsApp } from '../../integrations/codehost/authored-write.js';
import { presentMilestone } from '../issues/schemas.js';
import { codehostClientOf, writableInstallation } from '../issues/write-guard.js';
import type { WorkspaceAuth } from '../issues/write-service.js';
import { writeStore } from '../issues/write-store.js';

export async function createMilestone(
  services: Services,
  auth: WorkspaceAuth,
  input: { repositoryId: string; title: string; description?: string | null; dueOn?: string | null; state?: 'open' | 'closed' },
  requestId: string,
) {
  const client = codehostClientOf(services);
  const workspaceId = auth.workspace.workspaceId;
  const repo = await writeStore.repository(services.database.db, workspaceId, input.repositoryId);
  if (!repo) throw notFound('repository');
  const installationId = writableInstallation(repo);
  const answer = await writeAsApp(services, client, installationId, 'the new milestone', async (octokit) => {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/milestones', {
      owner: repo.ownerLogin,
      repo: repo.name,
      title: input.title,
      ...(input.description != null ? { description: input.description } : {}),
      ...(input.dueOn != null ? { due_on: new Date(input.dueOn).toISOString() } : {}),
      ...(input.state ? { state: input.state } : {}),
    });
    return data as GitHubMilestone;
  });
  const row = milestoneRow(answer);
  const created = await services.database.db.transaction(async (tx) => {
    await cacheWriter.milestones(tx, { workspaceId, repositoryId: repo.repositoryId }, [row]);
    const [m] = await tx
      .select()
      .from(milestones)
      .where(and(eq(milestones.repositoryId, repo.repositoryId), eq(milestones.codehostId, row.codehostId)));
    await recordAudit(tx, { workspaceId, action: 'milestone.created', actor: actorOf(auth), target: { type: 'milestone', id: m.id }, after: { repositoryId: repo.repositoryId, title: row.title, state: row.state, dueOn: row.dueOn }, requestId });
    return m;
  });
  return presentMilestone(created);
}
