// The Node.js versions svc runs on, checked first by every way in: `npm ci` and `npm start`
// (scripts/ensure-build.mjs, their prepare and prestart step), the `svc` command (bin/svc.js) and
// `node dist/src/main.js` (its first import). Plain JavaScript with nothing but Node itself, so the
// check runs on an old Node before anything that would fail there with a stack trace.
//
// Importing this module runs the check: an ES module's imports are evaluated before its own body,
// so an entry point that imports it first stops here before any other module of svc runs.
//
// Node 26 (active LTS) and 24 (maintenance LTS) are the supported runtimes; later versions are let
// through. Node 20.19+ is still let through too: it is the Node of the machines this project is
// developed on, and CI runs the whole suite on it, but it is past its end of life and gets no
// guarantee beyond that run (README, "Node.js versions"). package.json's "engines" says the same.

/** package.json's "engines".node, in the words of this check. */
export const supportedNodeRange = '^20.19.0 || >=24';

/**
 * The one sentence to print when `version` (as in process.versions.node, "26.12.1") cannot run svc,
 * else null.
 * @param {string} version
 * @returns {string | null}
 */
export function unsupportedNodeMessage(version) {
  const [major, minor] = version.split('.').map((part) => Number.parseInt(part, 10));
  if (major >= 24 || (major === 20 && minor >= 19)) return null;
  return `svc needs Node.js 26 or 24 (found ${version}): install Node.js 26 from https://nodejs.org and run this again.`;
}

/** Ends the process with that sentence on stderr (exit code 1) when this Node cannot run svc. */
export function assertSupportedNode() {
  const message = unsupportedNodeMessage(process.versions.node);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}

assertSupportedNode();
