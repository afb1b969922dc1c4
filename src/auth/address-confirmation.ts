import type { OutgoingMail } from '../mail/mailer.js';

/** A confirmation link works a day: long enough to find the mail the next morning, short enough to go stale. */
export const ADDRESS_LINK_TTL_SECONDS = 24 * 3600;

/**
 * The mail that asks a password sign-up to confirm its address. It says what the link is for and
 * that it must be opened signed in to the account: somebody else may have made the account with
 * this address, and confirming it for them is what the owner must not do by accident.
 */
export function addressConfirmationMail(m: { to: string; portalName: string; link: string }): OutgoingMail {
  return {
    to: m.to,
    subject: `Confirm your address for ${m.portalName}`,
    text:
      `You made an account on ${m.portalName} with this address and a password. Confirm the address with this link (valid for 24 hours), ` +
      `opened where you are signed in to that account; your requests go to the team once it is confirmed:\n\n${m.link}\n\n` +
      `If you did not make this account, do not use the link: ignore this message, or sign in to ${m.portalName} with a link by e-mail ` +
      `instead, which makes the account yours and removes the password somebody else chose.`,
  };
}
