import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, inject, it } from 'vitest';
import { freePort, spawnStandalone } from '../harness/demo-process.js';

/** Demo mode on the run's database, with a job queue of its own and no demo portal to make. */
async function demoEnv(): Promise<Record<string, string>> {
  return {
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: mkdtempSync(path.join(inject('tempRoot'), 'svc-banner-')),
    PORT: String(await freePort()),
    EMULATOR_PORT: String(await freePort()),
    DEMO_PORTAL: 'false',
    WORKER_SCHEMA: `jobs_banner_${Math.random().toString(36).slice(2, 8)}`,
  };
}

describe('the start banner gives the address a person should open', () => {
  it.concurrent('at a terminal, bound to 127.0.0.1: http://localhost:<port>/, where the links and the cookie are made for', async () => {
    const env = await demoEnv();
    // script(1) gives the service a terminal, as `npm start` in a shell has: the welcome is printed only there.
    const child = spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} --import tsx src/main.ts start`, '/dev/null'], {
      env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        void exited.then(() => reject(new Error(`exited before the welcome:\n${lines.join('\n')}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          lines.push(line.replace(/\r$/, ''));
          if (/^\s+API reference\s/.test(lines.at(-1)!)) resolve();
        });
      });
      const welcome = lines.filter((line) => /^ {2}\S/.test(line) && !line.trimStart().startsWith('{'));
      expect(welcome).toContain(`  Open            http://localhost:${env.PORT}/`);
      expect(welcome).toContain(`  API reference   http://localhost:${env.PORT}/docs`);
      // Only the bound address and the emulator's API (which nobody opens in a browser) are named by number.
      expect(welcome.filter((line) => line.includes('http://127.0.0.1') && !/svc listening on|GitHub emulator at/.test(line))).toEqual([]);
    } finally {
      process.kill(-child.pid!, 'SIGINT');
      await exited;
    }
  }, 120_000);

  it.concurrent('with PUBLIC_BASE_URL, the log line says to open that address', async () => {
    const env = await demoEnv();
    const run = spawnStandalone({ ...env, PUBLIC_BASE_URL: 'https://svc.example.com' });
    try {
      const [line] = await run.ready;
      const entry = JSON.parse(run.stdout.find((l) => l.includes(line))!) as { msg: string; open: string };
      expect(entry.open).toBe('https://svc.example.com');
      expect(entry.msg).toBe(`svc listening on http://127.0.0.1:${env.PORT} (open https://svc.example.com/, API reference at https://svc.example.com/docs, description at https://svc.example.com/openapi.json)`);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }, 120_000);

  it.concurrent('bound to 127.0.0.1 without a public address, the log line says to open http://localhost:<port>/', async () => {
    const env = await demoEnv();
    const run = spawnStandalone(env);
    try {
      const [line] = await run.ready;
      const entry = JSON.parse(run.stdout.find((l) => l.includes(line))!) as { url: string; open: string };
      expect(entry.url).toBe(`http://127.0.0.1:${env.PORT}`);
      expect(entry.open).toBe(`http://localhost:${env.PORT}`);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }, 120_000);
});
