/**
 * Programmatic API of the GitHub emulator.
 *
 *   const gh = await startEmulator({ seed: 42, webhookUrl: 'http://127.0.0.1:3000/v1/codehost/webhooks' });
 *   // octokit: new App({ appId: gh.app.appId, privateKey: gh.app.privateKey, Octokit: Octokit.defaults({ baseUrl: gh.url }) })
 *   gh.control.install({ account: 'org-1' }); gh.control.requestLog(); await gh.close();
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { registerAuthorizePage } from './authorize-page.js';
import { Control, registerControl, type AppCredentials } from './control.js';
import { registerGraphql } from './graphql/register.js';
import { registerInstallFlow } from './install-flow.js';
import { registerRest } from './rest.js';
import type { SeedOptions, SeedResult } from './seed.js';
import { Emulator, type EmulatorOptions, type LatencyConfig, type LimitsConfig } from './server.js';
import type { Data } from './state.js';

export type { AppCredentials } from './control.js';
export type { SeedOptions, SeedResult } from './seed.js';
export type { Fault, FaultInput, LatencyConfig, LimitsConfig, RequestLogEntry } from './server.js';
export type { Delivery, WebhookFaults } from './webhooks.js';
export { Control } from './control.js';
export { Emulator } from './server.js';

export interface StartOptions {
  port?: number;
  host?: string;
  /** seed number or full seed options; omitted: empty world (only the app exists) */
  seed?: number | SeedOptions;
  /** where webhooks are POSTed; can be changed later with control.setWebhookUrl */
  webhookUrl?: string | null;
  /** fixed latency in ms or a { minMs, maxMs } range, applied to every REST/GraphQL request */
  latencyMs?: number | { min: number; max: number };
  limits?: Partial<LimitsConfig>;
  /** PEM private key (PKCS#1 or PKCS#8) of the app; generated when omitted */
  privateKey?: string;
  appId?: number;
  appSlug?: string;
  webhookSecret?: string;
  clientId?: string;
  clientSecret?: string;
  /** load a state saved with control.save(file) */
  loadFile?: string;
  /**
   * Keep the whole state (the app and its keys, accounts, repositories, issues, installations,
   * tokens) in this JSON file: restored at start when it exists (then `seed` is not applied), else
   * seeded and written; saved shortly after every changing request and on close.
   */
  stateFile?: string;
}

export interface RunningEmulator {
  /** base URL: REST at `${url}/`, GraphQL at `${url}/graphql`, OAuth at `${url}/login/oauth/...`, control at `${url}/_emulator/` */
  url: string;
  graphqlUrl: string;
  app: AppCredentials;
  control: Control;
  seedResult: SeedResult | null;
  /** The state came from `stateFile` (no seed was applied). */
  restored: boolean;
  emulator: Emulator;
  close(): Promise<void>;
}

/** Build an emulator without listening (routes registered). */
export function createEmulator(opts: StartOptions = {}): { emulator: Emulator; control: Control } {
  const latency: LatencyConfig = typeof opts.latencyMs === 'number' ? { fixedMs: opts.latencyMs } : opts.latencyMs ? { minMs: opts.latencyMs.min, maxMs: opts.latencyMs.max } : {};
  const eo: EmulatorOptions = {
    privateKey: opts.privateKey, appId: opts.appId, appSlug: opts.appSlug, webhookSecret: opts.webhookSecret, clientId: opts.clientId,
    clientSecret: opts.clientSecret, webhookUrl: opts.webhookUrl ?? null, latency, limits: opts.limits,
  };
  const emulator = new Emulator(eo);
  const ops = registerRest(emulator);
  registerGraphql(emulator, ops);
  const control = new Control(emulator, ops);
  registerControl(emulator, control);
  registerAuthorizePage(emulator, control);
  registerInstallFlow(emulator, control);
  return { emulator, control };
}

export async function startEmulator(opts: StartOptions = {}): Promise<RunningEmulator> {
  const saved = opts.stateFile ? readState(opts.stateFile) : null;
  // A restored emulator is the same app as before (its key, OAuth client and webhook secret), so
  // tokens minted and stored against it stay good; options given explicitly still win.
  const app = saved?.app;
  const { emulator, control } = createEmulator(app ? {
    ...opts, appId: opts.appId ?? app.id, appSlug: opts.appSlug ?? app.slug, privateKey: opts.privateKey ?? app.privateKey,
    webhookSecret: opts.webhookSecret ?? app.webhookSecret, clientId: opts.clientId ?? app.clientId, clientSecret: opts.clientSecret ?? app.clientSecret,
  } : opts);
  const url = await emulator.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  if (saved) emulator.replaceData(saved);
  else if (opts.loadFile) control.load(opts.loadFile);
  const seedResult = !saved && opts.seed !== undefined ? control.seed(opts.seed) : null;
  const persistence = opts.stateFile ? keepState(emulator, opts.stateFile) : null;
  return {
    url, graphqlUrl: `${url}/graphql`, app: control.app(), control, seedResult, restored: Boolean(saved), emulator,
    close: async () => {
      await emulator.close();
      persistence?.saveNow();
    },
  };
}

function readState(file: string): Data | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`The emulator's state file ${file} cannot be read: ${(e as Error).message}`);
  }
  try {
    const data = JSON.parse(text) as Data;
    if (!data || typeof data !== 'object' || !data.app || !Array.isArray(data.accounts)) throw new Error('not an emulator state');
    return data;
  } catch (e) {
    throw new Error(`The emulator's state file ${file} is not a saved state (${(e as Error).message}); move it away to start afresh.`);
  }
}

/** Saves the state after changes (at most every 250 ms) and on demand; written whole, then renamed. */
function keepState(emulator: Emulator, file: string) {
  let timer: NodeJS.Timeout | null = null;
  let failing = false;
  const saveNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(emulator.store.data));
      renameSync(`${file}.tmp`, file);
      failing = false;
    } catch (e) {
      // The emulator keeps serving; one line per run of failures.
      if (!failing) console.error(`emulator: could not save its state to ${file}: ${(e as Error).message}`);
      failing = true;
    }
  };
  emulator.onChange = () => {
    timer ??= setTimeout(saveNow, 250);
    timer.unref();
  };
  saveNow();
  return { saveNow };
}
export { ControlClient } from './client.js';
