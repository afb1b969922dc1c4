/**
 * Programmatic API of the GitHub emulator.
 *
 *   const gh = await startEmulator({ seed: 42, webhookUrl: 'http://127.0.0.1:3000/webhooks/github' });
 *   // octokit: new App({ appId: gh.app.appId, privateKey: gh.app.privateKey, Octokit: Octokit.defaults({ baseUrl: gh.url }) })
 *   gh.control.install({ account: 'org-1' }); gh.control.requestLog(); await gh.close();
 */
import { Control, registerControl, type AppCredentials } from './control.js';
import { registerGraphql } from './graphql/index.js';
import { registerRest } from './rest.js';
import type { SeedOptions, SeedResult } from './seed.js';
import { Emulator, type EmulatorOptions, type LatencyConfig, type LimitsConfig } from './server.js';

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
}

export interface RunningEmulator {
  /** base URL: REST at `${url}/`, GraphQL at `${url}/graphql`, OAuth at `${url}/login/oauth/...`, control at `${url}/_emulator/` */
  url: string;
  graphqlUrl: string;
  app: AppCredentials;
  control: Control;
  seedResult: SeedResult | null;
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
  return { emulator, control };
}

export async function startEmulator(opts: StartOptions = {}): Promise<RunningEmulator> {
  const { emulator, control } = createEmulator(opts);
  const url = await emulator.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  if (opts.loadFile) control.load(opts.loadFile);
  const seedResult = opts.seed !== undefined ? control.seed(opts.seed) : null;
  return {
    url, graphqlUrl: `${url}/graphql`, app: control.app(), control, seedResult, emulator,
    close: () => emulator.close(),
  };
}
export { ControlClient } from './client.js';
