import { expect } from 'vitest';
import type { Call } from './http.js';
import type { CapturedMail, SmtpCapture } from './smtp.js';

/** Whether a mail is the address confirmation a password sign-up is sent (src/auth/address-confirmation.ts). */
export const isAddressConfirmation = (mail: CapturedMail) => mail.subject.startsWith('Confirm your address for ');

/**
 * Confirms a password sign-up's address as its owner would: the link of the newest confirmation
 * mail, used with the customer's own session. On an open portal their requests can then be released.
 */
export async function confirmPortalAddress(onPortal: Call, smtp: SmtpCapture, customer: { token: string; email: string }): Promise<void> {
  // A loop, not expect.poll: it is used in beforeAll too, where expect.poll is not allowed.
  const newest = () => [...smtp.messages].reverse().find((m) => m.to.includes(customer.email) && isAddressConfirmation(m));
  const deadline = Date.now() + 5000;
  while (!newest()) {
    if (Date.now() > deadline) throw new Error(`no address confirmation mailed to ${customer.email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const mail = newest()!;
  const token = decodeURIComponent(/\/verify-email#token=(\S+)/.exec(mail.text)![1]);
  const res = await onPortal('POST', '/portal/auth/confirm-address', { token: customer.token, body: { token } });
  expect(res.status, res.text).toBe(200);
}
