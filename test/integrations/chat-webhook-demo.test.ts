import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { freePort, spawnStandalone, type StandaloneProcess } from '../harness/demo-process.js';

const aGitHubApp = {
  CODEHOST_APP_ID: '1',
  CODEHOST_APP_SLUG: 'svc',
  CODEHOST_PRIVATE_KEY: 'key',
  CODEHOST_WEBHOOK_SECRET: 'secret',
  CODEHOST_CLIENT_ID: 'client',
  CODEHOST_CLIENT_SECRET: 'client-secret',
};

describe('CHAT_WEBHOOK_ALLOW_PRIVATE: on by default in demo mode, and a value the operator sets wins', () => {
  it.each([
    ['demo mode, unset', {}, true],
    ['demo mode, set false', { CHAT_WEBHOOK_ALLOW_PRIVATE: 'false' }, false],
    ['demo mode, set true', { CHAT_WEBHOOK_ALLOW_PRIVATE: 'true' }, true],
    ['a GitHub App, unset', aGitHubApp, false],
    ['a GitHub App, set true', { ...aGitHubApp, CHAT_WEBHOOK_ALLOW_PRIVATE: 'true' }, true],
  ])('%s', (_, env: Record<string, string>, allowed) => {
    expect(loadConfig({ NODE_ENV: 'test', ...env }).chatWebhook.allowPrivate).toBe(allowed);
  });

  let demo: StandaloneProcess | undefined;
  afterAll(async () => {
    if (demo && demo.child.exitCode === null && demo.child.signalCode === null) {
      demo.child.kill('SIGTERM');
      await demo.exited;
    }
  });

  it('a demo service started with it false refuses a chat webhook on a loopback address', async () => {
    const port = await freePort();
    demo = spawnStandalone({
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: mkdtempSync(path.join(inject('tempRoot'), 'svc-demo-chat-')),
      PORT: String(port),
      EMULATOR_PORT: String(await freePort()),
      DEMO_PORTAL: 'false',
      WORKER_SCHEMA: `jobs_demo_chat_${Math.random().toString(36).slice(2, 8)}`,
      CHAT_WEBHOOK_ALLOW_PRIVATE: 'false',
    });
    await demo.ready;
    const base = `http://127.0.0.1:${port}`;
    const signUp = await fetch(`${base}/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(200);
    const authorization = `Bearer ${signUp.headers.get('set-auth-token')}`;
    const workspace = await fetch(`${base}/v1/workspaces`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Acme', slug: 'acme-demo-chat' }),
    });
    expect(workspace.status).toBe(201);
    const hook = await fetch(`${base}/v1/integrations/chat-webhook`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${await freePort()}/hook`, events: [] }),
    });
    const answer = (await hook.json()) as { error: { code: string; message: string; detail?: { reason?: string } } };
    expect(hook.status, JSON.stringify(answer)).toBe(422);
    expect(answer.error.detail?.reason).toBe('url_refused');
    expect(answer.error.message).toMatch(/loopback or private/);
  }, 120_000);
});
