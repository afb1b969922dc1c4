/** Runs every benchmark script in bench/ (files ending in .ts, except this one), one after another. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run-all.ts').sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
