/**
 * Runs every benchmark script in bench/ (files ending in .ts, except this one and runtimes.ts, which
 * runs three of them again on a second Node.js), one after another,
 * then prints every aim the results name, each figure beside its floor and its aim.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printAims, resultsDir, type Aim } from './support/report.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && f !== 'runtimes.ts').sort();
const failed: string[] = [];
const startedAt = Date.now();
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], { stdio: 'inherit' });
  if (r.status !== 0) failed.push(script);
  console.log(`== ${script}: ${r.status === 0 ? 'done' : `FAILED (${r.status ?? r.signal})`} in ${Math.round((Date.now() - t0) / 1000)} s`);
}

// Only results written by this run: a stale file from an earlier run would read as a figure of this one.
const aims: Array<Aim & { bench: string }> = [];
for (const script of scripts) {
  const file = path.join(resultsDir, script.replace(/\.ts$/, '.json'));
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, 'utf8')) as { at: string; aims?: Aim[] };
  if (Date.parse(result.at) < startedAt) continue;
  for (const aim of result.aims ?? []) aims.push({ bench: script, ...aim });
}
console.log(`\n== every aim (${aims.filter((a) => a.met).length} of ${aims.length} met)`);
printAims(aims.map((a) => ({ ...a, what: `${a.bench.replace(/\.ts$/, '')}: ${a.what}` })));
if (failed.length) console.log(`failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
