/**
 * The two web applications' weight: builds them (when a source changed) and lists, for each, what
 * its first page loads (index.html's scripts and stylesheet) and every other asset, raw, gzip
 * (level 9) and Brotli (the .gz and .br the build writes and the service sends). Budgets for the
 * first page's JavaScript, compressed: the portal website 100 kB, the workspace application 150 kB.
 *
 *   npx tsx bench/site-size.ts
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report, type Aim } from './support/report.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit' });

const kB = (n: number) => Number((n / 1024).toFixed(1));
const rows: Array<Record<string, string | number>> = [];
const aims: Aim[] = [];
const figures: Record<string, number> = {};
for (const { site, folder, budgetKb } of [
  { site: 'portal website', folder: 'portal-web', budgetKb: 100 },
  { site: 'workspace application', folder: 'workspace-web', budgetKb: 150 },
]) {
  const dist = path.join(root, folder, 'dist');
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const firstPage = new Set([...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  let firstPageJsGzip = 0;
  let firstPageJsBrotli = 0;
  for (const name of readdirSync(path.join(dist, 'assets')).filter((f) => !/\.(gz|br)$/.test(f)).sort()) {
    const file = path.join(dist, 'assets', name);
    const raw = readFileSync(file);
    const gzip = gzipSync(raw, { level: 9 }).length;
    const brotli = statSync(`${file}.br`, { throwIfNoEntry: false })?.size ?? null;
    const first = firstPage.has(`assets/${name}`);
    if (first && name.endsWith('.js')) {
      firstPageJsGzip += gzip;
      firstPageJsBrotli += brotli ?? gzip;
    }
    rows.push({ site, asset: name, 'first page': first ? 'yes' : 'no', 'raw kB': kB(raw.length), 'gzip kB': kB(gzip), 'br kB': brotli === null ? '-' : kB(brotli) });
  }
  rows.push({ site, asset: 'first page JavaScript', 'first page': 'yes', 'raw kB': '', 'gzip kB': kB(firstPageJsGzip), 'br kB': kB(firstPageJsBrotli) });
  figures[`${folder}FirstPageJsGzipBytes`] = firstPageJsGzip;
  figures[`${folder}FirstPageJsBrotliBytes`] = firstPageJsBrotli;
  aims.push({ what: `the ${site}'s first-page JavaScript, gzip`, measured: `${kB(firstPageJsGzip)} kB`, aim: `≤ ${budgetKb} kB`, met: firstPageJsGzip <= budgetKb * 1024 });
}
report('site-size', rows, { ...figures, aims });
if (aims.some((a) => !a.met)) process.exitCode = 1;
