import type { RunningEmulator } from '../../emulator/index.js';
import { withCommentVisibility } from '../../src/modules/work/issues/comment-visibility.js';
import { act } from './cache-fixture.js';

/**
 * The code-host world the issue-read tests run against, written as data so each test can work
 * out what it expects with plain predicates over it. Titles start with distinct letters so their
 * order is the same under every collation.
 */
export interface IssueSpec {
  repo: 'web' | 'api';
  title: string;
  body: string | null;
  labels: string[];
  assignees: string[];
  milestone: string | null;
  type: string | null;
  close?: 'completed' | 'not_planned' | 'duplicate';
  /** `public` comments are posted by the app's bot (the service writes those), whoever `by` names. */
  comments?: Array<{ by: string; body: string; public?: boolean }>;
  /** Days back from now the code host's created_at / updated_at are moved to after creation. */
  ageDays?: { created: number; updated: number };
}

export const ORG = 'acme';
export const PEOPLE = ['octo-ada', 'octo-bob', 'octo-cy'];

export const LABELS = {
  web: [['Bug', 'd73a4a'], ['customer', 'fbca04'], ['Priority: High', 'b60205']],
  api: [['bug', 'd73a4a'], ['customer', 'fbca04']],
} as const;

const day = 86_400_000;
export const MILESTONES = {
  web: [
    { title: 'v1', state: 'open', due_on: '2027-01-01T00:00:00Z', description: 'First release' },
    { title: 'v0', state: 'closed', due_on: '2026-01-01T00:00:00Z' },
    { title: 'Later', state: 'open' },
  ],
  api: [
    { title: 'v2', state: 'open', due_on: '2026-12-01T00:00:00Z' },
    { title: 'Backlog', state: 'open' },
    { title: 'alpha', state: 'open' },
    { title: 'Done', state: 'closed' },
  ],
} as const;
/** Open first, then due date (none last), then title case-insensitively. */
export const MILESTONE_ORDER = ['v2', 'v1', 'alpha', 'Backlog', 'Later', 'v0', 'Done'];

export const ISSUES: IssueSpec[] = [
  { repo: 'web', title: 'Apple login crash', body: 'The login page crashes on submit.', labels: ['Bug', 'customer'], assignees: ['octo-ada'], milestone: 'v1', type: 'Bug',
    comments: [{ by: 'octo-bob', body: 'Seen it too.' }, { by: 'octo-ada', body: 'Fixed in the next release, thank you for reporting.', public: true }, { by: 'octo-cy', body: 'Verified.' }] },
  { repo: 'web', title: 'Banana export button', body: 'Clicking the export button does nothing.', labels: ['customer'], assignees: ['octo-bob'], milestone: 'v1', type: 'Feature',
    comments: [{ by: 'octo-ada', body: 'Which browser?' }] },
  { repo: 'web', title: 'Cherry invoice totals', body: 'Invoice totals are wrong when discounts apply.', labels: ['Bug'], assignees: ['octo-ada', 'octo-bob'], milestone: null, type: 'Bug',
    close: 'not_planned', ageDays: { created: 30, updated: 3 } },
  { repo: 'web', title: 'Date search slow', body: 'Search takes ten seconds; export is fine.', labels: [], assignees: [], milestone: 'Later', type: null },
  { repo: 'web', title: 'Elder webhook retries', body: 'Webhook retries never stop.', labels: ['Priority: High'], assignees: ['octo-cy'], milestone: 'v0', type: 'Feature',
    close: 'completed', ageDays: { created: 20, updated: 10 } },
  { repo: 'api', title: 'Fig token expiry', body: 'Tokens expire early after login.', labels: ['bug'], assignees: [], milestone: 'v2', type: 'Bug' },
  { repo: 'api', title: 'Grape billing export', body: 'Billing export misses the last day.', labels: ['bug', 'customer'], assignees: ['octo-ada'], milestone: null, type: null,
    comments: [{ by: 'octo-cy', body: 'Also the first day.' }, { by: 'octo-bob', body: 'Customer asked again.', public: true }] },
  { repo: 'api', title: 'Hazel upload limit', body: 'Uploads over ten megabytes fail.', labels: [], assignees: ['octo-cy'], milestone: 'Backlog', type: 'Feature' },
  { repo: 'api', title: 'Iris dashboard layout', body: null, labels: ['customer'], assignees: [], milestone: null, type: null,
    close: 'duplicate', ageDays: { created: 50, updated: 40 } },
  { repo: 'api', title: 'Juniper report email', body: 'Reports are emailed twice.', labels: [], assignees: ['octo-bob'], milestone: 'v2', type: 'Bug',
    comments: [{ by: 'octo-ada', body: 'Duplicate mails.' }, { by: 'octo-ada', body: 'Still happening.' }] },
];

/** `web#3` style key of the spec at index i (numbers follow creation order per repository). */
export const keyOf = (spec: IssueSpec) => `${spec.repo}#${ISSUES.filter((s) => s.repo === spec.repo).indexOf(spec) + 1}`;

/** Creates the organisation, people, issue types, repositories, labels, milestones, issues and comments. */
export async function buildWorld(gh: RunningEmulator): Promise<{ installationId: number }> {
  const c = gh.control;
  for (const login of PEOPLE) c.createUser({ login, name: login });
  c.createOrg({ login: ORG, admins: PEOPLE });
  c.createIssueType(ORG, { name: 'Bug', color: 'red' });
  c.createIssueType(ORG, { name: 'Feature', color: 'blue' });
  // People's changes go through the app's installation (user-to-server), so it comes first.
  const installationId = c.install({ account: ORG }).id;
  for (const repo of ['web', 'api'] as const) {
    c.createRepo({ owner: ORG, name: repo, private: repo === 'api' });
    for (const [name, color] of LABELS[repo]) await act(gh, 'octo-ada', 'POST', `/repos/${ORG}/${repo}/labels`, { name, color });
    for (const m of MILESTONES[repo]) await act(gh, 'octo-ada', 'POST', `/repos/${ORG}/${repo}/milestones`, m);
  }
  for (const spec of ISSUES) {
    const base = `/repos/${ORG}/${spec.repo}`;
    const milestoneNumber = spec.milestone ? MILESTONES[spec.repo].findIndex((m) => m.title === spec.milestone) + 1 : undefined;
    const created = await act<{ number: number }>(gh, 'octo-ada', 'POST', `${base}/issues`, {
      title: spec.title,
      ...(spec.body === null ? {} : { body: spec.body }),
      labels: spec.labels,
      assignees: spec.assignees,
      ...(milestoneNumber ? { milestone: milestoneNumber } : {}),
      ...(spec.type ? { type: spec.type } : {}),
    });
    for (const comment of spec.comments ?? []) {
      // The marker counts only on comments the service wrote, so public ones are posted by the
      // app's bot as the service would post them.
      if (comment.public) await postAsApp(gh, installationId, `${base}/issues/${created.number}/comments`, { body: withCommentVisibility(comment.body, 'public') });
      else await act(gh, comment.by, 'POST', `${base}/issues/${created.number}/comments`, { body: comment.body });
    }
    if (spec.close) await act(gh, 'octo-ada', 'PATCH', `${base}/issues/${created.number}`, { state: 'closed', state_reason: spec.close });
  }
  // Older history than a test can wait for: the code host's own timestamps, moved back through
  // the emulator's state control.
  const state = JSON.parse(c.dump()) as { repos: Array<{ id: number; name: string }>; issues: Array<{ repoId: number; number: number; createdAt: string; updatedAt: string; closedAt: string | null }> };
  const secondIso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  for (const spec of ISSUES) {
    if (!spec.ageDays) continue;
    const repoId = state.repos.find((r) => r.name === spec.repo)!.id;
    const number = Number(keyOf(spec).split('#')[1]);
    const issue = state.issues.find((i) => i.repoId === repoId && i.number === number)!;
    issue.createdAt = secondIso(Date.now() - spec.ageDays.created * day);
    issue.updatedAt = secondIso(Date.now() - spec.ageDays.updated * day);
    if (issue.closedAt) issue.closedAt = issue.updatedAt;
  }
  c.restore(JSON.stringify(state));
  return { installationId };
}

/** A REST write as the app's installation (its bot is the author). */
export async function postAsApp(gh: RunningEmulator, installationId: number, path: string, body: unknown): Promise<Record<string, unknown>> {
  const { token } = gh.control.installationToken(installationId);
  const res = await fetch(`${gh.url}${path}`, { method: 'POST', headers: { authorization: `token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${path} as the app: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
