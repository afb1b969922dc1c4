// Runs before `npm start` and `npm run migrate`: compiles src/ and emulator/ into dist/ when dist is
// missing or older than any source file (`npm ci` already built it through `prepare`). The check
// costs a few milliseconds; a rebuild is incremental.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else if (entry.name.endsWith('.ts')) latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'emulator')), statSync(path.join(root, 'tsconfig.build.json')).mtimeMs);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.error('svc: compiling src/ and emulator/ into dist/ (sources changed since the last build)');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString() + '\n');
}
