/**
 * Where a CPU profile (`node --cpu-prof`, a `.cpuprofile` file) spent its time: self time summed
 * per function (name and file) and per package (the directory under node_modules, or the
 * project's own top folder), the top entries of each printed. Self time, not total, so the rows
 * add up to the whole and a busy leaf is not hidden under the frames that called it.
 *
 *   npx tsx bench/support/profile-top.ts <file.cpuprofile> [--top 25]
 *
 * With no file, the newest profile in bench/results/profiles is read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberArg } from './cli.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The package a script belongs to: `node_modules/<pkg>` (scoped packages keep their scope), else the project folder, else what V8 calls it. */
export function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = file.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (file.startsWith('node:')) return 'node (core)';
  const rel = path.relative(projectRoot, file);
  if (!rel.startsWith('..')) {
    const parts = rel.split(path.sep);
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return file;
}

const shortUrl = (url: string) => {
  if (!url) return '';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) return file.slice(nm + 'node_modules/'.length);
  const rel = path.relative(projectRoot, file);
  return rel.startsWith('..') ? file : rel;
};

export function summarise(profile: CpuProfile, n = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    const fn = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = packageOf(callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, share: `${((us / total) * 100).toFixed(1)}%` }));
  return { totalMs: Math.round(total / 1000), functions: top(byFunction), packages: top(byPackage) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let file = process.argv.slice(2).find((a) => a.endsWith('.cpuprofile'));
  if (!file) {
    const dir = path.join(projectRoot, 'bench/results/profiles');
    file = readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size || statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  }
  const { totalMs, functions, packages } = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, numberArg('top', 25));
  console.log(`${file}: ${totalMs} ms sampled`);
  console.log('self time by function');
  console.table(functions);
  console.log('self time by package');
  console.table(packages);
}
