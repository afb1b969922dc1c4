// Which installed packages declare a Node.js range (package.json "engines") that a runtime is not in:
// the packages `npm ci` on that runtime warns about with EBADENGINE (npm reads the same field, from
// the lockfile, with the same semver). Read from package-lock.json, so one install answers for
// every runtime.
//
//   node .ci/engines.mjs --strict 26.12.1 24.21.0 --report 20.20.2
//
// --strict: a package outside one of these versions fails the run (exit 1);
// --report: they are listed (the README explains them), and the run goes on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const semver = require('semver');
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));

const strict = [];
const report = [];
let into = strict;
for (const arg of process.argv.slice(2)) {
  if (arg === '--strict') into = strict;
  else if (arg === '--report') into = report;
  else into.push(arg);
}

/** Every locked package whose engines.node leaves out `version`, as "name@version (wants range)". */
function outside(version) {
  const found = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    const range = entry.engines?.node;
    if (!where || !range || entry.link) continue;
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      found.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} (wants ${range})`);
    }
  }
  return [...new Set(found)].sort();
}

let failed = false;
for (const version of strict) {
  const list = outside(version);
  if (list.length) {
    failed = true;
    console.log(`engines: npm ci on Node ${version} would warn about ${list.length} package(s), and Node ${version} is supported:\n  ${list.join('\n  ')}`);
  } else console.log(`engines: no package declares a range without Node ${version}`);
}
for (const version of report) {
  const list = outside(version);
  console.log(`engines: on Node ${version}, ${list.length} package(s) declare a range without it (the README says why each works there): ${list.join(', ')}`);
}
process.exit(failed ? 1 : 0);
