import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { startStripeStandIn, type StripeStandIn } from '../harness/stripe.js';
import { mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/**
 * The billing page in Chromium, on demo mode with a payments provider configured (the local
 * stand-in for Stripe): the trial started on the page, a lapse said on every page, the billing
 * portal and the checkout reached (the provider's pages are answered in the browser, as the
 * provider would send the owner back), a checkout paid showing as paid.
 */
let stripe: StripeStandIn;
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  const { config } = stripe;
  demo = await startDemoInBrowser('svc-billing-', {
    STRIPE_SECRET_KEY: config.secretKey,
    STRIPE_WEBHOOK_SECRET: config.webhookSecret,
    STRIPE_API_URL: config.apiUrl,
    STRIPE_PRICE_TEAM_MONTHLY: config.prices.team.monthly,
    STRIPE_PRICE_TEAM_ANNUAL: config.prices.team.annual,
    STRIPE_PRICE_BUSINESS_MONTHLY: config.prices.business.monthly,
    STRIPE_PRICE_BUSINESS_ANNUAL: config.prices.business.annual,
    DEMO_PORTAL: '0',
  });
  w = await mirroredWorkspace(demo, 'Payers');
}, 180_000);

afterAll(async () => {
  await demo?.close();
  await stripe?.close();
});

const subscriptionOf = (workspaceId: string) => [...stripe.subscriptions.values()].find((s) => s.metadata?.workspaceId === workspaceId)!.id as string;

describe('the billing page', () => {
  it("starts the 14-day trial, and says a lapse on every page with how to restore it; the billing portal is the way back", async () => {
    const { page } = w;
    await page.goto(`${demo.base}/w/${w.slug}/settings/billing`);
    await expect.poll(() => page.locator('.standing').textContent(), { timeout: 30_000 }).toBe('Free');
    expect(await page.locator('.usage').getByRole('row', { name: /Repositories mirrored/ }).textContent()).toContain('1');
    await expectAccessible(page, 'billing, free');

    await page.getByRole('button', { name: 'Start the 14-day trial' }).click();
    await expect.poll(() => page.locator('.standing').textContent()).toBe('Trial');
    expect(await page.locator('.facts').textContent()).toMatch(/1[34] days left/);
    expect(await page.getByRole('button', { name: 'Start the 14-day trial' }).count()).toBe(0);

    // The trial ends without a payment method: the provider pauses it, and the workspace lapses.
    expect((await stripe.deliver(demo.base, stripe.setStatus(subscriptionOf(w.workspaceId), 'paused'))).status).toBe(200);
    await page.goto(`${demo.base}/w/${w.slug}/issues`);
    const banner = page.locator('.billing-lapsed');
    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toContain('has lapsed');
    expect(await banner.textContent()).toContain('changes (edits, comments, moves, new issues, invitations) are refused');
    await expectAccessible(page, 'issues of a lapsed workspace');
    await banner.getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL(`${demo.base}/w/${w.slug}/settings/billing`);
    await expect.poll(() => page.locator('.standing').textContent()).toBe('Lapsed');

    // The billing portal: the provider's page, reached from the page (answered here as the provider would).
    await page.route('https://billing.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Billing portal</title><h1>The provider</h1>' }));
    await page.getByRole('button', { name: 'Open the billing portal' }).click();
    await page.waitForURL(/^https:\/\/billing\.stripe\.test\/p\//);

    // Paid there: active again, and the banner goes.
    await stripe.deliver(demo.base, stripe.setStatus(subscriptionOf(w.workspaceId), 'active'));
    await page.goto(`${demo.base}/w/${w.slug}/settings/billing`);
    await expect.poll(() => page.locator('.standing').textContent(), { timeout: 15_000 }).toBe('Paid');
    expect(await page.locator('.billing-banner').count()).toBe(0);
  }, 90_000);

  it('goes to the checkout of the plan chosen, and shows the workspace paid once the provider says so', async () => {
    // A second workspace of the same person (GitHub's alice is linked to them already; billing needs no connection).
    const { page } = w;
    const other = await page.evaluate(async () => (await (await fetch('/v1/workspaces', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Checkouts', slug: `checkouts-${Date.now()}` }) })).json()) as { slug: string });
    await page.goto(`${demo.base}/w/${other.slug}/settings/billing`);
    await expect.poll(() => page.locator('.standing').textContent(), { timeout: 30_000 }).toBe('Free');
    await page.getByRole('radio', { name: /^Business/ }).check();
    await page.getByLabel('Paid').selectOption('annual');
    await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title><h1>The provider</h1>' }));
    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\//);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    expect(stripe.sessions.get(sessionId)!.line_items[0].price).toBe(stripe.config.prices.business.annual);

    const { events } = stripe.completeCheckout(sessionId);
    for (const event of events) expect((await stripe.deliver(demo.base, event)).status).toBe(200);
    await page.goto(`${demo.base}/w/${other.slug}/settings/billing`);
    await expect.poll(() => page.locator('.standing').textContent(), { timeout: 15_000 }).toBe('Paid');
    expect(await page.locator('.facts').textContent()).toContain('Business, paid yearly');
    await expectAccessible(page, 'billing, paid');
  }, 120_000);
});
