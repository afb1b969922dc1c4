import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { TEST_SECRET } from './app.js';
import { codehostConfigFor } from './codehost.js';

/**
 * `src/main.ts <role>` in a process of its own, on the run's database and talking to the emulator,
 * as a second machine would run it. `ready` resolves with the first stdout line matching the
 * pattern, and rejects if the process exits before printing one.
 */
export function spawnServiceProcess(
  role: 'start' | 'worker',
  gh: RunningEmulator,
  env: Record<string, string>,
  ready: RegExp,
): { child: ChildProcess; ready: Promise<RegExpExecArray> } {
  const config = codehostConfigFor(gh);
  const dataDir = mkdtempSync(path.join(inject('tempRoot'), `svc-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: inject('databaseUrl'),
      AUTH_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      // The ready line is a log entry (a terminal gets a plain welcome instead; this is no terminal).
      LOG_LEVEL: 'info',
      CODEHOST_APP_ID: String(config.appId),
      CODEHOST_APP_SLUG: config.appSlug,
      CODEHOST_PRIVATE_KEY: config.privateKey,
      CODEHOST_WEBHOOK_SECRET: config.webhookSecret,
      CODEHOST_CLIENT_ID: config.clientId,
      CODEHOST_CLIENT_SECRET: config.clientSecret,
      CODEHOST_API_URL: config.apiUrl,
      CODEHOST_WEB_URL: config.webUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The process's data folder goes with it, however it ends.
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const started = new Promise<RegExpExecArray>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`service process (${role}) exited with ${code ?? signal}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = ready.exec(line);
      if (match) resolve(match);
    });
  });
  return { child, ready: started };
}
