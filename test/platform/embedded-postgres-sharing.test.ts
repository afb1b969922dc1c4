import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startCodehost } from '../harness/codehost.js';
import { alive, freePort, spawnStandalone, type StandaloneProcess } from '../harness/demo-process.js';

const folders: string[] = [];
const running: StandaloneProcess[] = [];
let emulator: RunningEmulator | undefined;
afterAll(async () => {
  for (const run of running) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await emulator?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The postmaster pid an embedded PostgreSQL wrote in its data folder, if any. */
function postmasterOf(dataDir: string): number | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

/** `/healthz`, and a route that reads and writes the database (a session made by signing up, then used). */
async function answersFromItsDatabase(url: string, email: string): Promise<{ health: number; signUp: number; me: number }> {
  const health = (await fetch(`${url}/healthz`)).status;
  const signUp = await fetch(`${url}/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({ name: 'Ada', email, password: 'correct horse battery' }),
  });
  const token = ((await signUp.json().catch(() => ({}))) as { token?: string }).token;
  const me = (await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  return { health, signUp: signUp.status, me };
}

describe('a second command on the data folder of a running service', () => {
  it('uses its embedded PostgreSQL and leaves it running (migrate, then a worker), and the service goes on answering', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-shared-data-'));
    folders.push(dataDir);
    // The machine's DATABASE_URL is not passed on (spawnStandalone leaves it out): this is about the embedded server.
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };
    const service = spawnStandalone(env, undefined, { compiled: true });
    running.push(service);
    const [, url] = await service.ready;
    const postmaster = postmasterOf(dataDir)!;
    expect(await answersFromItsDatabase(url, 'before@example.com')).toEqual({ health: 200, signUp: 200, me: 200 });

    // `npm run migrate` beside it, with the same settings as a person's shell would have.
    const migrate = spawnStandalone(env, /migrations applied/, { command: 'migrate', compiled: true });
    running.push(migrate);
    const migrated = await migrate.exited;
    expect({ ...migrated, stdout: migrate.stdout, stderr: migrate.stderr }).toEqual({ code: 0, signal: null, stdout: ['migrations applied'], stderr: [] });
    expect(alive(postmaster)).toBe(true);
    expect(await answersFromItsDatabase(url, 'after-migrate@example.com')).toEqual({ health: 200, signUp: 200, me: 200 });

    // A worker beside it (a worker needs a GitHub App: the test emulator's), stopped as a supervisor would.
    emulator = await startCodehost();
    const worker = spawnStandalone(
      {
        ...env,
        CODEHOST_APP_ID: String(emulator.app.appId),
        CODEHOST_APP_SLUG: emulator.app.slug,
        CODEHOST_PRIVATE_KEY: emulator.app.privateKey,
        CODEHOST_WEBHOOK_SECRET: emulator.app.webhookSecret,
        CODEHOST_CLIENT_ID: emulator.app.clientId,
        CODEHOST_CLIENT_SECRET: emulator.app.clientSecret,
        CODEHOST_API_URL: emulator.url,
        CODEHOST_WEB_URL: emulator.url,
      },
      /svc worker running/,
      { command: 'worker', compiled: true },
    );
    running.push(worker);
    await worker.ready;
    worker.child.kill('SIGTERM');
    expect(await worker.exited, [...worker.stdout, ...worker.stderr].join('\n')).toEqual({ code: 0, signal: null });
    expect(alive(postmaster)).toBe(true);
    expect(await answersFromItsDatabase(url, 'after-worker@example.com')).toEqual({ health: 200, signUp: 200, me: 200 });

    // The service that started the server still stops it.
    service.child.kill('SIGTERM');
    expect((await service.exited).code).toBe(0);
    expect(alive(postmaster)).toBe(false);
    const problems = service.stdout.filter((line) => JSON.parse(line).level >= 50);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 180_000);
});
