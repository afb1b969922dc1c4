/** Seeding speed: 100,000 issues with 300,000 comments (target: under 30 s).  npx tsx bench/emulator-seed.ts */
import { createEmulator } from '../emulator/index.js';

const { control, emulator } = createEmulator();
const t0 = performance.now();
const r = control.seed({ seed: 1, orgs: 4, reposPerOrg: 10, issues: 100_000, comments: 300_000, users: 50 });
const ms = Math.round(performance.now() - t0);
console.log(JSON.stringify({
  bench: 'emulator seed', issues: emulator.store.data.issues.length, comments: emulator.store.data.comments.length,
  repos: r.repos.length, projects: r.projects.length, seconds: ms / 1000, underThirtySeconds: ms < 30_000,
  heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
}, null, 2));
