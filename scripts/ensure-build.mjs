// Runs before `npm start` and `npm run migrate`: compiles src/ and emulator/ into dist/ when dist is
// missing, lacks a compiled file, or is older than any source file (`npm ci` already built it
// through `prepare`). The check costs a few milliseconds; a rebuild is incremental.
// Then the same for the typed client: client/src is compiled by tsc into client/dist (the ESM
// JavaScript and declarations its package.json exports), and for the portal website: portal-web/ is
// built by Vite into portal-web/dist when that build is missing or older than any of its sources (or
// the typed client's build it bundles).
// First: on a Node.js svc does not run on (npm ci and npm start on Node 18, say), one sentence
// naming the version to install, and exit 1, before any build.
import './node-version.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');
const buildInfo = path.join(dist, '.tsbuildinfo');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// Newest mtime of the .ts files under dir, and whether each has its compiled .js in dist/.
let outputsMissing = false;
function newestOfAny(dir) {
  let latest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newestOfAny(full) : statSync(full).mtimeMs);
  }
  return latest;
}
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else if (entry.name.endsWith('.ts')) {
      latest = Math.max(latest, statSync(full).mtimeMs);
      if (!outputsMissing && !entry.name.endsWith('.d.ts')) {
        outputsMissing = !existsSync(path.join(dist, path.relative(root, full)).slice(0, -3) + '.js');
      }
    }
  }
  return latest;
}

const sources = Math.max(
  newest(path.join(root, 'src')),
  newest(path.join(root, 'emulator')),
  statSync(path.join(root, 'tsconfig.build.json')).mtimeMs,
  statSync(path.join(root, 'tsconfig.json')).mtimeMs,
  // The Node.js version check main.ts imports first (compiled into dist/scripts/).
  statSync(path.join(root, 'scripts', 'node-version.mjs')).mtimeMs,
);
outputsMissing ||= !existsSync(path.join(dist, 'scripts', 'node-version.mjs'));
if (outputsMissing || !existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.error(`svc: compiling src/ and emulator/ into dist/ (${outputsMissing ? 'compiled files missing' : 'sources changed since the last build'})`);
  // tsc's incremental state records what it already wrote and would not write a deleted output again.
  if (outputsMissing) rmSync(buildInfo, { force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString() + '\n');
}

const client = path.join(root, 'client');
const clientDist = path.join(client, 'dist');
const clientStamp = path.join(clientDist, '.build-stamp');
const clientSources = Math.max(
  newestOfAny(path.join(client, 'src')),
  ...['tsconfig.json', 'package.json'].map((f) => statSync(path.join(client, f)).mtimeMs),
);
if (!existsSync(clientStamp) || !existsSync(path.join(clientDist, 'index.js')) || statSync(clientStamp).mtimeMs < clientSources) {
  console.error('svc: compiling the typed client into client/dist');
  // From empty: a file removed from client/src must not stay importable from the build.
  rmSync(clientDist, { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(client, 'tsconfig.json')], { stdio: 'inherit' });
  writeFileSync(clientStamp, new Date().toISOString() + '\n');
}

// Both web applications: each is built by Vite when its build is missing or older than any of its
// sources, the UI kit they share, or the typed client's build they bundle.
const kit = path.join(root, 'ui-kit');
const kitSources = Math.max(newestOfAny(path.join(kit, 'src')), ...['vite-site.js', 'package.json'].map((f) => statSync(path.join(kit, f)).mtimeMs));
function buildSite(folder, what, extraSources = []) {
  const site = path.join(root, folder);
  const siteStamp = path.join(site, 'dist', '.build-stamp');
  const siteSources = Math.max(
    newestOfAny(path.join(site, 'src')),
    newestOfAny(path.join(site, 'public')),
    ...['index.html', 'vite.config.js', 'package.json', 'tsconfig.json'].map((f) => statSync(path.join(site, f)).mtimeMs),
    statSync(clientStamp).mtimeMs,
    kitSources,
    ...extraSources.map((f) => statSync(path.join(root, f)).mtimeMs),
  );
  if (existsSync(siteStamp) && existsSync(path.join(site, 'dist', 'index.html')) && statSync(siteStamp).mtimeMs >= siteSources) return;
  console.error(`svc: building ${what} into ${folder}/dist (Vite)`);
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(site, 'vite.config.js')], {
    stdio: 'inherit',
    cwd: site,
    // A production build whatever NODE_ENV the caller runs under (vitest sets `test`).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(siteStamp, new Date().toISOString() + '\n');
}
// The portal's form rules are shared with the service.
buildSite('portal-web', 'the portal website', ['src/modules/customers/requests/form-rules.ts']);
buildSite('workspace-web', 'the workspace application');
