import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../harness/fixtures.js';
import { startPortalWorld, type PortalWorld } from '../harness/portal-world.js';

/**
 * On an open portal a password sign-up confirms its address (a link by e-mail, used while signed
 * in to that account) before its requests can leave the hold queue; a sign-in link's account has
 * proven its address already. Over HTTP, with the GitHub emulator behind the release.
 */
let w: PortalWorld;
const as = () => w.as();
const onPortal = () => w.on();

const confirmationsTo = (email: string) => w.smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Confirm your address'));
const linkTokenIn = (text: string) => decodeURIComponent(/\/verify-email#token=(\S+)/.exec(text)![1]);

async function passwordSignUp(name: string) {
  const email = `${unique('sign')}@customer.test`;
  const res = await onPortal()('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.user.emailVerified).toBe(false);
  return { email, token: res.headers.get('set-auth-token')! };
}
async function submit(customerToken: string, title: string) {
  const made = await onPortal()('POST', '/portal/requests', { token: customerToken, body: { requestTypeId: w.typeId, title, values: {} } });
  expect(made.status, made.text).toBe(201);
  const held = (await w.call('GET', `/v1/portals/${w.portal.id}/requests?held=true`, as())).body.data.find((r: any) => r.reference === made.body.reference);
  return held as { id: string; reference: string; held: boolean; awaitingAddressVerification: boolean };
}
const requestOf = async (id: string) => (await w.call('GET', `/v1/portals/${w.portal.id}/requests/${id}`, as())).body;
const issuesOnGitHub = async () => {
  const res = await fetch(`${w.gh.url}/repos/${w.org}/web/issues?state=all&per_page=100`, { headers: { authorization: `token ${w.gh.control.installationToken(w.installationId).token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
};
const me = async (token: string) => (await onPortal()('GET', '/portal/me', { token })).body;

beforeAll(async () => {
  w = await startPortalWorld({ workspace: 'Confirmed sign-ups', prefix: 'conf', portal: { name: 'Open help', access: 'open', defaultVisibility: 'private', referencePrefix: 'OPEN' } });
}, 60_000);

afterAll(() => w?.close());

describe('a password sign-up on an open portal', () => {
  it('is e-mailed a confirmation link; its request is held and cannot be released until the address is confirmed, then waits for the team', { timeout: 60_000 }, async () => {
    const ada = await passwordSignUp('Ada Newcomer');
    const [mail] = await (async () => {
      await expect.poll(() => confirmationsTo(ada.email).length).toBe(1);
      return confirmationsTo(ada.email);
    })();
    expect(mail.subject).toBe('Confirm your address for Open help');
    expect(mail.text).toContain(`http://${w.portal.host.split(':')[0]}`);
    expect(mail.text).not.toMatch(/@p[0-9a-f]{32}\./);
    expect((await me(ada.token)).addressConfirmed).toBe(false);

    const request = await submit(ada.token, 'Export fails');
    expect(request).toMatchObject({ held: true, awaitingAddressVerification: true });
    const issuesBefore = await issuesOnGitHub();
    const refused = await w.call('POST', `/v1/portals/${w.portal.id}/requests/${request.id}/release`, as());
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.detail.reason).toBe('address_not_verified');
    expect(refused.body.error.message).toContain('Ada Newcomer');
    expect(await requestOf(request.id)).toMatchObject({ held: true, awaitingAddressVerification: true, releaseFailure: null });
    expect(await issuesOnGitHub()).toBe(issuesBefore);

    const confirmed = await onPortal()('POST', '/portal/auth/confirm-address', { token: ada.token, body: { token: linkTokenIn(mail.text) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await me(ada.token)).addressConfirmed).toBe(true);
    // Confirmed, it stays in the hold queue for the team's decision; now the team may release it.
    expect(await requestOf(request.id)).toMatchObject({ held: true, awaitingAddressVerification: false });
    const released = await w.call('POST', `/v1/portals/${w.portal.id}/requests/${request.id}/release`, as());
    expect(released.status, released.text).toBe(200);
    expect(released.body).toMatchObject({ held: false, awaitingAddressVerification: false });
    expect(await issuesOnGitHub()).toBe(issuesBefore + 1);
    // The same link again changes nothing and says so plainly.
    expect((await onPortal()('POST', '/portal/auth/confirm-address', { token: ada.token, body: { token: linkTokenIn(mail.text) } })).status).toBe(200);
  });

  it('confirms only for a session of that account; a forged or altered link is refused', { timeout: 60_000 }, async () => {
    const bea = await passwordSignUp('Bea Newcomer');
    const cal = await passwordSignUp('Cal Other');
    await expect.poll(() => confirmationsTo(bea.email).length).toBe(1);
    const link = linkTokenIn(confirmationsTo(bea.email)[0].text);

    const signedOut = await onPortal()('POST', '/portal/auth/confirm-address', { body: { token: link } });
    expect(signedOut.status).toBe(401);
    const asCal = await onPortal()('POST', '/portal/auth/confirm-address', { token: cal.token, body: { token: link } });
    expect(asCal.status, asCal.text).toBe(403);
    const [head, payload] = link.split('.');
    const altered = `${head}.${payload}.${'A'.repeat(43)}`;
    const forged = await onPortal()('POST', '/portal/auth/confirm-address', { token: bea.token, body: { token: altered } });
    expect(forged.status).toBe(422);
    expect(forged.body.error.detail).toMatchObject({ field: 'token', reason: 'link_invalid' });
    const garbage = await onPortal()('POST', '/portal/auth/confirm-address', { token: bea.token, body: { token: 'not-a-link' } });
    expect(garbage.status).toBe(422);
    expect((await me(bea.token)).addressConfirmed).toBe(false);
    expect((await me(cal.token)).addressConfirmed).toBe(false);
  });

  it('asks for the link again: a new one arrives and works; once confirmed, asking again is 409', { timeout: 60_000 }, async () => {
    const dee = await passwordSignUp('Dee Resender');
    await expect.poll(() => confirmationsTo(dee.email).length).toBe(1);
    const again = await onPortal()('POST', '/portal/auth/resend-address-confirmation', { token: dee.token });
    expect(again.status, again.text).toBe(200);
    await expect.poll(() => confirmationsTo(dee.email).length).toBe(2);
    const newest = linkTokenIn(confirmationsTo(dee.email)[1].text);
    expect((await onPortal()('POST', '/portal/auth/confirm-address', { token: dee.token, body: { token: newest } })).status).toBe(200);
    const after = await onPortal()('POST', '/portal/auth/resend-address-confirmation', { token: dee.token });
    expect(after.status).toBe(409);
    expect(after.body.error.detail.reason).toBe('already_confirmed');
    expect(confirmationsTo(dee.email)).toHaveLength(2);
  });

  it('a sign-in link proves the address: its request is held as a newcomer, not for confirmation, and may be released', { timeout: 60_000 }, async () => {
    const email = `${unique('link')}@customer.test`;
    expect((await onPortal()('POST', '/portal/auth/sign-in/magic-link', { body: { email, name: 'Eve Linked' } })).status).toBe(200);
    const token = decodeURIComponent(/#token=(\S+)/.exec((await w.smtp.lastTo(email)).text)![1]);
    const session = (await onPortal()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`)).body.token as string;
    expect((await me(session)).addressConfirmed).toBe(true);
    const request = await submit(session, 'From a linked account');
    expect(request).toMatchObject({ held: true, awaitingAddressVerification: false });
    expect((await w.call('POST', `/v1/portals/${w.portal.id}/requests/${request.id}/release`, as())).status).toBe(200);
    expect(confirmationsTo(email)).toEqual([]);
    const resend = await onPortal()('POST', '/portal/auth/resend-address-confirmation', { token: session });
    expect(resend.status).toBe(409);
  });

  it('a held request of an unconfirmed sign-up may still be rejected', { timeout: 60_000 }, async () => {
    const fay = await passwordSignUp('Fay Spam');
    const request = await submit(fay.token, 'Buy cheap watches');
    expect((await w.call('POST', `/v1/portals/${w.portal.id}/requests/${request.id}/reject`, as())).status).toBe(200);
    expect(await requestOf(request.id)).toMatchObject({ held: false, rejected: true, awaitingAddressVerification: false });
  });
});
