import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { runProjectsBackfill } from '../../src/sync/projects-backfill.js';
import { syncJobStore } from '../../src/sync/store.js';
import type { TestApp } from '../harness/app.js';
import { addMember, createWorkspace, issueKey, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import type { Call } from '../harness/http.js';
import type { SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation } from '../issues/cache-fixture.js';
import type { FuzzContext } from './arbitraries.js';

export interface FuzzWorld {
  owner: TestPerson;
  /** A person with nothing to lose: the credential of `signOutEverywhere`. */
  bystander: TestPerson;
  /** An API key of the workspace with every grantable scope (an empty scope list is not narrowed). */
  apiKey: string;
  context: FuzzContext;
  /** Undoes what earlier operations' valid input may have switched off (the repository's sync). */
  restore(): Promise<void>;
}

/**
 * Workspace A, connected to an installation on the emulator with a repository, an issue with a
 * comment, a label, a milestone, a project with a text field and the issue on it; a shared view,
 * a member, a pending invitation and a key to revoke. Like the route matrix's world, built through
 * the real routes where there is one and the cache fixtures where the walk would run.
 */
export async function buildFuzzWorld(t: TestApp, codehost: RunningEmulator, call: Call, smtp: SmtpCapture): Promise<FuzzWorld> {
  const owner = await signUp(call, 'Fuzz owner');
  const bystander = await signUp(call, 'Fuzz bystander');
  const A = await createWorkspace(call, owner, 'Fuzz A');
  const foreign = await createWorkspace(call, await signUp(call, 'Foreign owner'), 'Fuzz B');
  const member = await addMember(call, smtp, owner, A.id, 'member');
  const invite = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: A.id, body: { email: `${unique('invitee')}@example.test`, role: 'viewer' } });
  expect(invite.status, invite.text).toBe(201);
  const apiKey = await issueKey(call, owner, A.id, [], 'fuzz key');
  const keyToRevoke = await issueKey(call, owner, A.id, [], 'key to revoke');

  codehost.control.createUser({ login: 'fuzz-owner' });
  codehost.control.createOrg({ login: 'fuzz-org', admins: ['fuzz-owner'] });
  const installationId = codehost.control.install({ account: 'fuzz-org' }).id;
  codehost.control.createRepo({ owner: 'fuzz-org', name: 'tracker' });
  await act(codehost, 'fuzz-owner', 'POST', '/repos/fuzz-org/tracker/labels', { name: 'bug', color: 'd73a4a' });
  await act(codehost, 'fuzz-owner', 'POST', '/repos/fuzz-org/tracker/milestones', { title: 'v1' });
  await act(codehost, 'fuzz-owner', 'POST', '/repos/fuzz-org/tracker/issues', { title: 'An issue', labels: ['bug'], milestone: 1 });
  await act(codehost, 'fuzz-owner', 'POST', '/repos/fuzz-org/tracker/issues/1/comments', { body: 'A comment' });
  await fillCache(t, codehost, A.id, installationId, await recordInstallation(t, codehost, A.id, installationId));

  const one = async (sql: string) => ((await t.database.pool.query(sql, [A.id])).rows[0] as { id: string }).id;
  const project = codehost.control.createProject({ owner: 'fuzz-org', title: 'Fuzz board', fields: [{ name: 'Notes', dataType: 'TEXT' }] });
  const cardId = codehost.control.addProjectItem('fuzz-org', project.number, { repo: 'fuzz-org/tracker', issue: 1 }).id;
  const { job } = await t.database.db.transaction((tx) => syncJobStore.openWorkspaceWalk(tx, { id: randomUUID(), workspaceId: A.id, kind: 'projects_backfill' }));
  expect(await runProjectsBackfill(t.services, job.id)).toBe('done');

  const repositoryId = await one('select id from repositories where workspace_id = $1');
  // Writes need a synced repository; turning sync on queues a backfill no worker runs here.
  const restore = async () => {
    const enabled = await call('PATCH', '/v1/codehost/repositories', { token: owner.token, workspaceId: A.id, body: { enable: [repositoryId] } });
    expect(enabled.status, enabled.text).toBe(200);
  };
  await restore();

  const view = await call('POST', '/v1/views', { token: owner.token, workspaceId: A.id, body: { name: 'Fuzz view', visibility: 'shared' } });
  expect(view.status, view.text).toBe(201);

  const projectId = await one('select id from projects where workspace_id = $1');
  const idsByName: Record<string, string[]> = {
    issueId: [await one('select id from issues where workspace_id = $1')],
    commentId: [await one('select id from comments where workspace_id = $1')],
    repositoryId: [repositoryId],
    milestoneId: [await one('select id from milestones where workspace_id = $1')],
    projectId: [projectId],
    itemId: [cardId],
    afterItemId: [cardId],
    fieldNodeId: (await t.database.pool.query<{ id: string }>('select node_id as id from project_fields where project_id = $1', [projectId])).rows.map((r) => r.id),
    viewId: [view.body.id],
    memberId: [member.membershipId],
    invitationId: [invite.body.id],
    apiKeyId: [keyToRevoke.id],
  };
  const statusField = (await t.database.pool.query<{ id: string }>(`select node_id as id from project_fields where project_id = $1 and name = 'Status'`, [projectId])).rows[0]?.id;
  idsByName.repository = idsByName.repositoryId!;
  idsByName.groupBy = ['state', 'assignee', 'label', 'milestone', 'type', ...(statusField ? [`field:${projectId}:${statusField}`] : [])];
  idsByName.column = ['open', 'closed', 'bug', 'none', 'v1'];
  // Cursors the service made, for another list than most operations page, and edited ones.
  const page = await call('GET', '/v1/members?limit=1', { token: owner.token, workspaceId: A.id });
  expect(page.body?.nextCursor, page.text).toBeTruthy();
  const cursor = page.body.nextCursor as string;
  const flipped = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
  idsByName.cursor = [cursor, flipped, cursor.slice(0, -5), `${cursor}==`, Buffer.from(JSON.stringify({ k: ['x'], id: randomUUID() })).toString('base64url')];
  idsByName.milestone = [...idsByName.milestoneId!, 'none'];
  idsByName.project = idsByName.projectId!;
  return {
    owner,
    bystander,
    apiKey: apiKey.key,
    restore,
    context: {
      idsByName,
      anyIds: [...new Set(Object.entries(idsByName).filter(([name]) => name.endsWith('Id')).flatMap(([, ids]) => ids))],
      words: ['bug', 'v1', 'fuzz-owner', '@me', 'none', 'Notes', 'Status', 'fuzz-org/tracker', 'label', 'assignee', 'state', `field:${projectId}:Status`],
      workspaceId: A.id,
      foreignWorkspaceId: foreign.id,
    },
  };
}
