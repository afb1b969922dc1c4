import { randomUUID } from 'node:crypto';
import examples from '@octokit/webhooks-examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { deliverSigned } from '../harness/webhooks.js';
import { syncedWorld, type SyncWorld } from './sync-world.js';

/**
 * Payloads nobody here wrote: every example GitHub publishes (`@octokit/webhooks-examples`) for
 * the events whose appliers touch the cache, rewritten to this test's installation and mirrored
 * repository, signed as GitHub signs, and delivered to the real receiver. Each example's objects
 * get ids and numbers of their own, so each stands alone and says what the cache must then hold.
 * (`installation`, `installation_repositories` and `repository` examples would disconnect or
 * rename the test's own connection; their appliers are covered in webhooks.test.ts.)
 */
type Example = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EVENTS = ['issues', 'issue_comment', 'label', 'milestone', 'projects_v2_item'] as const;
const published = examples as unknown as Array<{ name: string; examples: Example[] }>;
const cases = EVENTS.flatMap((event) =>
  (published.find((e) => e.name === event)?.examples ?? []).map((example, i) => ({ name: `${event}.${example.action} #${i}`, event, example })),
);

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: SyncWorld;
let repositoryCodehostId: number;

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  w = await syncedWorld(gh, call, `examples-${randomUUID().slice(0, 6)}`, 1);
  repositoryCodehostId = Number((await t.database.pool.query('select codehost_id from repositories where id = $1', [w.repo.id])).rows[0].codehost_id);
}, 120_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

let sequence = 0;
/** The example aimed at this test's installation and repository, with ids and numbers of its own. */
function rewrite(example: Example): Example {
  const n = ++sequence;
  const base = 7_000_000_000 + n * 10;
  const number = 90_000 + n;
  const p: Example = structuredClone(example);
  p.installation = { id: w.installationId, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  if (p.repository) p.repository = { ...p.repository, id: repositoryCodehostId, full_name: w.repo.fullName, name: 'app' };
  if (p.issue) {
    p.issue.id = base + 1;
    p.issue.number = number;
    if (p.issue.milestone) p.issue.milestone = { ...p.issue.milestone, id: base + 4 };
  }
  if (p.comment) {
    p.comment.id = base + 2;
    p.comment.issue_url = `https://api.github.com/repos/${w.repo.fullName}/issues/${number}`;
  }
  if (p.label) p.label = { ...p.label, id: base + 3 };
  if (p.milestone) p.milestone = { ...p.milestone, id: base + 4, number: 5_000 + n };
  return p;
}

const deliver = (event: string, payload: Example) => deliverSigned(t.url, gh.app.webhookSecret, event, payload);

const one = async (sql: string, params: unknown[]) => (await t.database.pool.query(sql, params)).rows[0] ?? null;

describe("GitHub's published examples", () => {
  it('cover every event the cache is kept by', () => {
    for (const event of EVENTS) expect(cases.some((c) => c.event === event), event).toBe(true);
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)('$name answers 2xx and leaves the cache as the example says', async ({ event, example }) => {
    const p = rewrite(example);
    const res = await deliver(event, p);
    expect(res.status, res.text).toBe(200);
    const outcome = (await one('select outcome from codehost_webhook_deliveries where delivery_id = $1', [res.guid]))?.outcome;
    expect(['applied', 'queued', 'ignored']).toContain(outcome);

    const repo = w.repo.id;
    if (event === 'issues') {
      const cached = await one('select title, state, label_names from issues where repository_id = $1 and codehost_id = $2', [repo, p.issue.id]);
      if (p.action === 'deleted' || p.action === 'transferred') expect(cached).toBeNull();
      else if (p.issue.pull_request) {
        // Pull requests never enter the cache.
        expect(outcome).toBe('ignored');
        expect(cached).toBeNull();
      } else if (!('labels' in p.issue) || !('state' in p.issue)) {
        // GitHub's partial issue (pinned, unpinned) cannot create a row: the issue is read again.
        expect(outcome).toBe('queued');
      } else {
        expect(outcome).toBe('applied');
        expect(cached.title).toBe(p.issue.title);
        expect(cached.state).toBe(p.issue.state);
        expect([...cached.label_names].sort()).toEqual(p.issue.labels.map((l: { name: string }) => l.name.toLowerCase()).sort());
      }
    } else if (event === 'issue_comment') {
      const comment = await one('select body from comments where repository_id = $1 and codehost_id = $2', [repo, p.comment.id]);
      if (p.action === 'deleted') expect(comment).toBeNull();
      else expect(comment?.body).toBe(p.comment.body);
      expect(await one('select title from issues where repository_id = $1 and codehost_id = $2', [repo, p.issue.id])).toEqual({ title: p.issue.title });
    } else if (event === 'label') {
      const label = await one('select name, color from labels where repository_id = $1 and codehost_id = $2', [repo, p.label.id]);
      if (p.action === 'deleted') expect(label).toBeNull();
      else expect(label).toEqual({ name: p.label.name, color: p.label.color });
    } else if (event === 'milestone') {
      const milestone = await one('select title, state from milestones where repository_id = $1 and codehost_id = $2', [repo, p.milestone.id]);
      if (p.action === 'deleted') expect(milestone).toBeNull();
      else expect(milestone).toEqual({ title: p.milestone.title, state: p.milestone.state });
    }
  });
});
