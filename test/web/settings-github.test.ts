import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { emulatorControl } from '../harness/in-page.js';
import { colleagueIn, mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/**
 * The GitHub settings page in Chromium on demo mode, with changes made on the emulator as GitHub
 * would make them: the connection and its last webhook, "Sync now", a repository the installation
 * loses, a suspended installation, and what a viewer sees.
 */
let demo: DemoInBrowser;
let w: MirroredWorkspace;
let installationId: number;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-github-', { DEMO_PORTAL: '0' });
  w = await mirroredWorkspace(demo, 'Hubbers');
  installationId = await w.page.evaluate(async (workspaceId) => ((await (await fetch('/v1/codehost/installation', { headers: { 'x-workspace-id': workspaceId } })).json()) as { installationId: number; lastWebhookAt: string | null }).installationId as number, w.workspaceId);
}, 180_000);

afterAll(() => demo?.close());

const emulator = (method: string, route: string, body?: unknown) => emulatorControl(demo.ports.emulatorPort, method, route, body);

describe('the GitHub page', () => {
  it('shows the connection with the last webhook, and Sync now reads GitHub again', async () => {
    const { page } = w;
    const before = Date.now();
    const [owner, name] = w.repository.split('/');
    const edited = await fetch(`http://127.0.0.1:${demo.ports.emulatorPort}/_emulator/act`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'alice', method: 'PATCH', path: `/repos/${owner}/${name}/issues/1`, body: { title: 'Touched on GitHub' } }),
    });
    expect(((await edited.json()) as { status: number }).status).toBeLessThan(300);
    await expect
      .poll(async () => Date.parse((await page.evaluate(async (workspaceId) => ((await (await fetch('/v1/codehost/installation', { headers: { 'x-workspace-id': workspaceId } })).json()) as { installationId: number; lastWebhookAt: string | null }).lastWebhookAt, w.workspaceId)) ?? '0'), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before - 1000);

    await page.goto(`${demo.base}/settings/codehost`);
    const facts = page.locator('.facts');
    await expect.poll(() => facts.textContent(), { timeout: 30_000 }).toContain(`installation ${installationId}`);
    expect(await facts.textContent()).toContain('org-1 (an organisation)');
    expect(await page.locator('.last-webhook').textContent()).not.toContain('none received yet');
    expect(await page.locator('li', { hasText: w.repository }).locator('.last-read').textContent()).toContain('last read in full');

    expect(await page.locator('.permissions').textContent()).toContain('issues: write');
    expect(await page.getByRole('alert').filter({ hasText: 'lacks what svc needs' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.locator('.toast').first().textContent()).toMatch(/Reading GitHub again: \d+ jobs? under way/);
    await expectAccessible(page, 'GitHub page, connected');
  }, 90_000);

  it('lists a repository the installation lost under "No longer reachable", and says a suspension with what to do', async () => {
    const { page } = w;
    const repos = await page.evaluate(async (workspaceId) => ((await (await fetch('/v1/codehost/repositories?limit=100', { headers: { 'x-workspace-id': workspaceId } })).json()) as { data: unknown }).data as Array<{ fullName: string; removed: boolean }>, w.workspaceId);
    const lost = repos.find((r) => r.fullName !== w.repository && !r.removed)!.fullName;
    await emulator('POST', `/installations/${installationId}/repositories`, { remove: [lost] });

    await page.goto(`${demo.base}/settings/codehost`);
    const unreachable = page.getByRole('list', { name: 'Repositories no longer reachable' });
    await expect.poll(() => unreachable.textContent(), { timeout: 15_000 }).toContain(lost);
    expect(await page.getByRole('list', { name: 'Repositories', exact: true }).textContent()).not.toContain(lost);

    await emulator('POST', `/installations/${installationId}/suspend`, {});
    await expect
      .poll(async () => {
        await page.reload();
        // The notice and the facts come with the same answer.
        await page.locator('.facts').waitFor();
        return page.getByRole('alert').filter({ hasText: 'The app is suspended on org-1' }).count();
      }, { timeout: 15_000 })
      .toBe(1);
    await expectAccessible(page, 'GitHub page, suspended');
    await emulator('POST', `/installations/${installationId}/unsuspend`, {});
    await expect
      .poll(async () => {
        await page.reload();
        await page.locator('.facts').waitFor();
        return page.getByRole('alert').filter({ hasText: 'The app is suspended' }).count();
      }, { timeout: 15_000 })
      .toBe(0);
  }, 90_000);

  it('names the permissions an installation lacks, with what each is for, once GitHub says them', async () => {
    const { page } = w;
    const everything = { issues: 'write', metadata: 'read', organization_projects: 'write', repository_projects: 'write', members: 'read', email_addresses: 'read', pull_requests: 'read' };
    await emulator('PUT', `/installations/${installationId}/permissions`, { permissions: { ...everything, issues: 'read' } });
    const lacking = page.getByRole('alert').filter({ hasText: 'lacks what svc needs' });
    await expect
      .poll(async () => {
        await page.goto(`${demo.base}/settings/codehost`);
        await page.locator('.facts').waitFor();
        return lacking.count();
      }, { timeout: 15_000 })
      .toBe(1);
    expect(await lacking.textContent()).toContain('issues (write): to mirror issues');
    expect(await page.locator('.permissions').textContent()).toContain('issues: read');
    await emulator('PUT', `/installations/${installationId}/permissions`, { permissions: everything });
    await expect
      .poll(async () => {
        await page.reload();
        await page.locator('.facts').waitFor();
        return lacking.count();
      }, { timeout: 15_000 })
      .toBe(0);
  }, 90_000);

  it('shows a viewer the connection and the repositories, without the controls', async () => {
    const viewer = await colleagueIn(demo, w, 'viewer');
    const { page } = viewer;
    await page.goto(`${demo.base}/settings/codehost`);
    await expect.poll(() => page.locator('.facts').textContent(), { timeout: 30_000 }).toContain('org-1');
    await expect.poll(() => page.getByRole('list', { name: 'Repositories', exact: true }).textContent()).toContain(w.repository);
    expect(await page.getByRole('button', { name: /^(Sync now|Mirror|Stop mirroring)/ }).count()).toBe(0);
    expect(await page.getByRole('main').textContent()).toContain('Only admins and owners choose which repositories are mirrored.');
    await expectAccessible(page, 'GitHub page as a viewer');
  }, 90_000);
});
