import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedNodeRange, unsupportedNodeMessage } from '../../scripts/node-version.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };

/** Runs `file ...args` with node as if it were `version`: process.versions.node replaced before anything else loads. */
async function runAs(version: string, file: string, args: string[] = []) {
  const pretend = `data:text/javascript,Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });`;
  const child = spawn(process.execPath, ['--import', pretend, file, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

describe('the Node.js version check', () => {
  it.each(['20.19.0', '20.20.2', '24.0.0', '24.21.0', '26.12.1', '28.1.0'])('lets %s run', (version) => {
    expect(unsupportedNodeMessage(version)).toBeNull();
  });

  it.each(['16.20.2', '18.19.0', '20.18.3', '22.22.0', '23.11.1'])('stops %s with one sentence naming the version to install', (version) => {
    expect(unsupportedNodeMessage(version)).toBe(
      `svc needs Node.js 26 or 24 (found ${version}): install Node.js 26 from https://nodejs.org and run this again.`,
    );
  });

  it("is what package.json's engines says", () => {
    expect(packageJson.engines.node).toBe(supportedNodeRange);
  });

  // The three ways in: `npm ci` / `npm start` (their prepare and prestart step), the svc command, and the compiled entry.
  it.each([['scripts/ensure-build.mjs'], ['bin/svc.js', 'help'], ['dist/src/main.js', 'help']])(
    'on Node 18, %s prints only that sentence and exits 1, before anything else runs',
    async (file, ...args) => {
      const run = await runAs('18.19.0', file, args);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe('svc needs Node.js 26 or 24 (found 18.19.0): install Node.js 26 from https://nodejs.org and run this again.\n');
    },
  );
});
