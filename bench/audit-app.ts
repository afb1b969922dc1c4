/**
 * The audit log page of the workspace application in Chromium over a workspace with `--entries`
 * audit entries (default 1,000,000: actions, actors and objects spread as a busy workspace's are),
 * served by the service in production mode:
 *
 * - the first page (50 rows): from its `GET /v1/audit` answer read whole to the frame after its
 *   rows, over `--loads` fresh loads, unfiltered and filtered by an action;
 * - "Load more" `--pages` times: from each next page's answer to the frame after its 50 more rows.
 *
 * Measured in the page with an init script (a fetch wrapper and a MutationObserver on the table's
 * rows), so the application carries no benchmark code. Aim (issue 32): a million-entry log pages
 * within 100 ms of its data.
 *
 *   npx tsx bench/audit-app.ts [--entries 1000000] [--loads 5] [--pages 10] [--keep] [--reuse <database url>]
 */
import type { Page } from 'playwright-core';
import { appInBrowser } from './support/app-in-browser.js';
import { numberArg, stringArg } from './support/cli.js';
import { report, type Aim } from './support/report.js';
import { ms, percentile } from './support/stats.js';

const ENTRIES = numberArg('entries', 1_000_000);
const LOADS = numberArg('loads', 5);
const PAGES = numberArg('pages', 10);
const reuseUrl = stringArg('reuse');
const keep = process.argv.includes('--keep') || reuseUrl !== undefined;
// What the functions handed to the page find there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const window: any, document: any, performance: { now(): number }, MutationObserver: any, requestAnimationFrame: (run: () => void) => void;
type RequestInfo = string | { url: string };
type RequestInit = unknown;

interface Probe {
  answers: number[];
  rows: Array<{ changedAt: number; at: number; count: number }>;
}

/** Runs in the page before its own script: when each audit page's answer was read, and when rows appeared. */
const probe = () => {
  const w = window as unknown as { __bench: Probe };
  w.__bench = { answers: [], rows: [] };
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/v1\/audit\?/.test(url)) void response.clone().text().then(() => w.__bench.answers.push(performance.now()));
    return response;
  };
  let noted = 0;
  new MutationObserver(() => {
    const count = document.querySelectorAll('table.audit-table tbody tr').length;
    if (count !== noted) {
      noted = count;
      const changedAt = performance.now();
      // Drawn: the frame after the table holds them.
      requestAnimationFrame(() => requestAnimationFrame(() => w.__bench.rows.push({ changedAt, at: performance.now(), count })));
    }
  }).observe(document, { childList: true, subtree: true });
};

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
/** The time from the last answer read before the rows changed to the frame after `count` rows. */
const drawnAfterData = (seen: Probe, count: number) => {
  const drawn = seen.rows.find((r) => r.count === count)!;
  return drawn.at - Math.max(...seen.answers.filter((a) => a <= drawn.changedAt));
};

const bench = await appInBrowser('svc_bench_audit', reuseUrl, probe);
const { base, page, pool } = bench;
try {
  let slug = 'bench';
  if (bench.fresh) {
    const made = await page.evaluate(async () => (await (await fetch('/v1/workspaces', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', slug: 'bench' }) })).json()) as { id: string; slug: string });
    slug = made.slug;
    const t0 = performance.now();
    // The owner's own entry (the workspace made) gives the actor's shape; entries spread over a year,
    // 12 actions, a fifth of them with an API key, objects of 5 types over 20,000 ids.
    await pool.query(
      `insert into audit_entries (id, workspace_id, action, actor, target_type, target_id, after, created_at)
       select gen_random_uuid(), $1,
              (array['issue.updated','comment.created','member.invited','member.role_changed','api_key.issued','portal.updated',
                     'request.released','request.rejected','codehost.sync_enabled','chat_webhook.changed','workspace.renamed','billing.changed'])[1 + n % 12],
              case when n % 5 = 0 then jsonb_set(a.actor, '{credential}', jsonb_build_object('via', 'api_key', 'apiKeyId', gen_random_uuid())) else a.actor end,
              (array['issue','comment','member','portal','request'])[1 + n % 5], (n % 20000)::text,
              jsonb_build_object('n', n),
              now() - make_interval(secs => n * 31.5)
         from generate_series(1, $2::int) n,
              (select actor from audit_entries where workspace_id = $1 limit 1) a`,
      [made.id, ENTRIES],
    );
    await pool.query('vacuum analyze audit_entries');
    console.log(`seeded ${ENTRIES} audit entries in ${Math.round((performance.now() - t0) / 1000)} s`);
  }
  const entryCount = Number((await pool.query('select count(*) from audit_entries')).rows[0].count);
  const audit = `${base}/w/${slug}/settings/audit`;

  const firstPage = async (url: string) => {
    const times: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.rows.some((r) => r.count === 50), undefined, { timeout: 60_000 });
      times.push(drawnAfterData(await readProbe(page), 50));
    }
    return times;
  };
  const unfiltered = await firstPage(audit);
  const byAction = await firstPage(`${audit}?action=request.released`);

  await page.goto(audit);
  await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.rows.some((r) => r.count === 50), undefined, { timeout: 60_000 });
  const nextPage: number[] = [];
  for (let n = 2; n <= PAGES + 1; n++) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction((count) => (window as unknown as { __bench: Probe }).__bench.rows.some((r) => r.count === count), n * 50, { timeout: 60_000 });
    nextPage.push(drawnAfterData(await readProbe(page), n * 50));
  }

  const row = (what: string, values: number[]) => ({ what, 'ms p50': ms(percentile(values, 50)), p95: ms(percentile(values, 95)), max: ms(Math.max(...values)), n: values.length });
  const rows = [row('first page of 50: answer read → rows drawn', unfiltered), row('first page, by an action: answer read → rows drawn', byAction), row('Load more: answer read → 50 more rows drawn', nextPage)];
  const worst = Math.max(percentile(unfiltered, 95), percentile(byAction, 95), percentile(nextPage, 95));
  const aims: Aim[] = [{ what: `the audit log pages within 100 ms of its data (worst p95, ${entryCount.toLocaleString('en')} entries)`, measured: `${ms(worst)} ms`, aim: '≤ 100 ms', met: worst <= 100 }];
  report('audit-app', rows, { entries: entryCount, firstPageMs: unfiltered, byActionMs: byAction, nextPageMs: nextPage, aims });
} finally {
  await bench.close(keep);
}
