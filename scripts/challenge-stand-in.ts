/**
 * The challenge's stand-ins for development (`npm run challenge:stand-in`): the tests' verifier
 * (Turnstile's siteverify protocol) and, from the same local server, the stand-in widget's script
 * (a checkbox "I am human (development stand-in)" speaking Turnstile's explicit-rendering API).
 * It prints the variables to start the service with, then serves until Ctrl-C. Nothing of it is
 * part of the service: production loads Cloudflare's script and asks Cloudflare's verifier.
 */
import { startChallengeVerifier } from '../test/harness/challenge-verifier.js';

const standIn = await startChallengeVerifier();
console.log(
  [
    'Challenge stand-ins are listening. Start the service (in development, not production) with:',
    '',
    `  CHALLENGE_SECRET=stand-in CHALLENGE_SITE_KEY=stand-in CHALLENGE_VERIFY_URL=${standIn.url} CHALLENGE_SCRIPT_URL=${standIn.scriptUrl} npm start`,
    '',
    "An open portal's sign-up, sign-in and submit forms then show the stand-in checkbox; ticking it",
    "answers a response the stand-in verifier accepts as solved on the portal's host. Ctrl-C stops it.",
  ].join('\n'),
);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
