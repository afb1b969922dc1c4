/**
 * Self time by function from V8 .cpuprofile files (node --cpu-prof), summed over every file in
 * the directories or files named, so a profile of a benchmark can be read without a browser.
 *
 *   npx tsx bench/support/profile-top.ts <dir-or-file>... [--top 25]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { numberArg } from './cli.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const top = numberArg('top', 25);
/** `--by module`: self time summed by package (or source folder) instead of by function. */
const byModule = process.argv.includes('--by') && process.argv[process.argv.indexOf('--by') + 1] === 'module';
const args = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'));
const files = args.flatMap((a) => (statSync(a).isDirectory() ? readdirSync(a).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(a, f)) : [a]));

function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[1];
  const local = url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
  return local.split('/').slice(0, 2).join('/');
}

const selfMs = new Map<string, number>();
let totalMs = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  // The sampling interval as V8 kept it: the profile's span over its samples, in microseconds.
  const intervalMs = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}` : '';
    const key = byModule ? moduleOf(url, functionName) : `${functionName || '(anonymous)'} ${where}`.trim();
    const ms = node.hitCount * intervalMs;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
    totalMs += ms;
  }
}

const rows = [...selfMs.entries()]
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)
  .map(([fn, ms]) => ({ 'self ms': Math.round(ms), '%': Number(((ms / totalMs) * 100).toFixed(1)), function: fn.length > 110 ? '…' + fn.slice(-109) : fn }));
console.log(`${files.length} profile(s), ${Math.round(totalMs)} ms sampled`);
console.table(rows);
