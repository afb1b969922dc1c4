/**
 * A request followed by 1,000 customers gets a public reply: how long until every subscriber's
 * e-mail is accepted by a local SMTP server, and how long the service takes to answer (it must not
 * wait for the e-mails: they go through the job queue). Two ways in:
 * - written through the service, as the team writes one (`--runs` times); the emulator answers
 *   after 50 ms;
 * - arriving by webhook (`--webhook-runs` times): the service's bot posts the public comment on
 *   the code host directly, and the emulator delivers its `issue_comment` webhook to the service,
 *   timing the answer (p50/p99 over the runs). Only the bot's comments can be public; a comment
 *   typed on GitHub is internal and mails nobody.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/portal-notify.ts [--runs 3] [--webhook-runs 20] [--subscribers 1000]
 */
import { SMTPServer } from 'smtp-server';
import { startEmulator } from '../emulator/index.js';
import { cacheWriter } from '../src/cache/cache-writer.js';
import { issueRow, type GitHubIssue } from '../src/codehost/mapping.js';
import { startSyncWorker } from '../src/sync/worker.js';
import { startInProcessApp } from './support/in-process-app.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { recordInstallation } from '../test/issues/cache-fixture.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const runs = numberArg('runs', 3);
const webhookRuns = numberArg('webhook-runs', 20);
const SUBSCRIBERS = numberArg('subscribers', 1000);
const LATENCY_MS = 50;

let accepted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      accepted += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}?pool=true&maxConnections=4`;

const gh = await startEmulator({});
gh.control.createUser({ login: 'bench-ada' });
gh.control.createOrg({ login: 'bench', admins: ['bench-ada'] });
const installationId = gh.control.install({ account: 'bench' }).id;
gh.control.createRepo({ owner: 'bench', name: 'app' });
const db = await freshDatabase('svc_bench_notify');
const { app, services, database, url } = await startInProcessApp(db.url, gh, { SMTP_URL: smtpUrl, NOTIFY_COLLAPSE_SECONDS: '0' });
const worker = await startSyncWorker(services, { pollInterval: 50 });

async function call(method: string, path: string, body: unknown, token: string, workspaceId?: string) {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', authorization: `Bearer ${token}`, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

try {
  const signUp = await fetch(`${url}/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: JSON.stringify({ name: 'Bench', email: 'bench@example.test', password: 'correct horse battery' }) });
  const token = signUp.headers.get('set-auth-token')!;
  const ws = await call('POST', '/v1/workspaces', { name: 'Bench', slug: 'bench' }, token);
  const repositoryId = (await recordInstallation({ database }, gh, ws.id, installationId))['bench/app'];
  await database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  const issue = (await (await gh.control.act('bench-ada', 'POST', '/repos/bench/app/issues', { title: 'Followed by many' })).body) as GitHubIssue;
  await database.db.transaction((tx) => cacheWriter.issues(tx, { workspaceId: ws.id, repositoryId }, [issueRow(issue)]));
  const issueId = (await database.pool.query('select id from issues where workspace_id = $1', [ws.id])).rows[0].id as string;
  const portal = await call('POST', '/v1/portals', { name: 'Bench help', slug: 'bench', access: 'invite_only' }, token, ws.id);
  const request = await call('POST', `/v1/portals/${portal.id}/requests`, { issueId }, token, ws.id);
  // The subscribers, as the invitations and follows would leave them.
  await database.pool.query(
    `with u as (insert into portal_auth_users (id, name, email, email_verified)
                select gen_random_uuid(), 'Subscriber ' || k, 's' || k || '@p' || replace($2::text, '-', '') || '.bench.test', true from generate_series(1, $3::int) k returning id, name),
          c as (insert into portal_customers (id, workspace_id, portal_id, user_id, email)
                select gen_random_uuid(), $1::uuid, $2::uuid, u.id, lower(replace(u.name, ' ', '')) || '@bench.test' from u returning id)
     insert into request_subscriptions (request_id, customer_id, workspace_id) select $4::uuid, c.id, $1::uuid from c`,
    [ws.id, portal.id, SUBSCRIBERS, request.id],
  );

  gh.control.setLatency({ fixedMs: LATENCY_MS });
  const rows: Array<Record<string, string | number>> = [];
  for (let run = 1; run <= runs; run++) {
    const before = accepted;
    const t0 = performance.now();
    await call('POST', `/v1/issues/${issueId}/comments`, { body: `Public reply ${run}`, visibility: 'public' }, token, ws.id);
    const answeredMs = performance.now() - t0;
    const deadline = Date.now() + 300_000;
    while (accepted - before < SUBSCRIBERS) {
      if (Date.now() > deadline) throw new Error(`only ${accepted - before} of ${SUBSCRIBERS} e-mails in 5 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const allMs = performance.now() - t0;
    rows.push({
      run,
      subscribers: SUBSCRIBERS,
      'reply answered ms': Math.round(answeredMs),
      'floor ms (one 50 ms GitHub write)': LATENCY_MS,
      'all e-mails accepted ms': Math.round(allMs),
      'e-mails/s': Math.round(SUBSCRIBERS / ((allMs - answeredMs) / 1000)),
    });
  }
  // The same reply, told by the code host's webhook.
  gh.control.setWebhookUrl(`${url}/v1/codehost/webhooks`);
  const answers: number[] = [];
  const allAccepted: number[] = [];
  for (let run = 1; run <= webhookRuns; run++) {
    const before = accepted;
    const t0 = performance.now();
    const body = `Public reply by webhook ${run}\n\n<!-- svc:visibility=public -->`;
    const posted = await fetch(`${gh.url}/repos/bench/app/issues/${issue.number}/comments`, { method: 'POST', headers: { authorization: `token ${gh.control.installationToken(installationId).token}`, 'content-type': 'application/json' }, body: JSON.stringify({ body }) });
    if (posted.status !== 201) throw new Error(`bot comment: ${posted.status}`);
    const deadline = Date.now() + 300_000;
    while (accepted - before < SUBSCRIBERS) {
      if (Date.now() > deadline) throw new Error(`only ${accepted - before} of ${SUBSCRIBERS} e-mails in 5 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    allAccepted.push(performance.now() - t0);
    const delivery = gh.control.deliveries().find((d) => d.event === 'issue_comment' && (d.payload.comment as { body?: string }).body === body);
    if (!delivery || delivery.statusCode !== 200 || delivery.durationMs === null) throw new Error(`delivery ${run}: ${JSON.stringify(delivery && { status: delivery.statusCode, error: delivery.error })}`);
    answers.push(delivery.durationMs);
  }
  const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
  rows.push({
    run: `webhook ×${webhookRuns}`,
    subscribers: SUBSCRIBERS,
    'reply answered ms': `p50 ${Math.round(pct(answers, 50))}, p99 ${Math.round(pct(answers, 99))}`,
    'floor ms (one 50 ms GitHub write)': '— (no GitHub call)',
    'all e-mails accepted ms': `p50 ${Math.round(pct(allAccepted, 50))}, max ${Math.round(Math.max(...allAccepted))}`,
    'e-mails/s': Math.round(SUBSCRIBERS / (pct(allAccepted, 50) / 1000)),
  });
  report('portal-notify', rows, { latencyMs: LATENCY_MS, subscribers: SUBSCRIBERS, collapseSeconds: 0, smtp: 'local smtp-server, pooled nodemailer transport (4 connections)' });
} finally {
  await worker.stop();
  await app.close();
  await database.close();
  await db.drop();
  await gh.close();
  smtp.close();
}
