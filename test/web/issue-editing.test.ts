import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { mirroredWorkspace } from '../harness/workspace-in-browser.js';
import { apiFromPage, emulatorControl } from '../harness/in-page.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any, window: any, getComputedStyle: any;

/**
 * Editing in the workspace application (workspace-web/), in Chromium against `npm start` in demo
 * mode: an issue's title, description, labels, assignees, milestone and project fields, each
 * written to GitHub (the emulator) and checked in the page and through the API; a refusal said in
 * words with the stored value kept; one's own comments edited and deleted, nobody else's; and new
 * issues made with `c` and with the button. Done by keyboard where a person would, with the focus
 * visible.
 */
let demo: DemoInBrowser;
let base: string;
let browser: Browser;
let context: BrowserContext;
const owner = { email: '', slug: '', workspaceId: '' };
let repository: { id: string; fullName: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const api = (page: Page, method: string, url: string, body?: unknown) => apiFromPage(page, owner.workspaceId, method, url, body);
const issueOf = async (page: Page, id: string) => (await api(page, 'GET', `/v1/issues/${id}`)).body;

const emulator = (method: string, route: string, body?: unknown) => emulatorControl(demo.ports.emulatorPort, method, route, body);
/** The next issue edit GitHub receives waits a moment first, so the page is seen while it is in flight. */
const slowNextIssueEdit = () => emulator('POST', '/faults', { method: 'PATCH', path: '^/repos/[^/]+/[^/]+/issues/\\d+$', delayMs: 1500, count: 1 });

/** The focused element shows that it is: it matches :focus-visible and has an outline. */
async function expectVisibleFocus(page: Page, what: string) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    return { tag: element.tagName, name: element.getAttribute('aria-label') ?? element.textContent, visible: element.matches(':focus-visible'), outline: style.outlineStyle, width: style.outlineWidth };
  });
  expect(focus.tag, what).not.toBe('BODY');
  expect(focus.visible, `${what}: ${JSON.stringify(focus)}`).toBe(true);
  expect(focus.outline, what).not.toBe('none');
  expect(focus.width, what).not.toBe('0px');
}
const focusedName = (page: Page) => page.evaluate(() => document.activeElement.getAttribute('aria-label') ?? document.activeElement.textContent);

/** Script errors of the pages a test opened: none is allowed. */
let pageErrors: string[] = [];
afterEach(() => {
  const errors = pageErrors;
  pageErrors = [];
  expect(errors).toEqual([]);
});

/** A page of the owner's, on the workspace's issue list. */
async function fresh(): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/w/${owner.slug}/issues`);
  return page;
}
const issuePath = (id: string) => `${base}/w/${owner.slug}/issues/${id}`;
async function openIssue(page: Page, id: string) {
  await page.goto(issuePath(id));
  await page.locator('.issue-page').waitFor();
}
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const alertWith = (page: Page | Locator, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Open issues of the mirrored repository, lowest number first. */
async function openIssues(page: Page): Promise<Json[]> {
  const list = await api(page, 'GET', `/v1/issues?repository=${repository.id}&state=open&sort=number&limit=100`);
  expect(list.status).toBe(200);
  return list.body.data;
}

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-edit-');
  ({ base, browser } = demo);
  // A new account, its workspace, GitHub linked as alice, org-1 connected and one repository mirrored.
  const mirrored = await mirroredWorkspace(demo, 'Ada');
  ({ context } = mirrored);
  Object.assign(owner, { email: mirrored.email, slug: mirrored.slug, workspaceId: mirrored.workspaceId });
  const page = mirrored.page;
  const repositories = await api(page, 'GET', '/v1/codehost/repositories?limit=100');
  repository = repositories.body.data.find((r: { fullName: string }) => r.fullName === mirrored.repository);
  await page.close();
}, 180_000);

afterAll(() => demo?.close());

describe('editing an issue on its page', () => {
  it('edits the title inline by keyboard: Escape cancels, Enter saves, and the page says it is saving to GitHub', async () => {
    const page = await fresh();
    const [issue] = await openIssues(page);
    await openIssue(page, issue.id);
    await expect.poll(() => heading(page).textContent()).toBe(issue.title);

    await page.getByRole('button', { name: 'Edit title' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement.id)).toBe('issue-title-input');
    await expectVisibleFocus(page, 'the title field');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Not kept');
    await page.keyboard.press('Escape');
    // Cancelled: the stored title, focus back on Edit, and still on this page (Escape did not go back).
    await expect.poll(() => heading(page).textContent()).toBe(issue.title);
    expect(page.url()).toBe(issuePath(issue.id));
    await expect.poll(() => focusedName(page)).toBe('Edit title');
    await expectVisibleFocus(page, 'Edit title after cancelling');

    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement.id)).toBe('issue-title-input');
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(issue.title);
    await expectAccessible(page, 'title editor');
    await page.getByLabel('Title', { exact: true }).fill('Renamed from the issue page');
    await slowNextIssueEdit();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saving to GitHub…' }).count()).toBe(1);
    await expect.poll(() => heading(page).textContent()).toBe('Renamed from the issue page');
    expect((await issueOf(page, issue.id)).title).toBe('Renamed from the issue page');
    await expect.poll(() => focusedName(page)).toBe('Edit title');
  }, 60_000);

  it('edits the description in Markdown with a preview', async () => {
    const page = await fresh();
    const [, issue] = await openIssues(page);
    await openIssue(page, issue.id);
    await page.getByRole('button', { name: 'Edit description' }).click();
    const text = page.getByLabel('Description (Markdown)', { exact: true });
    await expect.poll(() => text.inputValue()).toBe(issue.body ?? '');
    await text.fill('Steps:\n\n1. open the **export**\n2. wait\n\n<img src=x onerror="window.__ran=1">');
    // The preview tab, reached with the arrow key as tabs are, shows it as the page will.
    await page.getByRole('tab', { name: 'Write' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
    await expectVisibleFocus(page, 'the Preview tab');
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await expect.poll(() => preview.locator('strong').textContent()).toBe('export');
    expect(await preview.locator('[onerror]').count()).toBe(0);
    await expectAccessible(page, 'description editor, preview');
    await page.getByRole('tab', { name: 'Preview' }).press('ArrowLeft');
    await page.getByRole('button', { name: 'Save description' }).click();
    const shown = page.locator('section[aria-label=Description] .markdown');
    await expect.poll(() => shown.locator('strong').textContent()).toBe('export');
    expect(await shown.locator('li').count()).toBe(2);
    expect((await issueOf(page, issue.id)).body).toBe('Steps:\n\n1. open the **export**\n2. wait\n\n<img src=x onerror="window.__ran=1">');
  }, 60_000);

  it("adds and removes labels from the repository's labels, by keyboard", async () => {
    const page = await fresh();
    const [, , issue] = await openIssues(page);
    await openIssue(page, issue.id);
    const before: string[] = issue.labels.map((l: { name: string }) => l.name);
    const add = ['bug', 'documentation'].find((name) => !before.includes(name))!;
    const side = page.locator('section.side-field', { has: page.getByRole('heading', { name: 'Labels' }) });

    await page.getByRole('button', { name: 'Edit labels' }).focus();
    await page.keyboard.press('Enter');
    await side.getByRole('checkbox', { name: add, exact: true }).waitFor();
    await expectAccessible(page, 'label picker');
    // Tab to the label to add and tick it with Space; untick the labels it had.
    await side.getByRole('checkbox', { name: add, exact: true }).focus();
    await page.keyboard.press('Space');
    await expectVisibleFocus(page, 'a label checkbox');
    for (const name of before) await side.getByRole('checkbox', { name, exact: true }).uncheck();
    await side.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => side.locator('.side-value .label').allTextContents()).toEqual([add]);
    expect((await issueOf(page, issue.id)).labels.map((l: { name: string }) => l.name)).toEqual([add]);

    // Escape leaves the picker without a change.
    await page.getByRole('button', { name: 'Edit labels' }).click();
    await side.getByRole('checkbox', { name: add, exact: true }).uncheck();
    await page.keyboard.press('Escape');
    expect(page.url()).toBe(issuePath(issue.id));
    await expect.poll(() => side.locator('.side-value .label').allTextContents()).toEqual([add]);
    await expect.poll(() => focusedName(page)).toBe('Edit labels');
  }, 60_000);

  it('assigns a member by their GitHub login, and says so when GitHub does not assign someone', async () => {
    const page = await fresh();
    const issue = (await openIssues(page))[3];
    await openIssue(page, issue.id);
    const side = page.locator('section.side-field', { has: page.getByRole('heading', { name: 'Assignees' }) });
    await page.getByRole('button', { name: 'Edit assignees' }).click();
    // The workspace's members with a linked account are offered: Ada is alice on GitHub.
    const alice = side.getByRole('checkbox', { name: 'alice (Ada)' });
    await alice.waitFor();
    for (const box of await side.getByRole('checkbox').all()) await box.uncheck();
    await alice.check();
    // carol is no member of org-1: GitHub drops her without an error.
    await side.getByLabel('Another GitHub login').fill('carol');
    await side.getByLabel('Another GitHub login').press('Enter');
    await expect.poll(() => side.getByRole('checkbox', { name: 'carol', exact: true }).isChecked()).toBe(true);
    await expectAccessible(page, 'assignee picker');
    await side.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => side.locator('.side-value').textContent()).toBe('alice');
    await expect.poll(() => alertWith(page, 'GitHub did not assign carol').count()).toBe(1);
    expect((await issueOf(page, issue.id)).assignees.map((a: { login: string }) => a.login)).toEqual(['alice']);
  }, 60_000);

  it('sets the milestone and clears it', async () => {
    const page = await fresh();
    const issue = (await openIssues(page))[4];
    await openIssue(page, issue.id);
    const side = page.locator('section.side-field', { has: page.getByRole('heading', { name: 'Milestone' }) });
    const target = issue.milestone?.title === 'v3.0' ? 'v2.0' : 'v3.0';
    await page.getByRole('button', { name: 'Edit milestone' }).click();
    await side.getByRole('radio', { name: target }).check();
    await expectAccessible(page, 'milestone picker');
    await side.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => side.locator('.side-value').textContent()).toBe(target);
    expect((await issueOf(page, issue.id)).milestone.title).toBe(target);

    await page.getByRole('button', { name: 'Edit milestone' }).click();
    await side.getByRole('radio', { name: 'None' }).check();
    await side.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => side.locator('.side-value').textContent()).toBe('None');
    expect((await issueOf(page, issue.id)).milestone).toBeNull();
  }, 60_000);

  it("sets a project field of the issue's card through the projects API", async () => {
    const page = await fresh();
    await page.goto(`${base}/w/${owner.slug}/issues`);
    // The projects backfill follows the first mirrored repository.
    let project: Json;
    await expect
      .poll(async () => (project = (await api(page, 'GET', '/v1/projects')).body.data.find((p: { title: string }) => p.title === 'Roadmap 1')), { timeout: 30_000 })
      .toBeTruthy();
    const fields = (await api(page, 'GET', `/v1/projects/${project.id}`)).body.fields as Json[];
    const priority = fields.find((f) => f.name === 'Priority');
    const notes = fields.find((f) => f.name === 'Notes');
    const carded = (await api(page, 'GET', `/v1/issues?project=${project.id}&repository=${repository.id}&sort=number&limit=5`)).body.data;
    expect(carded.length).toBeGreaterThan(0);
    const issue = carded[0];
    const card = issue.projectItems.find((p: { projectId: string }) => p.projectId === project.id);
    const want = card.fieldValues[priority.nodeId]?.name === 'P1' ? 'P2' : 'P1';

    await openIssue(page, issue.id);
    const section = page.locator('section.project-card', { has: page.getByRole('heading', { name: 'Project: Roadmap 1' }) });
    await section.getByRole('button', { name: 'Edit Priority' }).click();
    await section.getByLabel('Priority').selectOption({ label: want });
    await expectAccessible(page, 'project field editor');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => section.locator('.project-field-row', { hasText: 'Priority' }).locator('.project-field-value').textContent()).toBe(want);
    const stored = await issueOf(page, issue.id);
    expect(stored.projectItems.find((p: { projectId: string }) => p.projectId === project.id).fieldValues[priority.nodeId]).toMatchObject({ type: 'single_select', name: want });

    // A text field by keyboard: Edit, type, Enter.
    await section.getByRole('button', { name: 'Edit Notes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement.tagName)).toBe('INPUT');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Ship with the export fix');
    await page.keyboard.press('Enter');
    await expect.poll(() => section.locator('.project-field-row', { hasText: 'Notes' }).locator('.project-field-value').textContent()).toBe('Ship with the export fix');
    const again = await issueOf(page, issue.id);
    expect(again.projectItems.find((p: { projectId: string }) => p.projectId === project.id).fieldValues[notes.nodeId]).toEqual({ type: 'text', text: 'Ship with the export fix' });

    // GitHub refuses the next field write: the words, and the value that is stored.
    await emulator('POST', '/faults', { method: 'POST', path: '^/graphql$', status: 403, body: { message: 'Resource not accessible by integration' }, count: 1 });
    await section.getByRole('button', { name: 'Edit Notes' }).click();
    await section.getByLabel('Notes').fill('Never stored');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => alertWith(section, 'Notes did not change').count()).toBe(1);
    expect(await section.locator('.project-field-row', { hasText: 'Notes' }).locator('.project-field-value').textContent()).toBe('Ship with the export fix');
    const kept = await issueOf(page, issue.id);
    expect(kept.projectItems.find((p: { projectId: string }) => p.projectId === project.id).fieldValues[notes.nodeId]).toEqual({ type: 'text', text: 'Ship with the export fix' });
    await expectAccessible(page, 'project field refused');
  }, 90_000);

  it('says in words when GitHub refuses an edit, shows the title that is stored, and keeps what was typed for another try', async () => {
    const page = await fresh();
    const issue = (await openIssues(page))[5];
    await openIssue(page, issue.id);
    await emulator('POST', '/faults', { method: 'PATCH', path: '^/repos/[^/]+/[^/]+/issues/\\d+$', status: 403, body: { message: 'Resource not accessible by integration' }, count: 1 });
    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByLabel('Title', { exact: true }).fill('A title GitHub refuses');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    const refusal = alertWith(page, 'The title did not change.');
    await expect.poll(() => refusal.textContent()).toMatch(/refused.*Resource not accessible by integration.*The title shown is the one stored\./);
    expect(await heading(page).textContent()).toBe(issue.title);
    expect((await issueOf(page, issue.id)).title).toBe(issue.title);
    await expectAccessible(page, 'a refused edit');
    // "Edit again" brings back what was typed; this time GitHub takes it.
    await refusal.getByRole('button', { name: 'Edit again' }).click();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('A title GitHub refuses');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('A title GitHub refuses');

    // The same for the labels: the stored ones stay on show.
    await emulator('POST', '/faults', { method: 'PATCH', path: '^/repos/[^/]+/[^/]+/issues/\\d+$', status: 422, body: { message: 'Validation Failed' }, count: 1 });
    const side = page.locator('section.side-field', { has: page.getByRole('heading', { name: 'Labels' }) });
    const stored = await side.locator('.side-value').textContent();
    await page.getByRole('button', { name: 'Edit labels' }).click();
    const question = side.getByRole('checkbox', { name: 'question', exact: true });
    await question.setChecked(!(await question.isChecked()));
    await side.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => alertWith(side, 'The labels did not change.').count()).toBe(1);
    expect(await side.locator('.side-value').textContent()).toBe(stored);
  }, 60_000);
});

describe('comments', () => {
  it('edits and deletes one’s own comment, deleting only after confirming in a dialog', async () => {
    const page = await fresh();
    const issue = (await openIssues(page))[6];
    await openIssue(page, issue.id);
    await page.getByLabel('Comment (Markdown)').fill('First thoughts.');
    await page.getByRole('button', { name: 'Add internal note' }).click();
    await page.locator('li.comment', { hasText: 'First thoughts.' }).waitFor();
    // The newest comment; its text changes as it is edited.
    const mine = page.locator('li.comment').last();

    await mine.getByRole('button', { name: /^Edit your comment/ }).click();
    const text = mine.getByLabel('Your comment (Markdown)', { exact: true });
    await expect.poll(() => text.inputValue()).toBe('First thoughts.');
    await text.fill('Second thoughts, **edited**.');
    await expectAccessible(page, 'comment editor');
    await slowNextCommentEdit();
    await mine.getByRole('button', { name: 'Save comment' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saving to GitHub…' }).count()).toBe(1);
    const edited = page.locator('li.comment', { hasText: 'Second thoughts, edited.' });
    await expect.poll(() => edited.locator('.markdown strong').textContent()).toBe('edited');
    const listed = (await api(page, 'GET', `/v1/issues/${issue.id}/comments?limit=100`)).body.data as Json[];
    const comment = listed.find((c) => c.body === 'Second thoughts, **edited**.');
    expect(comment).toMatchObject({ mine: true, visibility: 'internal' });

    // Delete asks first; "Keep it" keeps it.
    await edited.getByRole('button', { name: /^Delete your comment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect(await edited.count()).toBe(1);
    // Escape closes it too, without going back a page.
    // By keyboard: focus the button, and press Enter once it holds the focus (a live refresh of the
    // comments, told by the edit above, can move the focus in between under load: then again).
    const deleteButton = edited.getByRole('button', { name: /^Delete your comment/ });
    for (let attempt = 1; ; attempt++) {
      await deleteButton.focus();
      await expect.poll(() => deleteButton.evaluate((button) => button === (button.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const opened = await dialog.waitFor({ timeout: 5000 }).then(() => true, () => false);
      if (opened) break;
      expect(attempt, 'the delete dialog opens from the keyboard').toBeLessThan(3);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect(page.url()).toBe(issuePath(issue.id));

    await edited.getByRole('button', { name: /^Delete your comment/ }).click();
    await dialog.getByRole('button', { name: 'Delete comment' }).click();
    await expect.poll(() => edited.count()).toBe(0);
    const after = (await api(page, 'GET', `/v1/issues/${issue.id}/comments?limit=100`)).body.data as Json[];
    expect(after.map((c) => c.id)).not.toContain(comment.id);
  }, 60_000);

  it("offers no edit or delete on someone else's comment, and does on one the linked GitHub account wrote", async () => {
    const page = await fresh();
    // The seeded comments are by alice (Ada's linked account), bob and others.
    let found: { issueId: string; theirs?: Json; alices?: Json } | null = null;
    for (const issue of (await openIssues(page)).filter((i) => i.commentsCount > 0)) {
      const comments = (await api(page, 'GET', `/v1/issues/${issue.id}/comments?limit=100`)).body.data as Json[];
      const theirs = comments.find((c) => c.author?.login !== 'alice');
      const alices = comments.find((c) => c.author?.login === 'alice');
      if (theirs && alices) {
        found = { issueId: issue.id, theirs, alices };
        break;
      }
      if (theirs && !found) found = { issueId: issue.id, theirs };
    }
    expect(found?.theirs).toBeTruthy();
    expect(found!.theirs.mine).toBe(false);
    await openIssue(page, found!.issueId);
    const theirs = page.locator('li.comment', { hasText: found!.theirs.body });
    await theirs.waitFor();
    expect(await theirs.getByRole('button').count()).toBe(0);
    if (found!.alices) {
      expect(found!.alices.mine).toBe(true);
      const alices = page.locator('li.comment', { hasText: found!.alices.body });
      expect(await alices.getByRole('button', { name: /^Edit your comment/ }).count()).toBe(1);
    }
  }, 60_000);

  it('shows every comment of a conversation longer than a page of the API, in order, and a new one at its end', async () => {
    const page = await fresh();
    const issue = (await openIssues(page))[8];
    // Past the API's largest page (100), so the page must follow the cursor: written on GitHub by
    // bob (the service paces its own writes at GitHub's 80 a minute), and told by webhook.
    for (let n = 1; n <= 105; n++) {
      const acted: Json = await (await fetch(`http://127.0.0.1:${demo.ports.emulatorPort}/_emulator/act`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'bob', method: 'POST', path: `/repos/${repository.fullName}/issues/${issue.number}/comments`, body: { body: `Long thread, note ${n}.` } }) })).json();
      expect(acted.status, JSON.stringify(acted.body)).toBe(201);
    }
    const everyComment = async () => {
      const all: Json[] = [];
      for (let cursor = ''; ; ) {
        const page100 = (await api(page, 'GET', `/v1/issues/${issue.id}/comments?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
        all.push(...page100.data);
        if (!page100.nextCursor) return all;
        cursor = page100.nextCursor;
      }
    };
    await expect.poll(async () => (await everyComment()).filter((c) => c.body.startsWith('Long thread')).length, { timeout: 30_000 }).toBe(105);
    const all = await everyComment();
    await openIssue(page, issue.id);
    const shown = page.locator('ol.comments > li.comment');
    await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(all.length);
    expect(await shown.last().locator('.markdown').textContent()).toContain('Long thread, note 105.');
    expect(await shown.nth(all.length - 105).locator('.markdown').textContent()).toContain('Long thread, note 1.');
    await page.getByLabel('Comment (Markdown)').fill('After the long thread.');
    await page.getByRole('button', { name: 'Add internal note' }).click();
    await expect.poll(() => shown.last().locator('.markdown').textContent()).toContain('After the long thread.');
    expect(await shown.count()).toBe(all.length + 1);
  }, 120_000);
});

/** The next comment edit GitHub receives waits a moment first. */
const slowNextCommentEdit = () => emulator('POST', '/faults', { method: 'PATCH', path: '^/repos/[^/]+/[^/]+/issues/comments/\\d+$', delayMs: 1500, count: 1 });

describe('creating an issue', () => {
  it('opens the dialog with c (not while typing), keeps the form through a refusal, and goes to the new issue', async () => {
    const page = await fresh();
    await page.goto(`${base}/w/${owner.slug}/issues`);
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
    const dialog = page.getByRole('dialog', { name: 'New issue' });
    // A letter typed into the search is text, not the shortcut.
    await page.getByLabel('Search').focus();
    await page.keyboard.type('c');
    expect(await dialog.count()).toBe(0);
    expect(await page.getByLabel('Search').inputValue()).toBe('c');
    await page.getByLabel('Search').fill('');
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('c');
    await dialog.waitFor();
    await expectVisibleFocus(page, 'the first field of the dialog');
    await expectAccessible(page, 'new issue dialog');

    await dialog.getByLabel('Repository').selectOption(repository.id);
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Made with the c key');
    await dialog.getByLabel('Description (Markdown)', { exact: true }).fill('Found while **editing**.');
    await dialog.getByRole('checkbox', { name: 'enhancement', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'alice (Ada)' }).check();

    // GitHub refuses the first try: the words in the dialog, and nothing of the form lost.
    await emulator('POST', '/faults', { method: 'POST', path: '^/repos/[^/]+/[^/]+/issues$', status: 403, body: { message: 'Resource not accessible by integration' }, count: 1 });
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await expect.poll(() => alertWith(dialog, 'The issue was not created.').textContent()).toContain('Resource not accessible by integration');
    await expectAccessible(page, 'new issue refused');
    expect(await dialog.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Made with the c key');
    expect(await dialog.getByLabel('Description (Markdown)', { exact: true }).inputValue()).toBe('Found while **editing**.');
    expect(await dialog.getByRole('checkbox', { name: 'enhancement', exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'alice (Ada)' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Repository').inputValue()).toBe(repository.id);

    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await page.waitForURL(new RegExp(`/w/${owner.slug}/issues/[0-9a-f-]{36}$`));
    await expect.poll(() => heading(page).textContent()).toBe('Made with the c key');
    const made = await issueOf(page, page.url().split('/').pop()!);
    expect(made).toMatchObject({ title: 'Made with the c key', body: 'Found while **editing**.', repository: { id: repository.id } });
    expect(made.labels.map((l: { name: string }) => l.name)).toEqual(['enhancement']);
    expect(made.assignees.map((a: { login: string }) => a.login)).toEqual(['alice']);
    // Exactly one issue with that title: the refused try made none.
    const found = (await api(page, 'GET', `/v1/issues?q=${encodeURIComponent('"Made with the c key"')}&state=all`)).body.data;
    expect(found).toHaveLength(1);

    // `c` works anywhere in the workspace, the issue page too; Escape closes the dialog and stays.
    await page.keyboard.press('c');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect(page.url()).toBe(issuePath(made.id));
  }, 90_000);

  it('opens the same dialog from the New issue button on the list', async () => {
    const page = await fresh();
    await page.goto(`${base}/w/${owner.slug}/issues`);
    const button = page.getByRole('button', { name: 'New issue' });
    await button.focus();
    await expectVisibleFocus(page, 'New issue');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New issue' });
    await dialog.waitFor();
    await dialog.getByLabel('Repository').selectOption(repository.id);
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Made with the button');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).press('Enter');
    await page.waitForURL(new RegExp(`/w/${owner.slug}/issues/[0-9a-f-]{36}$`));
    await expect.poll(() => heading(page).textContent()).toBe('Made with the button');
    const made = await issueOf(page, page.url().split('/').pop()!);
    expect(made).toMatchObject({ title: 'Made with the button', body: null, labels: [], assignees: [] });
    // The list shows it.
    await page.goto(`${base}/w/${owner.slug}/issues?sort=created`);
    await expect.poll(() => page.locator('.issue-link').first().textContent()).toBe('Made with the button');

    // On a phone, the dialog fits: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'New issue' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Repository').selectOption(repository.id);
    await dialog.getByRole('checkbox', { name: 'enhancement', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }, 60_000);
});
