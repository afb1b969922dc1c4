import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { colleagueIn, mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/**
 * The audit log as issue 32's quality bar asks: an invitation, a role change, a key issued and
 * revoked and a repository mirrored, each done through its settings page in Chromium, are then on
 * the Audit log page with who did them, and the actor filter narrows the log to one person.
 */
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-audit-', { DEMO_PORTAL: '0' });
  w = await mirroredWorkspace(demo, 'Recorders');
}, 180_000);

afterAll(() => demo?.close());

const settings = (rest = '') => `${demo.base}/w/${w.slug}/settings${rest}`;

/** The audit table's rows as the page shows them: the action in words, its code, who, and the object. */
const shownRows = () =>
  w.page.locator('.audit-table tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (n: number) => row.querySelector(`td:nth-child(${n})`)!;
      return { action: cell(2).querySelector('a')!.textContent!.trim(), code: cell(2).querySelector('code')!.textContent!.trim(), who: cell(3).textContent!.trim(), object: cell(4).textContent!.trim() };
    }),
  );

describe('the audit log page', () => {
  it('shows what was done on the settings pages, each with its actor, and narrows to one person', async () => {
    const { page } = w;
    const invitee = `invited-${Date.now()}@example.com`;
    // A colleague who joined by invitation: a second person in the log.
    const colleague = await colleagueIn(demo, w, 'member');

    // An invitation, on the People page.
    await page.goto(settings('/people'));
    await page.getByLabel('E-mail address').fill(invitee);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Invited ${invitee} as a viewer` }).count()).toBe(1);

    // A role change, on the same page.
    await page.getByLabel('Role of The member').selectOption('admin');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The member is now an admin.' }).count()).toBe(1);

    // A key issued and revoked, on the API keys page.
    await page.goto(settings('/keys'));
    await page.getByText('Issue a key', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Issue an API key' });
    await form.getByLabel('Name').fill('audit bot');
    await form.getByRole('group', { name: 'Issues', exact: true }).getByLabel('Read', { exact: true }).check();
    await form.getByRole('button', { name: 'Issue the key' }).click();
    await page.getByRole('region', { name: 'The key audit bot' }).getByRole('button', { name: 'I have copied it: close' }).click();
    await page.getByRole('row', { name: /audit bot/ }).getByRole('button', { name: 'Revoke audit bot' }).click();
    await page.getByRole('dialog', { name: 'Revoke audit bot?' }).getByRole('button', { name: 'Revoke audit bot' }).click();
    await expect.poll(() => page.getByRole('row', { name: /audit bot/ }).count()).toBe(0);

    // A second repository mirrored, on the GitHub page.
    await page.goto(`${demo.base}/settings/codehost`);
    const mirror = page.getByRole('button', { name: /^Mirror / }).first();
    const repository = (await mirror.getAttribute('aria-label'))!.replace(/^Mirror /, '');
    await mirror.click();
    await page.locator('li', { hasText: repository }).locator('.sync-state', { hasText: 'mirrored' }).waitFor({ timeout: 30_000 });

    await page.goto(settings('/audit'));
    const done = [
      { action: 'Repository mirrored', code: 'repository.sync_enabled', who: 'Recorders', object: `repository ${repository}` },
      { action: 'API key revoked', code: 'api_key.revoked', who: 'Recorders', object: 'API key audit bot' },
      { action: 'API key issued', code: 'api_key.issued', who: 'Recorders', object: 'API key audit bot' },
      { action: 'Role changed', code: 'member.role_changed', who: 'Recorders', object: 'member The member' },
      { action: 'Invitation sent', code: 'invitation.created', who: 'Recorders', object: `invitation ${invitee}` },
      { action: 'Joined the workspace', code: 'member.joined', who: 'The member', object: 'member The member' },
      { action: 'Invitation sent', code: 'invitation.created', who: 'Recorders', object: `invitation ${colleague.email}` },
    ];
    await expect.poll(async () => (await shownRows()).slice(0, done.length)).toEqual(done);
    await expectAccessible(page, 'audit log of the settings pages');

    // The actor filter: one person's actions, and only theirs.
    const narrowTo = async (name: string) => {
      const who = page.getByLabel('Who', { exact: true });
      await who.selectOption({ label: name });
      const actor = await who.inputValue();
      await page.getByRole('button', { name: 'Apply the filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('actor') === actor);
    };
    await narrowTo('The member');
    await expect.poll(shownRows).toEqual([done[5]]);
    await narrowTo('Recorders');
    await expect.poll(async () => (await shownRows()).slice(0, 5)).toEqual(done.slice(0, 5));
    const whoShown = (await shownRows()).map((row) => row.who);
    expect(whoShown.length).toBeGreaterThan(5);
    expect(new Set(whoShown)).toEqual(new Set(['Recorders']));
    await colleague.context.close();
  }, 120_000);
});
