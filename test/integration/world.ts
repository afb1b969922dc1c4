import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import type { Call } from '../harness/http.js';
import { buildProjectsWorld, gql, waitForJobOfKind, type ProjectsWorld } from '../projects/world.js';

/**
 * The projects world (organisation `org`, repositories `web` and `other`, project Roadmap with
 * every field kind) plus a project Triage whose built-in workflow sets Status to Todo on add,
 * with `web` synced end to end: projects walk and repository backfill done, webhooks flowing to
 * the app's receiver. Webhooks must already point at the app (deliveries before the connection
 * are for an installation no workspace holds, and are ignored).
 */
export interface IntegrationWorld extends ProjectsWorld {
  roadmapId: string;
  triage: { nodeId: string; number: number; id: string; status: FieldInfo };
  /** Roadmap's Status (no workflow on add). */
  roadmapStatus: FieldInfo;
  /** Service ids of the issues of `web`, by number. */
  issueIds: Record<number, string>;
}

export interface FieldInfo {
  nodeId: string;
  options: Array<{ id: string; name: string }>;
}

export async function buildIntegrationWorld(gh: RunningEmulator, call: Call, org: string): Promise<IntegrationWorld> {
  const base = await buildProjectsWorld(gh, call, org);
  const triage = gh.control.createProject({ owner: org, title: 'Triage', fields: [] });
  const as = { token: base.owner.token, workspaceId: base.workspaceId };

  const enabled = await call('PATCH', '/v1/codehost/repositories', { token: base.owner.token, body: { enable: [base.repoIds[`${org}/web`]] } });
  expect(enabled.status, enabled.text).toBe(200);
  await waitForJobOfKind(call, base.owner, 'projects_backfill', (j) => j.status === 'done', 90_000);
  await waitForJobOfKind(call, base.owner, 'repository_backfill', (j) => j.status === 'done', 90_000);
  await gh.control.webhooksIdle();

  const projects = await call('GET', '/v1/projects', as);
  expect(projects.status, projects.text).toBe(200);
  const idOf = (title: string) => projects.body.data.find((p: { title: string }) => p.title === title).id as string;
  const statusOf = async (projectId: string): Promise<FieldInfo> => {
    const res = await call('GET', `/v1/projects/${projectId}`, as);
    expect(res.status, res.text).toBe(200);
    const f = res.body.fields.find((x: { name: string }) => x.name === 'Status');
    return { nodeId: f.nodeId, options: f.options.map((o: { id: string; name: string }) => ({ id: o.id, name: o.name })) };
  };
  const roadmapId = idOf('Roadmap');
  const triageId = idOf('Triage');
  const issues = await call('GET', '/v1/issues?limit=100&sort=number', as);
  expect(issues.status, issues.text).toBe(200);
  const issueIds = Object.fromEntries(issues.body.data.map((i: { number: number; id: string }) => [i.number, i.id]));
  return {
    ...base,
    roadmapId,
    roadmapStatus: await statusOf(roadmapId),
    triage: { nodeId: triage.id, number: triage.number, id: triageId, status: await statusOf(triageId) },
    issueIds,
  };
}

/** Sets one value of a card on the code host as a person (the organisation's admin), as the web UI would. */
export function setOnCodehost(gh: RunningEmulator, w: IntegrationWorld, projectNodeId: string, itemNodeId: string, fieldNodeId: string, value: Record<string, unknown>) {
  return gql(gh, w.admin, `mutation($p: ID!, $i: ID!, $f: ID!, $v: ProjectV2FieldValue!) { updateProjectV2ItemFieldValue(input: { projectId: $p, itemId: $i, fieldId: $f, value: $v }) { clientMutationId } }`,
    { p: projectNodeId, i: itemNodeId, f: fieldNodeId, v: value });
}

/** Polls `read` until `ok` holds (webhook appliers queue jobs; the worker runs them a little later). */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GitHub's timestamps have whole seconds: two changes meant to be ordered must fall in different seconds. */
export const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));
