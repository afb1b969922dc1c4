/**
 * The portal website's weight: builds portal-web (when a source changed) and lists what its first
 * page loads (index.html's script and stylesheet) and every other asset, raw, gzip (level 9) and
 * Brotli (the .gz and .br the build writes and the service sends). Budget: the first page's
 * JavaScript under 100 kB compressed.
 *
 *   npx tsx bench/portal-site-size.ts
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './support/report.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
const dist = path.join(root, 'portal-web', 'dist');
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const firstPage = new Set([...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));

const kB = (n: number) => Number((n / 1024).toFixed(1));
const rows: Array<Record<string, string | number>> = [];
let firstPageJsGzip = 0;
for (const name of readdirSync(path.join(dist, 'assets')).filter((f) => !/\.(gz|br)$/.test(f)).sort()) {
  const file = path.join(dist, 'assets', name);
  const raw = readFileSync(file);
  const gzip = gzipSync(raw, { level: 9 }).length;
  const brotli = statSync(`${file}.br`, { throwIfNoEntry: false })?.size ?? null;
  const first = firstPage.has(`assets/${name}`);
  if (first && name.endsWith('.js')) firstPageJsGzip += gzip;
  rows.push({ asset: name, 'first page': first ? 'yes' : 'no', 'raw kB': kB(raw.length), 'gzip kB': kB(gzip), 'br kB': brotli === null ? '-' : kB(brotli) });
}
rows.push({ asset: 'first page JavaScript', 'first page': 'yes', 'raw kB': '', 'gzip kB': kB(firstPageJsGzip), 'br kB': '' });
report('portal-site-size', rows, { firstPageJsGzipBytes: firstPageJsGzip, budgetBytes: 100 * 1024, withinBudget: firstPageJsGzip < 100 * 1024 });
if (firstPageJsGzip >= 100 * 1024) process.exitCode = 1;
