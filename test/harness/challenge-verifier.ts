import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One siteverify call as the verifier received it. */
export interface ChallengeCall {
  method: string;
  contentType: string;
  /** The form fields of the body (`secret`, `response`, `remoteip`, ...). */
  fields: Record<string, string>;
}

/**
 * A local server speaking Turnstile's siteverify protocol (POST form `secret`, `response`,
 * `remoteip`; answer `{ success, hostname, 'error-codes' }`). It answers by the token:
 * `pass` verifies on app.svc.test, `other-site` verifies on evil.example, `fail` (and any other
 * token) does not verify, `pass-on:<hostname>` verifies on that hostname (a portal's host, say),
 * `reused` does not verify although it names our hostname (an expired
 * or already redeemed token). Two more misbehave like a provider in trouble: `hang` never answers
 * (until `close()`), `broken` answers HTTP 500 with a non-JSON body.
 */
export async function startChallengeVerifier() {
  const calls: ChallengeCall[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? '', contentType: String(req.headers['content-type'] ?? ''), fields });
      if (fields.response === 'hang') return;
      if (fields.response === 'broken') {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<h1>Internal Server Error</h1>');
        return;
      }
      const answer =
        req.method !== 'POST'
          ? { success: false, 'error-codes': ['bad-request'] }
          : fields.response === 'pass'
            ? { success: true, hostname: 'app.svc.test', 'error-codes': [] }
            : fields.response?.startsWith('pass-on:')
              ? { success: true, hostname: fields.response.slice('pass-on:'.length), 'error-codes': [] }
            : fields.response === 'other-site'
              ? { success: true, hostname: 'evil.example', 'error-codes': [] }
              : fields.response === 'reused'
                ? { success: false, hostname: 'app.svc.test', 'error-codes': ['timeout-or-duplicate'] }
                : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    }, () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    /** Calls whose `response` field was `token`. */
    callsFor: (token: string) => calls.filter((c) => c.fields.response === token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ChallengeVerifierServer = Awaited<ReturnType<typeof startChallengeVerifier>>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A loopback URL nothing listens on: bind a port, then release it. */
export async function unusedLoopbackUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/turnstile/v0/siteverify`;
}
