import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The curl walk-through the README points to: every ```sh block after a `<!-- walk-through -->`
 * marker in docs/walk-through.md, as a newcomer would copy them (run from the repository's root,
 * as the document says).
 */
export function walkThrough(): string[] {
  const text = readFileSync('docs/walk-through.md', 'utf8');
  return [...text.matchAll(/<!-- walk-through -->\s*```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** The walk-through's blocks as one script for the demo process at these ports and data folder. */
export function walkThroughScript(blocks: string[], at: { port: number; emulatorPort: number; dataDir: string }): string {
  return blocks
    .join('\n')
    .replaceAll('localhost:3000', `localhost:${at.port}`)
    .replaceAll('localhost:3001', `localhost:${at.emulatorPort}`)
    .replaceAll('.data/', `${at.dataDir}/`);
}

export async function runBash(script: string, cwd: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-c', `set -euo pipefail\n${script}`], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
