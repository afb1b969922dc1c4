import { randomInt } from 'node:crypto';
import { startEmulator, type RunningEmulator, type StartOptions } from '../../emulator/index.js';
import type { CodehostConfig } from '../../src/config.js';

/** The service's code-host configuration pointing at a running emulator. */
export function codehostConfigFor(emulator: RunningEmulator): CodehostConfig {
  return {
    appId: emulator.app.appId,
    appSlug: emulator.app.slug,
    privateKey: emulator.app.privateKey,
    webhookSecret: emulator.app.webhookSecret,
    clientId: emulator.app.clientId,
    clientSecret: emulator.app.clientSecret,
    apiUrl: emulator.url,
    webUrl: emulator.url,
    timeoutMs: 5000,
  };
}

/**
 * A GitHub emulator on loopback for one test file. Test files share one database, where code-host
 * ids are unique as they are on GitHub, so each emulator numbers its objects from its own base.
 */
export async function startCodehost(options: StartOptions = {}): Promise<RunningEmulator> {
  const emulator = await startEmulator(options);
  const store = (emulator.emulator as unknown as { store: { data: { seq: number } } }).store;
  store.data.seq = 1_000_000 + randomInt(0, 2_000_000) * 1000;
  return emulator;
}
