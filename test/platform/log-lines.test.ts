import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHttpConventions } from '../../src/platform/http-conventions.js';
import { loggerOptions } from '../../src/platform/log-options.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { signUp, unique } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';

/**
 * The service's own log, as a log collector reads it (src/platform/log-options.ts): a credential
 * in a URL never reaches it, and no client can make a line as long as what it sent.
 */
const LINE_BOUND = 8 * 1024;

let t: TestApp;
let call: Call;
let written = '';

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  t = await startTestApp({ logLevel: 'info' }, { logStream });
  call = httpClient(t.url);
});

afterAll(async () => {
  await t?.close();
});

const lines = () => written.split('\n').filter(Boolean);
const entries = () => lines().map((line) => JSON.parse(line) as Record<string, unknown> & { msg?: string; reqId?: string; req?: { url?: string } });
const linesOf = (res: CallResult) => entries().filter((entry) => entry.reqId === res.headers.get('x-request-id'));
/** The sign-in library's lines (they carry no request id) that mention `text`. */
const libraryLinesAbout = (text: string) => entries().filter((entry) => entry.component === 'sign-in' && String(entry.msg).includes(text));
const secret = (what: string) => `${what}${unique('secret').replace(/-/g, '')}`;
const pad = (length: number) => 'x'.repeat(length);

/** The outbox's text of the last mail to `email` (no SMTP in tests: mail goes to the data folder). */
function lastMailTo(email: string): string {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const texts = readdirSync(outbox)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${email}\n`));
  expect(texts.length).toBeGreaterThan(0);
  return texts[texts.length - 1];
}

describe('credentials in URLs', () => {
  it('are redacted from every line: sign-in links, unsubscribe and attachment links, OAuth callbacks', async () => {
    const secrets: string[] = [];
    const get = async (pathAndQuery: (s: () => string) => string) => {
      const res = await call('GET', pathAndQuery(() => {
        const value = secret('s');
        secrets.push(value);
        return value;
      }));
      const incoming = linesOf(res).find((entry) => entry.msg === 'incoming request');
      expect(incoming?.req?.url, JSON.stringify(linesOf(res))).toContain('=[redacted]');
      return res;
    };
    expect((await get((s) => `/auth/magic-link/verify?token=${s()}`)).status).toBe(401);
    // A query parser decodes names: this is the same token.
    expect((await get((s) => `/auth/magic-link/verify?%74oken=${s()}`)).status).toBe(401);
    await get((s) => `/portal/unsubscribe?token=${s()}`);
    await get((s) => `/v1/attachments/${crypto.randomUUID()}/download?token=${s()}`);
    await get((s) => `/v1/codehost/callback?code=${s()}&state=${s()}`);
    await get((s) => `/v1/codehost/setup?installation_id=1&setup_action=install&state=${s()}`);
    await get((s) => `/auth/callback/github?code=${s()}&state=${s()}`);

    // A real sign-in link: its token in the mail's fragment, then in the exchange's query.
    const email = `${unique('logged')}@example.test`;
    expect((await call('POST', '/auth/sign-in/magic-link', { body: { email } })).status).toBe(200);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(lastMailTo(email))![1];
    secrets.push(token);
    const used = await call('GET', `/auth/magic-link/verify?token=${token}`);
    expect(used.status, used.text).toBe(200);
    secrets.push(used.body.token);

    // The sign-in library's own error line about a foreign callback.
    const person = await signUp(call);
    const callbackSecret = secret('cb');
    secrets.push(callbackSecret);
    const back = `https://evil.example/${unique('back')}`;
    const foreign = await call('POST', '/auth/sign-in/email', {
      body: { email: person.email, password: 'correct horse battery', callbackURL: `${back}?token=${callbackSecret}` },
    });
    expect(foreign.status, foreign.text).toBe(403);
    expect(libraryLinesAbout(back).map((entry) => entry.msg)).toContain(`Invalid callbackURL: ${back}?token=[redacted]`);

    const log = written;
    for (const value of secrets) expect(log, value).not.toContain(value);
  });
});

describe('what a client sends', () => {
  it('reaches a line as a bounded excerpt with its length, never whole', async () => {
    const huge = await call('POST', '/auth/sign-up/email', {
      body: { name: 'Huge', email: `${unique('huge')}@example.test`, password: 'correct horse battery', callbackURL: `https://app.svc.test/${pad(100_000)}` },
    });
    expect(huge.status, huge.text.slice(0, 300)).toBe(422);
    const image = await call('POST', '/auth/sign-up/email', {
      body: { name: 'Huge', email: `${unique('huge')}@example.test`, password: 'correct horse battery', image: `https://img.example/${pad(100_000)}` },
    });
    expect(image.status, image.text.slice(0, 300)).toBe(422);
    // A long query (as long as the header limit lets a URL be).
    const longUrl = await call('GET', `/auth/magic-link/verify?token=${secret('t')}&padding=${pad(12_000)}`);
    expect(linesOf(longUrl).find((entry) => entry.msg === 'incoming request')?.req?.url).toMatch(/… \[\d+ characters\]$/);
    // The library logs a refused callback whole (an error line): within the bound it takes, the
    // line keeps an excerpt.
    const person = await signUp(call);
    const back = `https://evil.example/${unique('back')}`;
    const foreign = await call('POST', '/auth/sign-in/email', {
      body: { email: person.email, password: 'correct horse battery', callbackURL: `${back}/${pad(2000)}` },
    });
    expect(foreign.status, foreign.text).toBe(403);
    const refused = libraryLinesAbout(back).find((entry) => String(entry.msg).startsWith('Invalid callbackURL'));
    expect(refused?.msg).toMatch(/… \[\d+ characters\]$/);

    for (const line of lines()) expect(line.length, line.slice(0, 300)).toBeLessThanOrEqual(LINE_BOUND);
    expect(written).not.toContain(pad(2000));
  });
});

describe('an error line', () => {
  it("keeps an error's message, fields and cause bounded and without their credentials", async () => {
    // The service's error handler and log set-up on an app whose one route fails as a code-host
    // call can: its message names the URL it called, its fields the request it made.
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', stream) });
    installHttpConventions(app);
    const secrets = [secret('code'), secret('state'), secret('auth'), secret('client')];
    app.get('/fails', async () => {
      const request = { url: `https://codehost.example/login/oauth/access_token?state=${secrets[1]}`, headers: { authorization: `token ${secrets[2]}` }, body: { client_secret: secrets[3] } };
      const cause = Object.assign(new Error('the code host did not answer'), { request });
      throw new Error(`POST https://codehost.example/login/oauth/access_token?code=${secrets[0]} failed: ${pad(100_000)}`, { cause });
    });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const res = await fetch(`${address}/fails`);
      expect(res.status).toBe(500);
    } finally {
      await app.close();
    }
    const failed = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'request failed');
    expect(failed.err.message).toMatch(/^POST https:\/\/codehost\.example\/login\/oauth\/access_token\?code=\[redacted\] failed: x+… \[\d+ characters\]$/);
    expect(failed.err.cause.request.url).toBe('https://codehost.example/login/oauth/access_token?state=[redacted]');
    for (const line of log.split('\n')) expect(line.length).toBeLessThanOrEqual(LINE_BOUND);
    for (const value of secrets) expect(log, value).not.toContain(value);
  });
});
