import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { RefusedTarget, vettedAddresses } from './address.js';

export interface TargetRules {
  httpsOnly: boolean;
  allowPrivate: boolean;
}

/** Why a URL may not be a chat webhook (scheme, credentials, host), or null; the host's addresses are checked too. */
export async function refusedUrl(raw: string, rules: TargetRules): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !rules.httpsOnly)) return rules.httpsOnly ? 'only https URLs are accepted' : 'only http and https URLs are accepted';
  if (url.username || url.password) return 'a URL with credentials in it is not accepted';
  try {
    await vettedAddresses(url.hostname, rules.allowPrivate);
  } catch (error) {
    if (error instanceof RefusedTarget) return error.message;
    throw error;
  }
  return null;
}

export interface DeliveryResult {
  ok: boolean;
  /** The answer's HTTP status; null when there was none (refused, unreachable, timed out). */
  status: number | null;
  error: string | null;
}

/**
 * Posts JSON to the URL once. The connection is pinned to addresses vetted at connect time (the
 * socket's own lookup checks every address the name resolves to), so a name that changed since it
 * was set cannot lead anywhere refused. Redirects are never followed (a 3xx is a failure); the whole
 * exchange is bounded by `timeoutMs`, and at most `maxAnswerBytes` of the answer are read.
 */
export async function postJson(raw: string, payload: unknown, rules: TargetRules & { timeoutMs: number; maxAnswerBytes: number }): Promise<DeliveryResult> {
  const refused = await refusedUrl(raw, rules).catch((error: unknown) => (error instanceof Error ? error.message : 'the address could not be checked'));
  if (refused) return { ok: false, status: null, error: `refused: ${refused}` };
  const url = new URL(raw);
  const lookup: LookupFunction = (hostname, options, callback) => {
    vettedAddresses(hostname, rules.allowPrivate).then(
      (addresses: LookupAddress[]) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!wanted.length) return callback(Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
        if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: Error) => callback(Object.assign(error, { code: (error as { code?: string }).code ?? 'ENOTFOUND' }), '', 4),
    );
  };
  const body = Buffer.from(JSON.stringify(payload));
  const client = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise<DeliveryResult>((resolve) => {
    let settled = false;
    const finish = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length, 'user-agent': 'svc-chat-webhook/1' },
        // An IP literal never reaches the lookup; it was vetted above and is the address itself.
        lookup: isIP(hostname) ? undefined : lookup,
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let read = 0;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          if (read >= rules.maxAnswerBytes) return;
          chunks.push(chunk.subarray(0, rules.maxAnswerBytes - read));
          read += chunk.length;
          if (read >= rules.maxAnswerBytes) done();
        });
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 300).replace(/\s+/g, ' ').trim();
          if (status >= 200 && status < 300) return finish({ ok: true, status, error: null });
          if (status >= 300 && status < 400) return finish({ ok: false, status, error: `redirect (${status}) not followed${answer.headers.location ? ` (to ${String(answer.headers.location).slice(0, 200)})` : ''}` });
          finish({ ok: false, status, error: `answered ${status}${text ? `: ${text}` : ''}` });
        };
        answer.on('end', done);
        answer.on('error', (error) => finish({ ok: false, status, error: error.message }));
      },
    );
    const timer = setTimeout(() => finish({ ok: false, status: null, error: `no answer within ${rules.timeoutMs / 1000} s` }), rules.timeoutMs);
    request.setTimeout(rules.timeoutMs);
    request.on('error', (error) => finish({ ok: false, status: null, error: error instanceof RefusedTarget ? `refused: ${error.message}` : error.message }));
    request.end(body);
  });
}
