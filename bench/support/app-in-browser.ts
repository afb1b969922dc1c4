import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { freePort } from '../../test/harness/demo-process.js';
import { freshDatabase } from '../../test/harness/fresh-database.js';
import { startBenchApp } from './app-process.js';

/** The member every browser benchmark signs in as. */
export const BENCH_PERSON = { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' };

export interface AppInBrowser {
  base: string;
  page: Page;
  pool: pg.Pool;
  /** True when the database is new: the caller seeds it (and makes the workspace); false when `--reuse` named one seeded before. */
  fresh: boolean;
  /** Closes everything; drops the database unless it is kept. */
  close(keep: boolean): Promise<void>;
}

/**
 * The service in production mode over a new database (or `reuseUrl`'s), and Chromium at 1280 × 900
 * with `probe` run in every page before the application's own script, signed up as the bench
 * member (or, on a reused database, signed in as them).
 */
export async function appInBrowser(databaseName: string, reuseUrl: string | undefined, probe: () => void): Promise<AppInBrowser> {
  const db = reuseUrl ? { url: reuseUrl, drop: async () => {} } : await freshDatabase(databaseName);
  const app = await startBenchApp(db.url, [], { BENCH_APP_PORT: String(await freePort()) });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const close = async (keep: boolean) => {
    await browser.close();
    await app.stop();
    await pool.end();
    if (keep) console.log(`database kept: ${db.url}`);
    else await db.drop();
  };
  try {
    const base = app.appUrl;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(probe);
    const page = await context.newPage();
    await page.goto(`${base}/signin`);
    if (reuseUrl) {
      await page.locator('#password-email').fill(BENCH_PERSON.email);
      await page.locator('#password-password').fill(BENCH_PERSON.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    } else {
      await page.locator('#signup-name').fill(BENCH_PERSON.name);
      await page.locator('#signup-email').fill(BENCH_PERSON.email);
      await page.locator('#signup-password').fill(BENCH_PERSON.password);
      await page.getByRole('button', { name: 'Make an account' }).click();
      await page.waitForURL(`${base}/`);
    }
    return { base, page, pool, fresh: !reuseUrl, close };
  } catch (error) {
    await close(false);
    throw error;
  }
}

/**
 * The time between animation frames while `work` runs in `page`, read with requestAnimationFrame.
 * Handed over as text: a function would carry the bundler's name helper, which the page lacks.
 */
export async function frameTimes(page: Page, work: () => Promise<void>): Promise<number[]> {
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__on = true;
    window.__last = performance.now();
    const tick = (now) => {
      if (!window.__on) return;
      window.__frames.push(now - window.__last);
      window.__last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await work();
  return page.evaluate('(() => { window.__on = false; return window.__frames.slice(1); })()');
}

/**
 * Chromium's CPU profile of `work` in `page` (the DevTools protocol's Profiler), written to
 * bench/results/profiles/<name>.cpuprofile (DevTools opens it), with the functions that took the
 * most time themselves (self time), summed by name and place: where a figure's time goes.
 */
export async function profileInBrowser(page: Page, name: string, work: () => Promise<void>): Promise<Array<{ fn: string; selfMs: number }>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await work();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  mkdirSync('bench/results/profiles', { recursive: true });
  writeFileSync(`bench/results/profiles/${name}.cpuprofile`, JSON.stringify(profile));
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  for (const [i, id] of (profile.samples ?? []).entries()) {
    const frame = byNode.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([fn, selfMs]) => ({ fn, selfMs: Math.round(selfMs * 10) / 10 }));
}
