import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import type { Call } from '../harness/http.js';

/**
 * A code-host organisation with two repositories, a project `Roadmap` whose cards are issues of a
 * synced repository, an issue of a repository not synced, a draft and a card in a repository the
 * app cannot see (it reads as REDACTED), and a project `Big` of 101 drafts (two pages of cards).
 */
export interface ProjectsWorld {
  org: string;
  admin: string;
  owner: TestPerson;
  workspaceId: string;
  installationId: number;
  repoIds: Record<string, string>;
  roadmap: { nodeId: string; number: number };
  big: { nodeId: string; number: number };
  /** Field node ids of Roadmap by name. */
  fields: Record<string, { id: string; dataType: string; options?: Array<{ id: string; name: string }>; iterations?: Array<{ id: string; title: string }> }>;
  /** Card node ids of Roadmap by key (`web#1`, `other#1`, `draft`, `hidden`). */
  cards: Record<string, string>;
}

export async function gql<T = any>(gh: RunningEmulator, login: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gh.control.act(login, 'POST', '/graphql', { query, variables });
  const body = res.body as { data: T; errors?: unknown };
  if (res.status !== 200 || body.errors) throw new Error(`graphql as ${login}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

export async function act(gh: RunningEmulator, login: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await gh.control.act(login, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path} as ${login}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The project's cards on the code host, in board order, with their custom values by field node id. */
export async function codehostCards(gh: RunningEmulator, login: string, projectNodeId: string) {
  const data = await gql(gh, login, `query($id: ID!) { node(id: $id) { ... on ProjectV2 { items(first: 100) { nodes { id type
    fieldValues(first: 50) { nodes { __typename
      ... on ProjectV2ItemFieldTextValue { text field { ... on ProjectV2FieldCommon { id dataType } } }
      ... on ProjectV2ItemFieldNumberValue { number field { ... on ProjectV2FieldCommon { id dataType } } }
      ... on ProjectV2ItemFieldDateValue { date field { ... on ProjectV2FieldCommon { id dataType } } }
      ... on ProjectV2ItemFieldSingleSelectValue { optionId field { ... on ProjectV2FieldCommon { id dataType } } }
      ... on ProjectV2ItemFieldIterationValue { iterationId field { ... on ProjectV2FieldCommon { id dataType } } } } } } } } } }`, { id: projectNodeId });
  return (data.node.items.nodes as any[]).map((n) => ({
    id: n.id as string,
    type: n.type as string,
    values: Object.fromEntries(
      (n.fieldValues.nodes as any[])
        .filter((v) => v.field && v.field.dataType !== 'TITLE')
        .map((v) => [v.field.id, v.text ?? v.number ?? v.date ?? v.optionId ?? v.iterationId]),
    ) as Record<string, unknown>,
  }));
}

export async function buildProjectsWorld(gh: RunningEmulator, call: Call, org: string): Promise<ProjectsWorld> {
  const c = gh.control;
  const admin = `${org}-admin`;
  c.createUser({ login: admin });
  c.createOrg({ login: org, admins: [admin] });
  const installationId = c.install({ account: org }).id;
  for (const name of ['web', 'other']) c.createRepo({ owner: org, name });
  for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta']) await act(gh, admin, 'POST', `/repos/${org}/web/issues`, { title });
  await act(gh, admin, 'POST', `/repos/${org}/other/issues`, { title: 'Elsewhere' });
  // A repository of another account the app is not installed on: its cards read as REDACTED.
  const outside = `${org}-outside`;
  c.createOrg({ login: outside, admins: [admin] });
  const outsideInstallation = c.install({ account: outside }).id;
  c.createRepo({ owner: outside, name: 'hidden', private: true });
  await act(gh, admin, 'POST', `/repos/${outside}/hidden/issues`, { title: 'Secret' });
  c.uninstall(outsideInstallation);

  const sprintStart = '2026-01-05';
  const roadmap = c.createProject({
    owner: org,
    title: 'Roadmap',
    workflowStatusOnAdd: null,
    fields: [
      { name: 'Priority', dataType: 'SINGLE_SELECT', options: [{ name: 'P0', color: 'RED' }, { name: 'P1', color: 'ORANGE' }, { name: 'P2', color: 'GRAY' }] },
      { name: 'Estimate', dataType: 'NUMBER' },
      { name: 'Due', dataType: 'DATE' },
      { name: 'Notes', dataType: 'TEXT' },
      { name: 'Sprint', dataType: 'ITERATION', iterations: [{ title: 'Sprint 1', startDate: sprintStart }, { title: 'Sprint 2', startDate: '2026-01-19' }] },
    ],
  });
  const cards: Record<string, string> = {};
  for (const n of [1, 2, 3]) cards[`web#${n}`] = c.addProjectItem(org, roadmap.number, { repo: `${org}/web`, issue: n }).id;
  cards['other#1'] = c.addProjectItem(org, roadmap.number, { repo: `${org}/other`, issue: 1 }).id;
  cards.draft = c.addProjectItem(org, roadmap.number, { draftTitle: 'An idea' }).id;
  cards.hidden = c.addProjectItem(org, roadmap.number, { repo: `${outside}/hidden`, issue: 1 }).id;

  const big = c.createProject({ owner: org, title: 'Big', workflowStatusOnAdd: null });
  for (let i = 0; i < 101; i++) c.addProjectItem(org, big.number, { draftTitle: `Draft ${i}` });

  const fieldData = await gql(gh, admin, `query($id: ID!) { node(id: $id) { ... on ProjectV2 { fields(first: 50) { nodes {
    ... on ProjectV2FieldCommon { id name dataType }
    ... on ProjectV2SingleSelectField { options { id name } }
    ... on ProjectV2IterationField { configuration { iterations { id title } } } } } } } }`, { id: roadmap.id });
  const fields: ProjectsWorld['fields'] = {};
  for (const f of fieldData.node.fields.nodes) {
    fields[f.name] = { id: f.id, dataType: f.dataType, options: f.options, iterations: f.configuration?.iterations };
  }
  // Values on the code host before the service sees the project.
  const set = (item: string, field: string, value: Record<string, unknown>) =>
    gql(gh, admin, `mutation($p: ID!, $i: ID!, $f: ID!, $v: ProjectV2FieldValue!) { updateProjectV2ItemFieldValue(input: { projectId: $p, itemId: $i, fieldId: $f, value: $v }) { clientMutationId } }`,
      { p: roadmap.id, i: item, f: fields[field].id, v: value });
  await set(cards['web#1'], 'Priority', { singleSelectOptionId: fields.Priority.options![0].id });
  await set(cards['web#1'], 'Notes', { text: 'first' });
  await set(cards['web#2'], 'Priority', { singleSelectOptionId: fields.Priority.options![1].id });
  await set(cards['web#2'], 'Estimate', { number: 3 });
  await set(cards['web#2'], 'Sprint', { iterationId: fields.Sprint.iterations![0].id });
  await set(cards['other#1'], 'Due', { date: '2026-03-01' });

  const owner = await signUp(call, `${org} owner`);
  const ws = await createWorkspace(call, owner);
  const start = await call('GET', '/v1/codehost/authorize-url', { token: owner.token });
  const consent = await fetch(`${start.body.url}&login=${admin}`, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  await call('GET', `${back.pathname}${back.search}`);
  const connected = await call('POST', '/v1/codehost/installation', { token: owner.token, body: { installationId } });
  expect(connected.status, connected.text).toBe(201);
  const repos = await call('GET', '/v1/codehost/repositories', { token: owner.token });
  const repoIds = Object.fromEntries(repos.body.data.map((r: { fullName: string; id: string }) => [r.fullName, r.id]));
  return {
    org, admin, owner, workspaceId: ws.id, installationId, repoIds,
    roadmap: { nodeId: roadmap.id, number: roadmap.number }, big: { nodeId: big.id, number: big.number }, fields, cards,
  };
}

/** Polls sync-status until the job of `kind` satisfies `until`. */
export async function waitForJobOfKind(call: Call, owner: TestPerson, kind: string, until: (job: any) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call('GET', '/v1/codehost/sync-status', { token: owner.token });
    const job = status.body.jobs.find((j: { kind: string }) => j.kind === kind);
    if (job && until(job)) return job;
    if (Date.now() > deadline) throw new Error(`no ${kind} job reached the state: ${JSON.stringify(status.body.jobs)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
