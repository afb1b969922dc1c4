import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhooks } from '@octokit/webhooks';
import { App, Octokit } from 'octokit';
import { startEmulator, type RunningEmulator, type StartOptions } from '../../emulator/index.js';
import { attachValidators, type Violation } from '../../emulator/openapi.js';

export interface Received { event: string; delivery: string; signature: string; verified: boolean; headers: http.IncomingHttpHeaders; body: any }

/** A webhook receiver on an ephemeral port that verifies signatures with the app's secret. */
export async function startReceiver(secret: () => string, status = 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const sig = String(req.headers['x-hub-signature-256'] ?? '');
      const ok = await new Webhooks({ secret: secret() }).verify(raw, sig).catch(() => false);
      received.push({ event: String(req.headers['x-github-event']), delivery: String(req.headers['x-github-delivery']), signature: sig, verified: ok, headers: req.headers, body: JSON.parse(raw) });
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

export const QuietOctokit = Octokit.defaults({ throttle: { enabled: false }, retry: { enabled: false }, log: { debug() {}, info() {}, warn() {}, error() {} } });

export interface World {
  gh: RunningEmulator;
  violations: Violation[];
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  app: App;
  close(): Promise<void>;
}

/** Emulator + validators + webhook receiver + octokit App pointed at it. */
export async function world(opts: StartOptions = {}): Promise<World> {
  let secret = '';
  const receiver = await startReceiver(() => secret);
  const gh = await startEmulator({ ...opts, webhookUrl: receiver.url });
  secret = gh.app.webhookSecret;
  const violations = attachValidators(gh.emulator);
  const app = new App({ appId: gh.app.appId, privateKey: gh.app.privateKey, Octokit: QuietOctokit.defaults({ baseUrl: gh.url }) });
  return { gh, violations, receiver, app, close: async () => { await gh.close(); await receiver.close(); } };
}

export function userOctokit(gh: RunningEmulator, login: string) {
  const { token } = gh.control.userToken(login);
  return new QuietOctokit({ auth: token, baseUrl: gh.url });
}
