/** Standalone emulator: `tsx emulator/main.ts [--port N] [--seed N] [--webhook-url URL] [--load FILE] [--state FILE]`. */
import { startEmulator } from './index.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

const port = Number(arg('port') ?? process.env.EMULATOR_PORT ?? 0);
const seedArg = arg('seed') ?? process.env.EMULATOR_SEED;
// full seed options as JSON, e.g. EMULATOR_SEED_OPTIONS='{"seed":1,"issues":20000,"comments":60000}'
const seedJson = arg('seed-options') ?? process.env.EMULATOR_SEED_OPTIONS;
// rate limits other than GitHub's defaults as JSON, e.g. EMULATOR_LIMITS='{"restLimit":1000000}'
const limitsJson = arg('limits') ?? process.env.EMULATOR_LIMITS;
const gh = await startEmulator({
  ...(limitsJson ? { limits: JSON.parse(limitsJson) } : {}),
  port, host: arg('host') ?? process.env.EMULATOR_HOST ?? '127.0.0.1', seed: seedJson ? JSON.parse(seedJson) : seedArg !== undefined ? Number(seedArg) : undefined,
  webhookUrl: arg('webhook-url') ?? process.env.EMULATOR_WEBHOOK_URL ?? null, loadFile: arg('load'), stateFile: arg('state') ?? process.env.EMULATOR_STATE,
});
const out = { url: gh.url, graphqlUrl: gh.graphqlUrl, webhookUrl: gh.emulator.store.data.app.webhookUrl, app: gh.app, seed: gh.seedResult };
console.log(JSON.stringify(out, null, 2));
const stop = async () => { await gh.close(); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
