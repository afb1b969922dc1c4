/**
 * The heaviest entries of a V8 CPU profile (`node --cpu-prof`): self time summed per function
 * and per package, as a table to put beside a benchmark's figures.
 *
 *   npx tsx bench/support/profile-top.ts <file.cpuprofile or a folder of them>... [--top 25]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { numberArg } from './cli.js';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

/** Where a script belongs: its npm package, our own folder, or Node's internals. */
function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = url.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const own = url.match(/\/(src|emulator|bench|test)\/([^/]+)/);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** Self time over every profile in `files`, by function and by package. */
export function profileTop(files: string[], top = 25) {
  // Each profile's samples as [node, microseconds] pairs.
  const samples: Array<[ProfileNode, number]> = [];
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => samples.push([byId.get(id)!, profile.timeDeltas[i] ?? 0]));
  }
  const total = samples.reduce((a, [, us]) => a + us, 0);
  const sum = (key: (n: ProfileNode) => string) => {
    const acc = new Map<string, number>();
    for (const [node, us] of samples) {
      const k = key(node);
      acc.set(k, (acc.get(k) ?? 0) + us);
    }
    return [...acc].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => ({ name, 'self %': Number(((us / total) * 100).toFixed(1)), 'self ms': Math.round(us / 1000) }));
  };
  const fnName = (n: ProfileNode) => {
    const f = n.callFrame;
    const where = f.url ? ` ${packageOf(f.url)}/${f.url.split('/').pop()}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'}${where}`;
  };
  return { totalMs: Math.round(total / 1000), functions: sum(fnName), packages: sum((n) => packageOf(n.callFrame.url)) };
}

if (process.argv[1]?.endsWith('profile-top.ts')) {
  const args = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'));
  const files = args.flatMap((a) => (statSync(a).isDirectory() ? readdirSync(a).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(a, f)) : [a]));
  if (!files.length) throw new Error('usage: profile-top.ts <file.cpuprofile or folder>... [--top N]');
  const result = profileTop(files, numberArg('top', 25));
  console.log(`${result.totalMs} ms sampled`);
  console.table(result.functions);
  console.table(result.packages);
}
