/**
 * The heaviest entries of a V8 CPU profile (`node --cpu-prof`): self time summed per function
 * and per package, as a table to put beside a benchmark's figures.
 *
 *   npx tsx bench/support/profile-top.ts bench/results/profiles/<file>.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
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

export function profileTop(file: string, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const sum = (key: (n: ProfileNode) => string) => {
    const acc = new Map<string, number>();
    for (const [id, us] of selfUs) {
      const k = key(byId.get(id)!);
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
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [--top N]');
  const result = profileTop(file, numberArg('top', 25));
  console.log(`${result.totalMs} ms sampled`);
  console.table(result.functions);
  console.table(result.packages);
}
