import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { demoPortalReady, freePort, spawnStandalone } from './demo-process.js';

/**
 * Fills `dataDir` with a copy of the data folder a first `npm start` in demo mode leaves when
 * stopped: PostgreSQL initialised and migrated, the emulator seeded, the demo portal made. Starting
 * the service on the copy is the README's restart (docs/operations.md), seconds of work instead of
 * the first run's initdb and seeding, which every browser test file paid before. The first file of
 * the run to ask makes it; the others wait for it. The README's own tests start from nothing.
 */
export async function copyDemoTemplate(dataDir: string): Promise<void> {
  const template = inject('demoTemplate');
  const ready = path.join(template, '.ready');
  const failed = `${template}.failed`;
  let mine = false;
  try {
    mkdirSync(`${template}.lock`);
    mine = true;
  } catch {
    // Another test file makes it.
  }
  if (mine) {
    try {
      await makeTemplate(template);
      writeFileSync(ready, '');
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  } else {
    const deadline = Date.now() + 180_000;
    while (!existsSync(ready)) {
      if (existsSync(failed)) throw new Error(`the demo data template could not be made:\n${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error('the demo data template was not made within three minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  // -a keeps PostgreSQL's files its own user's, with their modes, as it requires.
  execFileSync('cp', ['-a', `${template}/.`, dataDir]);
}

async function makeTemplate(template: string): Promise<void> {
  mkdirSync(template);
  const databasePort = await freePort();
  // A one-second window for e-mail about requests, so that what the demo portal's making mails
  // (its public reply to Grace) is sent before the folder is copied: a copy's test would otherwise
  // find a window of a minute open, and its own mail to Grace held in it.
  const env = { DATA_DIR: template, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(databasePort), NOTIFY_COLLAPSE_SECONDS: '1' };
  const service = spawnStandalone(env, undefined, { compiled: true });
  try {
    await service.ready;
    await demoPortalReady(service, 150_000);
    await jobsSettled(databasePort);
  } finally {
    service.child.kill('SIGTERM');
    const { code, signal } = await service.exited;
    if (code !== 0) throw new Error(`the template's service stopped with ${code ?? signal}:\n${service.stderr.slice(-20).join('\n')}`);
  }
}

/** Until no job is due within the next minute (what is later, a nightly cleanup say, is every copy's own). */
async function jobsSettled(databasePort: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: databasePort, user: 'postgres', password: 'postgres', database: 'svc' });
  await client.connect();
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { rows } = await client.query(`select count(*)::int as due from graphile_worker._private_jobs where run_at < now() + interval '1 minute'`);
      if (rows[0].due === 0) return;
      if (Date.now() > deadline) throw new Error(`${rows[0].due} jobs of the demo data template still due after 90 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}
