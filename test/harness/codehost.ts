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

/** A GitHub emulator on loopback for one test file. */
export const startCodehost = (options: StartOptions = {}) => startEmulator(options);
