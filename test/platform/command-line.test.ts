import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { freePort } from '../harness/demo-process.js';

const root = path.resolve(import.meta.dirname, '../..');
/** The `svc` command as npm installs it: the launcher package.json's "bin" names, running the compiled service in dist/. */
const launcher = path.join(root, (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin.svc);

/** `svc ...args` with only `env` configured, from a folder other than the project's, run to its end. */
async function svc(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [launcher, ...args], {
    cwd: import.meta.dirname,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => stdout.push(line));
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  return { code, stdout, stderr };
}

const commandNames = ['start', 'worker', 'migrate', 'mcp', 'help'];

describe('the svc command', () => {
  it('with no command lists the commands on stderr and exits 2, starting nothing', async () => {
    const run = await svc([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toEqual([]);
    expect(run.stderr[0]).toBe('usage: svc <command>');
    for (const name of commandNames) expect(run.stderr.some((line) => line.startsWith(`  ${name} `))).toBe(true);
  });

  it.each([['help'], ['--help'], ['-h']])('%s lists the commands on stdout and exits 0', async (flag) => {
    const run = await svc([flag]);
    expect(run.code).toBe(0);
    expect(run.stderr).toEqual([]);
    expect(run.stdout[0]).toBe('usage: svc <command>');
    for (const name of commandNames) expect(run.stdout.some((line) => line.startsWith(`  ${name} `))).toBe(true);
  });

  it.each([['frobnicate'], ['toString']])('an unknown command (%s) is named, then the list, exit 2', async (name) => {
    const run = await svc([name]);
    expect(run.code).toBe(2);
    expect(run.stderr[0]).toBe(`svc: unknown command "${name}"`);
    expect(run.stderr[1]).toBe('usage: svc <command>');
  });

  it('worker with no GitHub App configured says what to set in one line, no stack trace', async () => {
    const run = await svc(['worker']);
    expect(run.code).toBe(1);
    expect(run.stderr).toEqual([
      'svc: The worker needs a GitHub App: set CODEHOST_APP_ID and the other CODEHOST_* variables (demo mode, with the GitHub emulator, is `svc start`).',
    ]);
  });

  it('a malformed variable is named with what is wrong, no stack trace', async () => {
    const run = await svc(['migrate'], { PORT: 'three thousand' });
    expect(run.code).toBe(1);
    expect(run.stderr).toEqual(['svc: Invalid configuration:', '  PORT: Invalid input: expected number, received NaN']);
  });

  it('a DATABASE_URL nothing answers at is named in one line, without its password', async () => {
    const port = await freePort();
    const run = await svc(['migrate'], { DATABASE_URL: `postgres://someone:hunter2@127.0.0.1:${port}/svc` });
    expect(run.code).toBe(1);
    expect(run.stderr).toEqual([
      `svc: Cannot connect to the database at DATABASE_URL (127.0.0.1:${port}/svc): nothing accepts connections there. Set DATABASE_URL to a PostgreSQL server that runs (or unset it to use the embedded one under DATA_DIR).`,
    ]);
  });

  it('mcp with no API key says what to set in one line', async () => {
    const run = await svc(['mcp']);
    expect(run.code).toBe(1);
    expect(run.stderr).toEqual(['svc: svc mcp needs an API key in SVC_API_KEY (make one with POST /v1/api-keys).']);
  });
});
