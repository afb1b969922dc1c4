import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPortal } from '../../src/demo-portal.js';
import { demoPortalReady, freePort, spawnStandalone, type StandaloneProcess } from '../harness/demo-process.js';
import { hostClient } from '../harness/http.js';
import { runBash, walkThrough, walkThroughScript } from '../harness/readme-walk-through.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-readme-'));
let service: StandaloneProcess | null = null;
afterAll(async () => {
  if (service) {
    service.child.kill('SIGTERM');
    await service.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the README's walk-through", () => {
  it('reaches synced issues, writes an edit through to the emulator, signs in with a link; a restart keeps it all', async () => {
    const blocks = walkThrough();
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const ports = { PORT: await freePort(), EMULATOR_PORT: await freePort(), EMBEDDED_PG_PORT: await freePort() };
    const env = { DATA_DIR: dataDir, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) };
    service = spawnStandalone(env);
    await service.ready;

    // Run by bash as a newcomer would; only the addresses change: ports and the data folder are this test's own.
    const script = walkThroughScript([...blocks, 'printf "\\nWALKTHROUGH %s %s\\n" "$TOKEN" "$KEY"'], { port: ports.PORT, emulatorPort: ports.EMULATOR_PORT, dataDir });
    const run = await runBash(script, process.cwd(), 120_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stderr).toBe("");
    // The emulator's page of the edited issue shows the new title.
    expect(run.stdout).toMatch(/^Edited through svc$/m);
    const [, token, key] = /WALKTHROUGH (\S+) (\S+)/.exec(run.stdout)!;
    const base = `http://localhost:${ports.PORT}`;
    const get = async (url: string, credential: string) => {
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${credential}` } });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const me = await get('/v1/me', token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('ada@example.com');
    const edited = (await get('/v1/issues?limit=100&q=Edited', key)).body.data.filter((i: { title: string }) => i.title === 'Edited through svc');
    expect(edited).toHaveLength(1);
    // The portal block: a customer's request became an issue on the emulator.
    expect(run.stdout).toMatch(/^ACME-1 Open http:\/\/\S+\/issues\/\d+$/m);
    const before = await get('/v1/issues?limit=100', key);

    // Demo mode's own portal, made in the background through the API: a customer sees her two
    // requests (not another customer's held one), the team's public answer and not its internal note.
    const seeded = await demoPortalReady(service);
    expect(seeded).toBe(`http://demo.portal.localhost:${ports.PORT}/`);
    const site = hostClient(`http://127.0.0.1:${ports.PORT}`, `demo.portal.localhost:${ports.PORT}`);
    expect((await site('GET', '/portal')).body).toMatchObject({ name: 'Demo Co help', access: 'open' });
    const grace = await site('POST', '/portal/auth/sign-in/email', { body: { email: demoPortal.customers[0].email, password: demoPortal.customers[0].password } });
    expect(grace.status, grace.text).toBe(200);
    const asGrace = { token: grace.headers.get('set-auth-token')! };
    const mine = await site('GET', '/portal/requests?limit=100', asGrace);
    expect(mine.body.data.map((r: { title: string }) => r.title).sort()).toEqual(['Export stops at 1,000 rows', 'Export to spreadsheet']);
    const conversation = await site('GET', '/portal/requests/DEMO-1/comments', asGrace);
    expect(conversation.body.data.map((c: { body: string; author: { kind: string } }) => [c.author.kind, c.body])).toEqual([['team', 'Thanks, Grace: we can see it too, and a fix is on its way.']]);
    const website = await site('GET', '/');
    expect(website.status).toBe(200);
    expect(website.headers.get('content-type')).toContain('text/html');
    const teamRequests = async () => {
      const team = await fetch(`${base}/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: demoPortal.team.email, password: demoPortal.team.password }) });
      const teamToken = team.headers.get('set-auth-token')!;
      const portals = (await get('/v1/portals', teamToken)).body.data as Array<{ id: string; slug: string }>;
      expect(portals.map((p) => p.slug)).toEqual(['demo']);
      const requests = (await get(`/v1/portals/${portals[0].id}/requests?limit=100`, teamToken)).body.data as Array<{ title: string; held: boolean }>;
      return requests.map((r) => `${r.title}${r.held ? ' (held)' : ''}`).sort();
    };
    const seededRequests = await teamRequests();
    expect(seededRequests).toEqual(['Dark mode (held)', 'Export stops at 1,000 rows', 'Export to spreadsheet']);

    // Ctrl-C, and `npm start` again on the same data folder.
    service.child.kill('SIGINT');
    expect((await service.exited).code).toBe(0);
    service = spawnStandalone(env);
    await service.ready;
    expect((await get('/v1/me', token)).status).toBe(200);
    expect((await get('/v1/issues?limit=100', key)).body).toEqual(before.body);
    // The demo portal is made once: a restart finds it and makes nothing more.
    expect(await teamRequests()).toEqual(seededRequests);
    expect(service.stdout.some((line) => line.includes('demo portal ready'))).toBe(false);
    // The emulator is the same GitHub as before: the linked account's token still works, and the
    // app's installation still accepts writes.
    const available = await get('/v1/codehost/installations/available', token);
    expect(available.status, JSON.stringify(available.body)).toBe(200);
    expect(available.body.data[0].connection).toBe('this_workspace');
    const again = await fetch(`${base}/v1/issues/${edited[0].id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Edited after a restart' }),
    });
    expect(again.status).toBe(200);
    const page = await (await fetch(((await again.json()) as { htmlUrl: string }).htmlUrl)).text();
    expect(page).toContain('Edited after a restart');
  }, 240_000);
});
