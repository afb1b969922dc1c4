/**
 * The members' inbox under load:
 * (a) one `issue_comment` webhook that mentions 50 members and reaches 500 followers of the issue
 *     (550 notifications, made in the webhook's own transaction): the webhook's answer (p50/p99 over
 *     `--runs` deliveries) and the time from the comment on the code host until the newest
 *     notification is readable through `GET /v1/notifications` for a sample of the people;
 * (b) `GET /v1/notifications` for a person with 100,000 notifications (seeded with SQL, 30% read):
 *     the first page, `unread=true`, `unread=false`, and a page 1,000 deep by cursor, p50/p99 over
 *     `--requests` sequential requests each; and marking 500 ids read.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/notifications.ts [--runs 20] [--requests 300] [--inbox 100000]
 */
import { startEmulator } from '../emulator/index.js';
import { cacheWriter } from '../src/cache/cache-writer.js';
import { issueRow, type GitHubIssue } from '../src/codehost/mapping.js';
import { startInProcessApp } from './support/in-process-app.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { recordInstallation } from '../test/issues/cache-fixture.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const RUNS = numberArg('runs', 20);
const REQUESTS = numberArg('requests', 300);
const INBOX = numberArg('inbox', 100_000);
const MENTIONED = 50;
const FOLLOWERS = 500;
/** People who sign in through HTTP (the rest are written with SQL): half mentioned, half followers. */
const SAMPLE = 10;

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const ms = (v: number) => Math.round(v * 10) / 10;

const gh = await startEmulator({});
gh.control.createUser({ login: 'bench-ada' });
gh.control.createOrg({ login: 'bench', admins: ['bench-ada'] });
const installationId = gh.control.install({ account: 'bench' }).id;
gh.control.createRepo({ owner: 'bench', name: 'app' });
const db = await freshDatabase('svc_bench_inbox');
const { app, database, url } = await startInProcessApp(db.url, gh);

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}
async function signUp(name: string, email: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${url}/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: JSON.stringify({ name, email, password: 'correct horse battery' }) });
  const body = (await res.json()) as { user: { id: string } };
  return { token: res.headers.get('set-auth-token')!, userId: body.user.id };
}

try {
  const owner = await signUp('Bench Owner', 'owner@bench.test');
  const ws = await call('POST', '/v1/workspaces', owner.token, { name: 'Bench', slug: 'bench' });
  const repositoryId = (await recordInstallation({ database }, gh, ws.id, installationId))['bench/app'];
  await database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  const issue = (await (await gh.control.act('bench-ada', 'POST', '/repos/bench/app/issues', { title: 'Followed by many' })).body) as GitHubIssue;
  await database.db.transaction((tx) => cacheWriter.issues(tx, { workspaceId: ws.id, repositoryId }, [issueRow(issue)]));
  const issueId = (await database.pool.query('select id from issues where workspace_id = $1', [ws.id])).rows[0].id as string;

  // 550 members with linked GitHub accounts (bench-m0 .. bench-m549): the first 50 are mentioned,
  // the other 500 follow the issue. The sample signs in over HTTP; the rest are written with SQL.
  const sample: Array<{ k: number; token: string; userId: string }> = [];
  for (let i = 0; i < SAMPLE; i++) {
    const k = i < SAMPLE / 2 ? i : MENTIONED + i;
    sample.push({ k, ...(await signUp(`Member ${k}`, `m${k}@bench.test`)) });
  }
  const sampleKs = new Set(sample.map((s) => s.k));
  await database.pool.query(
    `insert into auth_users (id, name, email, email_verified)
     select gen_random_uuid(), 'Member ' || k, 'm' || k || '@bench.test', true from generate_series(0, $1::int - 1) k where not (k = any($2::int[]))`,
    [MENTIONED + FOLLOWERS, [...sampleKs]],
  );
  await database.pool.query(
    `with people as (select u.id, substring(u.email from '^m([0-9]+)@')::int as k from auth_users u where u.email like 'm%@bench.test'),
          m as (insert into memberships (id, workspace_id, user_id, role) select gen_random_uuid(), $1::uuid, id, 'member' from people returning id, user_id),
          ci as (insert into codehost_identities (user_id, codehost_user_id, login, access_token)
                 select p.id, 50000000 + p.k, 'bench-m' || p.k, 'unused' from people p returning user_id)
     insert into issue_follows (issue_id, membership_id, workspace_id, following)
     select $2::uuid, m.id, $1::uuid, true from m join people p on p.id = m.user_id where p.k >= $3::int`,
    [ws.id, issueId, MENTIONED],
  );
  await database.pool.query(`select pg_notify('svc_credentials', '')`);
  await database.pool.query('analyze');
  gh.control.setWebhookUrl(`${url}/v1/codehost/webhooks`);

  // (a) The webhook.
  const mentions = Array.from({ length: MENTIONED }, (_, k) => `@bench-m${k}`).join(' ');
  const answers: number[] = [];
  const readable: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const marker = `run ${run}`;
    const t0 = performance.now();
    const posted = await gh.control.act('bench-ada', 'POST', `/repos/bench/app/issues/${issue.number}/comments`, { body: `${marker}: ${mentions}` });
    if (posted.status !== 201) throw new Error(`comment: ${posted.status}`);
    const waiting = new Set(sample);
    const deadline = Date.now() + 60_000;
    while (waiting.size) {
      if (Date.now() > deadline) throw new Error(`run ${run}: ${waiting.size} sample inboxes never showed it`);
      for (const s of [...waiting]) {
        const page = await call('GET', '/v1/notifications?limit=1', s.token);
        if (String(page.data[0]?.excerpt ?? '').startsWith(`${marker}:`)) waiting.delete(s);
      }
      if (waiting.size) await new Promise((r) => setTimeout(r, 5));
    }
    readable.push(performance.now() - t0);
    await gh.control.webhooksIdle();
    const delivery = gh.control.deliveries().find((d) => d.event === 'issue_comment' && String((d.payload.comment as { body?: string }).body).startsWith(`${marker}:`));
    if (!delivery || delivery.statusCode !== 200 || delivery.durationMs === null) throw new Error(`delivery ${run}: ${JSON.stringify(delivery && { status: delivery.statusCode, error: delivery.error })}`);
    answers.push(delivery.durationMs);
  }
  const made = (await database.pool.query(`select count(*)::int as n from notifications where workspace_id = $1`, [ws.id])).rows[0].n as number;
  if (made !== RUNS * (MENTIONED + FOLLOWERS)) throw new Error(`${made} notifications, expected ${RUNS * (MENTIONED + FOLLOWERS)}`);
  const rows: Array<Record<string, string | number>> = [
    {
      measure: `(a) issue_comment webhook: ${MENTIONED} mentioned + ${FOLLOWERS} followers, ${RUNS} deliveries`,
      p50: ms(pct(answers, 50)),
      p99: ms(pct(answers, 99)),
      unit: 'ms, webhook answered',
    },
    {
      measure: `(a) comment on GitHub -> readable in GET /v1/notifications (${SAMPLE} sampled inboxes)`,
      p50: ms(pct(readable, 50)),
      p99: ms(pct(readable, 99)),
      unit: 'ms',
    },
  ];

  // (b) One person with a large inbox.
  const heavy = sample[0];
  const membershipId = (await database.pool.query('select id from memberships where user_id = $1', [heavy.userId])).rows[0].id as string;
  const t0 = performance.now();
  await database.pool.query(
    `insert into notifications (id, workspace_id, membership_id, kind, event_key, issue_id, actor, subject, excerpt, email, created_at, read_at, mailed_at)
     select gen_random_uuid(), $1::uuid, $2::uuid, (array['comment','mentioned','assigned'])[1 + k % 3], 'seed:' || k, $3::uuid,
            '{"type":"codehost","name":null,"login":"bench-ada","userId":null}'::jsonb,
            jsonb_build_object('issue', jsonb_build_object('number', 1, 'title', 'Followed by many', 'repository', 'bench/app', 'htmlUrl', 'http://example.test/1'), 'request', null, 'status', null, 'previousStatus', null),
            'Seeded notification ' || k, 'none', now() - make_interval(secs => ($4::int - k) * 60), case when k % 10 < 3 then now() else null end, null
       from generate_series(1, $4::int) k`,
    [ws.id, membershipId, issueId, INBOX],
  );
  await database.pool.query(
    `update notification_counters set unread = (select count(*) from notifications where membership_id = $1 and read_at is null) where membership_id = $1`,
    [membershipId],
  );
  await database.pool.query('vacuum analyze notifications');
  await database.pool.query('vacuum analyze notification_counters');
  const seedMs = performance.now() - t0;
  const timed = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      await call('GET', path, heavy.token);
      times.push(performance.now() - s);
    }
    return times;
  };
  // A cursor 1,000 pages of 100 deep, found by walking.
  let deep: string | null = null;
  for (let i = 0; i < 10; i++) deep = (await call('GET', `/v1/notifications?limit=100${deep ? `&cursor=${deep}` : ''}`, heavy.token)).nextCursor;
  const total = (await call('GET', '/v1/notifications?limit=1', heavy.token)).unreadCount as number;
  for (const [label, path] of [
    ['first page (50)', '/v1/notifications'],
    ['unread=true (50)', '/v1/notifications?unread=true'],
    ['unread=false (50)', '/v1/notifications?unread=false'],
    ['page after 1,000 rows (100)', `/v1/notifications?limit=100&cursor=${deep}`],
  ] as const) {
    await timed(path); // warm
    const times = await timed(path);
    rows.push({ measure: `(b) GET ${label}, ${INBOX.toLocaleString('en')} notifications (${total.toLocaleString('en')} unread)`, p50: ms(pct(times, 50)), p99: ms(pct(times, 99)), unit: 'ms' });
  }
  const markTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const ids = (await call('GET', '/v1/notifications?unread=true&limit=100', heavy.token)).data.map((n: { id: string }) => n.id);
    const s = performance.now();
    await call('POST', '/v1/notifications/read', heavy.token, { notificationIds: ids });
    markTimes.push(performance.now() - s);
  }
  rows.push({ measure: '(b) POST /v1/notifications/read with 100 ids', p50: ms(pct(markTimes, 50)), p99: ms(pct(markTimes, 99)), unit: 'ms' });
  const s = performance.now();
  const all = await call('POST', '/v1/notifications/read', heavy.token, { all: true });
  rows.push({ measure: `(b) POST /v1/notifications/read all (${all.marked.toLocaleString('en')} unread)`, p50: ms(performance.now() - s), p99: '—', unit: 'ms, once' });
  report('notifications', rows, { runs: RUNS, requests: REQUESTS, inbox: INBOX, mentioned: MENTIONED, followers: FOLLOWERS, seedMs: Math.round(seedMs) });
} finally {
  await app.close();
  await database.close();
  await db.drop();
  await gh.close();
}
