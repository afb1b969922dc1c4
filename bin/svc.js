#!/usr/bin/env node
// The `svc` command (package.json "bin"): runs the compiled service, which `npm ci` builds into
// dist/ (the `prepare` script) and `npm run build` brings up to date. It does not build itself:
// `svc mcp` speaks its protocol on stdout, where a build's output would corrupt it.
// First: on a Node.js svc does not run on, one sentence naming the version to install, and exit 1.
import '../scripts/node-version.mjs';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/src/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  console.error('svc: the service is not compiled yet: run `npm run build` in its folder (or `npm ci`, which builds it).');
  process.exit(1);
}
// What `npm start`'s --enable-source-maps does: stack traces name the TypeScript lines.
process.setSourceMapsEnabled(true);
await import(main.href);
