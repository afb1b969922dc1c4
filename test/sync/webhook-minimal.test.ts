import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { webhookValidator } from '../../emulator/openapi.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { deliverSigned } from '../harness/webhooks.js';
import { describedActions, minimalPayload } from './minimal-payload.js';
import { readIssue, syncedWorld, type SyncWorld } from './sync-world.js';

/**
 * For every action of every event whose applier touches issues, the smallest payload GitHub's
 * description accepts (required fields only), aimed at a cached issue with labels, an assignee, a
 * milestone and a comment: it answers 2xx, and whatever the payload's issue does not carry is left
 * exactly as it was (only what the payload says, or what the action itself removes, changes).
 */
const EVENTS = ['issues', 'issue_comment', 'label', 'milestone', 'sub_issues', 'projects_v2_item'];
const cases = describedActions(EVENTS).map((c) => ({ ...c, name: `${c.event}.${c.action}` }));

/** Issue columns and the payload key that carries each. */
const COLUMNS: Array<[column: string, key: string]> = [
  ['title', 'title'],
  ['body', 'body'],
  ['state', 'state'],
  ['locked', 'locked'],
  ['labels', 'labels'],
  ['label_names', 'labels'],
  ['assignees', 'assignees'],
  ['milestone_codehost_id', 'milestone'],
  ['comments_count', 'comments'],
  ['sub_issues', 'sub_issues_summary'],
];

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: SyncWorld;
let repositoryCodehostId: number;
let target: { id: string; codehostId: number; number: number };
let snapshot: Record<string, unknown>;
let commentCodehostId: number;

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await syncedWorld(gh, call, `minimal-${randomUUID().slice(0, 6)}`, 3);
  repositoryCodehostId = Number((await t.database.pool.query('select codehost_id from repositories where id = $1', [w.repo.id])).rows[0].codehost_id);
  await w.act('PATCH', `/repos/${w.repo.fullName}/issues/1`, { labels: ['bug'], assignees: [w.login], milestone: 1 });
  await gh.control.webhooksIdle();
  // Wait until the cache holds all of it (a change in the issue's own second is settled by a re-read).
  for (let i = 0; ; i++) {
    const issue = await readIssue(t, call, w, 1);
    if (issue.labels.length === 1 && issue.assignees.length === 1 && issue.milestone) break;
    if (i > 200) throw new Error('issue 1 never settled');
    await new Promise((r) => setTimeout(r, 50));
  }
  const row = (await t.database.pool.query('select * from issues where repository_id = $1 and number = 1', [w.repo.id])).rows[0];
  target = { id: row.id, codehostId: Number(row.codehost_id), number: 1 };
  snapshot = row;
  commentCodehostId = Number((await t.database.pool.query('select codehost_id from comments where repository_id = $1 and issue_number = 1', [w.repo.id])).rows[0].codehost_id);
}, 120_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

/** Puts the target issue back as it was, so each case starts from the same full row. */
async function restoreTarget() {
  const columns = COLUMNS.map(([c]) => c).concat(['assignee_logins', 'state_reason', 'codehost_updated_at']);
  await t.database.pool.query(
    `update issues set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`,
    [target.id, ...columns.map((c) => (snapshot[c] !== null && typeof snapshot[c] === 'object' && !(snapshot[c] instanceof Date) && !Array.isArray(snapshot[c]) ? JSON.stringify(snapshot[c]) : c === 'labels' || c === 'assignees' ? JSON.stringify(snapshot[c]) : snapshot[c]))],
  );
}

let n = 0;
/** The minimal payload aimed at this test's installation, repository and target issue. */
function aimed(event: string, action: string) {
  const p = minimalPayload(event, action);
  const later = new Date((snapshot.codehost_updated_at as Date).getTime() + (++n + 1) * 1000).toISOString().replace('.000Z', 'Z');
  const fresh = 8_000_000_000 + n * 10;
  const removes = action === 'deleted' || action === 'transferred';
  p.installation = { id: w.installationId, node_id: 'x' };
  p.repository = { ...(p.repository ?? {}), id: repositoryCodehostId, full_name: w.repo.fullName, name: 'app' };
  if (p.issue) Object.assign(p.issue, removes && event === 'issues' ? { id: fresh + 1, number: 3 } : { id: target.codehostId, number: target.number, updated_at: later });
  if (p.comment) {
    Object.assign(p.comment, {
      id: action === 'edited' ? commentCodehostId : fresh + 2,
      issue_url: `https://api.github.com/repos/${w.repo.fullName}/issues/${target.number}`,
      updated_at: later,
    });
  }
  if (p.label) Object.assign(p.label, { id: fresh + 3, name: `minimal-${n}` });
  if (p.milestone && event === 'milestone') Object.assign(p.milestone, { id: fresh + 4, number: 1000 + n });
  if (p.parent_issue) Object.assign(p.parent_issue, { id: target.codehostId, number: target.number, updated_at: later });
  if (p.sub_issue) Object.assign(p.sub_issue, { id: fresh + 5, number: 2000 + n });
  if (p.sub_issue_repo) p.sub_issue_repo = { ...p.sub_issue_repo, id: repositoryCodehostId, full_name: w.repo.fullName };
  if (p.parent_issue_repo) p.parent_issue_repo = { ...p.parent_issue_repo, id: repositoryCodehostId, full_name: w.repo.fullName };
  return p;
}

const deliver = (event: string, payload: Record<string, unknown>) => deliverSigned(t.url, gh.app.webhookSecret, event, payload);

describe('the smallest payloads GitHub describes', () => {
  it('cover every action of the events that touch issues', () => {
    for (const event of EVENTS) expect(cases.some((c) => c.event === event), event).toBe(true);
    expect(cases.length).toBeGreaterThan(35);
  });

  it.each(cases)('$name answers 2xx and wipes nothing the payload lacks', async ({ event, action }) => {
    const minimal = minimalPayload(event, action);
    const validate = webhookValidator(event, action);
    expect(validate(minimal), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

    await restoreTarget();
    const payload = aimed(event, action);
    const res = await deliver(event, payload);
    expect(res.status, res.text).toBe(200);

    const row = (await t.database.pool.query('select * from issues where id = $1', [target.id])).rows[0];
    expect(row, 'the target issue is still cached').toBeTruthy();
    const carried = (event === 'sub_issues' ? payload.parent_issue : payload.issue) as Record<string, unknown> | undefined;
    const aimedAtTarget = carried && Number(carried.id) === target.codehostId;
    for (const [column, key] of COLUMNS) {
      if (aimedAtTarget && key in carried) continue;
      expect(row[column], `${column} (the payload has no ${key})`).toEqual(snapshot[column]);
    }
    const comment = await t.database.pool.query('select 1 from comments where codehost_id = $1', [commentCodehostId]);
    expect(comment.rowCount, 'the comment is still cached').toBe(1);
  });
});
