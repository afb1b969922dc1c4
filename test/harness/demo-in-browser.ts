import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort, spawnStandalone, type StandaloneProcess } from './demo-process.js';
import { copyDemoTemplate } from './demo-template.js';

/** `npm start` in demo mode on a data folder of its own and free ports, with Chromium to drive it. */
export interface DemoInBrowser {
  /** The address people open (`localhost`, which the service's cookies and links are made for). */
  base: string;
  ports: { port: number; emulatorPort: number };
  dataDir: string;
  service: StandaloneProcess;
  browser: Browser;
  /**
   * Stops the service as Ctrl-C does and starts it again on the same data folder and ports (what a
   * restart keeps: docs/operations.md); `whileDown` runs between the two.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Closes the browser, stops the service (and its PostgreSQL) and removes the data folder. */
  close(): Promise<void>;
}

/**
 * `npm start` (the compiled service, as the README runs it) on a copy of a first run's data folder
 * (demo-template.ts: the demo portal made), or with `firstRun` on an empty one, as a newcomer's.
 * `extraEnv` sets more of the service's configuration (for example a shorter collapse window for e-mail).
 */
export async function startDemoInBrowser(dataDirPrefix: string, extraEnv: Record<string, string> = {}, options: { firstRun?: boolean } = {}): Promise<DemoInBrowser> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  if (!options.firstRun) await copyDemoTemplate(dataDir);
  const ports = { port: await freePort(), emulatorPort: await freePort() };
  const env = { DATA_DIR: dataDir, PORT: String(ports.port), EMULATOR_PORT: String(ports.emulatorPort), EMBEDDED_PG_PORT: String(await freePort()), ...extraEnv };
  const start = () => spawnStandalone(env, undefined, { compiled: true });
  const service = start();
  await service.ready;
  // Without a browser the service would be left running with nobody to stop it.
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] }).catch(async (error: unknown) => {
    service.child.kill('SIGTERM');
    await service.exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const demo: DemoInBrowser = {
    base: `http://localhost:${ports.port}`,
    ports,
    dataDir,
    service,
    browser,
    async restart(whileDown) {
      demo.service.child.kill('SIGTERM');
      await demo.service.exited;
      await whileDown?.();
      demo.service = start();
      await demo.service.ready;
    },
    async close() {
      await browser.close();
      demo.service.child.kill('SIGTERM');
      await demo.service.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return demo;
}
