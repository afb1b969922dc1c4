import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, freePort, spawnStandalone } from '../harness/demo-process.js';

/** Something else holding a port, as another program would. */
async function occupy(port: number): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

const folders: string[] = [];
function dataFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-start-failure-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The postmaster pid an embedded PostgreSQL left in its data folder, if any. */
function postmasterOf(dataDir: string): number | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

describe('a start that cannot go on says why in one line and leaves nothing running', () => {
  it.each([
    ['PORT', 'PORT'],
    ['EMULATOR_PORT', 'EMULATOR_PORT'],
    ['EMBEDDED_PG_PORT', 'EMBEDDED_PG_PORT'],
  ])('with %s taken', async (variable) => {
    const ports = { PORT: await freePort(), EMULATOR_PORT: await freePort(), EMBEDDED_PG_PORT: await freePort() };
    const taken = await occupy(ports[variable as keyof typeof ports]);
    const dataDir = dataFolder();
    try {
      const run = spawnStandalone({ DATA_DIR: dataDir, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) });
      const { code } = await run.exited;
      expect(code).toBe(1);
      expect(run.stderr).toEqual([`svc: Port ${ports[variable as keyof typeof ports]} is already in use: set ${variable} to a free port (or stop what listens there).`]);
      // Nothing it started is left behind: no PostgreSQL of its data folder runs.
      const pid = postmasterOf(dataDir);
      if (pid !== null) expect(alive(pid)).toBe(false);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('as root, with the data folder where the postgres user cannot enter, says so in one line', async () => {
    const closed = dataFolder(); // mkdtemp: 0700
    const dataDir = path.join(closed, 'data');
    const run = spawnStandalone({ DATA_DIR: dataDir, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) });
    if (process.getuid?.() === 0) {
      expect((await run.exited).code).toBe(1);
      expect(run.stderr).toEqual([
        `svc: The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${closed}: set DATA_DIR to a folder outside it (or run as a user other than root, or set DATABASE_URL).`,
      ]);
    } else {
      // Not root: PostgreSQL runs as this user, who owns the folder.
      await run.ready;
      run.child.kill('SIGTERM');
      expect((await run.exited).code).toBe(0);
    }
  }, 60_000);

  it('adopts the embedded PostgreSQL a killed start left behind, and stops it when it stops', async () => {
    const dataDir = dataFolder();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };
    const first = spawnStandalone(env);
    await first.ready;
    const orphan = postmasterOf(dataDir);
    expect(orphan).not.toBeNull();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(alive(orphan!)).toBe(true);

    // The same port too: the orphan holds it, and the next start must not call it taken.
    const second = spawnStandalone(env, undefined, { ownGroup: true });
    const [, url] = await second.ready;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(postmasterOf(dataDir)).toBe(orphan);
    // Ctrl-C: SIGINT to the whole process group.
    process.kill(-second.child.pid!, 'SIGINT');
    expect((await second.exited).code).toBe(0);
    expect(alive(orphan!)).toBe(false);
    expect(second.stderr, second.stderr.join('\n')).toEqual([]);
    const problems = second.stdout.filter((line) => JSON.parse(line).level >= 40);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it('with a challenge secret and no site key, says so in one line before starting anything', async () => {
    const dataDir = dataFolder();
    const run = spawnStandalone({ DATA_DIR: dataDir, CHALLENGE_SECRET: 'a-secret', PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) });
    expect((await run.exited).code).toBe(1);
    expect(run.stderr).toEqual([
      "svc: CHALLENGE_SECRET is set but CHALLENGE_SITE_KEY is not: the portal website could not show the challenge, so nobody could sign up on an open portal. Set CHALLENGE_SITE_KEY to the widget's site key (or unset CHALLENGE_SECRET).",
    ]);
    expect(postmasterOf(dataDir)).toBeNull();
  }, 60_000);

  it('stops cleanly when its terminal closes (SIGHUP), PostgreSQL with it', async () => {
    const dataDir = dataFolder();
    const run = spawnStandalone({ DATA_DIR: dataDir, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) });
    await run.ready;
    const postmaster = postmasterOf(dataDir)!;
    run.child.kill('SIGHUP');
    expect((await run.exited).code).toBe(0);
    expect(alive(postmaster)).toBe(false);
  }, 60_000);

  it('logs only JSON lines, the sign-in library included, and stops on Ctrl-C with no error line', async () => {
    const dataDir = dataFolder();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };
    const run = spawnStandalone(env, undefined, { ownGroup: true });
    const [, url] = await run.ready;
    // A second sign-up with one address: the library logs it (in colour, by default).
    const body = JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' });
    const signUp = () => fetch(`${url}/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') }, body });
    expect((await signUp()).status).toBe(200);
    expect((await signUp()).status).toBe(409);
    await expect.poll(() => run.stdout.some((line) => line.includes('Sign-up attempt for existing email'))).toBe(true);
    const entries = run.stdout.map((line) => JSON.parse(line) as { level: number; msg: string; component?: string });
    expect(entries.find((e) => e.msg.includes('Sign-up attempt for existing email'))?.component).toBe('sign-in');
    expect(entries.some((e) => e.msg.startsWith(`svc listening on ${url}`))).toBe(true);
    const postmaster = postmasterOf(dataDir)!;
    process.kill(-run.child.pid!, 'SIGINT');
    expect((await run.exited).code).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(run.stderr, run.stderr.join('\n')).toEqual([]);
    const problems = run.stdout.filter((line) => JSON.parse(line).level >= 40);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);
});
