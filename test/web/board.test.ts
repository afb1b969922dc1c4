import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/**
 * The board in Chromium on demo mode: the seeded org-1 project "Roadmap 1" as columns of Status,
 * a card moved by drag and by keyboard (each checked through the API), and a move GitHub refuses.
 */
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-board-');
  w = await mirroredWorkspace(demo, 'Boarders');
}, 180_000);

afterAll(() => demo?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(path: string): Promise<any> {
  return w.page.evaluate(
    async ({ path, workspaceId }) => (await fetch(path, { headers: { 'x-workspace-id': workspaceId } })).json(),
    { path, workspaceId: w.workspaceId },
  );
}

/** The Status option name of the card titled `title`, read through the API. */
async function statusOf(title: string): Promise<string | null> {
  const projects = await api('/v1/projects?limit=100');
  const roadmap = projects.data.find((p: { title: string }) => p.title === 'Roadmap 1');
  const project = await api(`/v1/projects/${roadmap.id}`);
  const status = project.fields.find((f: { name: string }) => f.name === 'Status');
  let cursor = '';
  for (;;) {
    const page = await api(`/v1/projects/${roadmap.id}/items?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const card = page.data.find((i: { content: { title: string | null } }) => i.content.title === title);
    if (card) return card.fieldValues[status.nodeId]?.name ?? null;
    if (!page.nextCursor) throw new Error(`no card ${title}`);
    cursor = page.nextCursor;
  }
}

const column = (name: string) => w.page.locator('section.board-column', { has: w.page.locator('h2', { hasText: new RegExp(`^${name}\\b`) }) });

describe('the board', () => {
  it('shows a project as columns of its Status, every card in its column', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/w/${w.slug}/board`);
    await expect.poll(() => page.getByLabel('Project').locator('option:checked').textContent(), { timeout: 30_000 }).toBe('Roadmap 1');
    expect(await page.getByLabel('Columns by').locator('option:checked').textContent()).toBe('Status');
    await expect.poll(() => page.locator('.board-column h2').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Todo/), expect.stringMatching(/^In Progress/), expect.stringMatching(/^Done/), expect.stringMatching(/^No Status/)]));
    await expect.poll(() => page.locator('.board-card').count()).toBeGreaterThan(2);
    await expectAccessible(page, 'board');
  }, 60_000);

  it('moves a card to another column by drag, and GitHub holds the new value', async () => {
    const { page } = w;
    const from = (await column('Todo').locator('.board-card').count()) > 0 ? 'Todo' : 'No Status';
    const card = column(from).locator('.board-card').first();
    const title = (await card.locator('.board-card-title').textContent())!;
    await card.dragTo(column('Done'));
    await expect.poll(() => column('Done').locator('.board-card', { hasText: title }).count()).toBe(1);
    await expect.poll(() => column('Done').locator('.board-card.pending').count()).toBe(0);
    expect(await statusOf(title)).toBe('Done');
  }, 60_000);

  it('moves a card by keyboard: Space picks it up, the arrows choose the column, Space drops it', async () => {
    const { page } = w;
    const card = column('Done').locator('.board-card').first();
    const title = (await card.locator('.board-card-title').textContent())!;
    await card.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => card.getAttribute('aria-label')).toContain('picked up: drop in Done');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('.board-card.lifted').getAttribute('aria-label')).toContain('drop in In Progress');
    await page.keyboard.press('Space');
    await expect.poll(() => column('In Progress').locator('.board-card', { hasText: title }).count()).toBe(1);
    await expect.poll(() => statusOf(title)).toBe('In Progress');
    // Escape puts a picked-up card back where it was.
    const again = column('In Progress').locator('.board-card', { hasText: title });
    await again.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    expect(await column('In Progress').locator('.board-card', { hasText: title }).count()).toBe(1);
    expect(await statusOf(title)).toBe('In Progress');
  }, 60_000);

  it('puts the card back and says why when GitHub refuses the move', async () => {
    const { page } = w;
    const card = column('In Progress').locator('.board-card').first();
    const title = (await card.locator('.board-card-title').textContent())!;
    const fault = await fetch(`http://127.0.0.1:${demo.ports.emulatorPort}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '/graphql', status: 502, body: { message: 'Server Error' }, count: 1 }),
    });
    expect(fault.ok).toBe(true);
    await card.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(`${title} stays where it was`);
    expect(await column('In Progress').locator('.board-card', { hasText: title }).count()).toBe(1);
    expect(await statusOf(title)).toBe('In Progress');
  }, 60_000);

  it("follows GitHub without a reload: a draft's card added there, and a new project once mirrored", async () => {
    const { page } = w;
    const control = async (route: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${demo.ports.emulatorPort}/_emulator${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.ok, await res.clone().text()).toBe(true);
      return res.json() as Promise<{ number: number }>;
    };
    await page.goto(`${demo.base}/w/${w.slug}/board`);
    await expect.poll(() => page.locator('.board-card').count(), { timeout: 30_000 }).toBeGreaterThan(2);
    const roadmap = (await api('/v1/projects?limit=100')).data.find((p: { title: string }) => p.title === 'Roadmap 1');

    // A draft is nobody's issue: only the project's own notice brings its card.
    await control(`/projects/org-1/${roadmap.number}/items`, { draftTitle: 'Drafted on GitHub', login: 'alice' });
    await expect.poll(() => page.locator('.board-card', { hasText: 'Drafted on GitHub' }).count(), { timeout: 15_000 }).toBe(1);

    // A project made on GitHub reaches the picker when the projects are walked again.
    await control('/projects', { owner: 'org-1', title: 'Made while looking', creator: 'alice' });
    const synced = await page.evaluate(async (workspaceId) => (await fetch('/v1/codehost/sync', { method: 'POST', headers: { 'x-workspace-id': workspaceId } })).status, w.workspaceId);
    expect(synced).toBe(202);
    await expect.poll(() => page.getByLabel('Project').locator('option').allTextContents(), { timeout: 30_000 }).toContain('Made while looking');
  }, 90_000);

  it('filters the issue list by project and by a value of its field, in the address', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/w/${w.slug}/issues?state=all`);
    await page.getByLabel('Project').selectOption({ label: 'Roadmap 1' });
    await page.waitForURL(/[?&]project=/);
    const projectId = new URL(page.url()).searchParams.get('project')!;
    await page.getByLabel('Project field').selectOption({ label: 'Status: In Progress' });
    await page.waitForURL(/field%3A/);
    const url = new URL(page.url());
    const fieldParam = [...url.searchParams.keys()].find((k) => k.startsWith('field:'))!;
    expect(url.searchParams.get(fieldParam)).toBe('In Progress');
    const expected = await api(`/v1/issues?state=all&limit=50&project=${projectId}&${encodeURIComponent(fieldParam)}=${encodeURIComponent('In Progress')}`);
    await expect.poll(() => page.locator('.issue-row').count()).toBe(expected.data.length);
    if (expected.data.length === 0) expect(await page.locator('.empty').textContent()).toBe('No issue matches these filters.');
    await expectAccessible(page, 'issue list filtered by a project field');
  }, 60_000);
});
