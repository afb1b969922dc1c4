import { useState } from 'preact/hooks';
import { Link, Notice, PageTitle } from '@svc/ui-kit';
import { api, problemOf, type Front } from '../api';
import { useChallenge } from '../challenge';
import { CheckYourEmail } from './confirm-address';

/** What each `?error=` value a failed sign-in lands with means, in words. */
export const SIGN_IN_ERRORS: Record<string, string> = {
  email_not_found: 'We could not read an e-mail address from that account. Sign in with your e-mail address instead.',
  account_not_linked: 'That sign-in is not linked to an account on this portal. Sign in with your e-mail address instead.',
  signup_disabled: 'This portal is invite-only: ask the team behind it for an invitation.',
  please_restart_the_process: 'That sign-in took too long or was already used. Please start again.',
  unable_to_create_user: 'We could not create your account. Please try again, or ask the team behind this portal.',
  link_invalid: 'That sign-in link is unknown, expired or already used. Ask for a new one below.',
};
const GENERIC_ERROR = 'Signing in did not work. Please try again.';

/** Where to go after signing in: a path of this site only. */
function nextOf(location: URL): string {
  const next = location.searchParams.get('next') ?? '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInPage({ front, location }: { front: Front; location: URL }) {
  const error = location.searchParams.get('error');
  const [problem, setProblem] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One widget for both forms: whichever is sent uses its response, and a new one is asked for.
  const challenge = useChallenge(front, 'signin-challenge');
  const challengeToken = () => (challenge.token ? { challengeToken: challenge.token } : {});

  const withPassword = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem(null);
    const { error: failed, response } = await api.POST('/portal/auth/sign-in/email', {
      body: { email: String(form.get('email')), password: String(form.get('password')), ...challengeToken() },
    });
    setBusy(false);
    if (failed || !response.ok) {
      challenge.reset();
      setProblem(response.status === 401 ? 'That e-mail address and password do not match an account on this portal.' : problemOf(failed, response));
      return;
    }
    window.location.assign(nextOf(location));
  };

  const withLink = async (event: Event) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget as HTMLFormElement).get('email'));
    setBusy(true);
    setProblem(null);
    const { error: failed, response } = await api.POST('/portal/auth/sign-in/magic-link', { body: { email, ...challengeToken() } });
    setBusy(false);
    challenge.reset();
    if (failed || !response.ok) setProblem(problemOf(failed, response));
    else setLinkSent(email);
  };

  return (
    <div class="narrow">
      <PageTitle>Sign in to {front.name}</PageTitle>
      {front.branding.welcomeText ? <p class="welcome">{front.branding.welcomeText}</p> : null}
      {error ? <Notice kind="error">{SIGN_IN_ERRORS[error] ?? GENERIC_ERROR}</Notice> : null}
      {location.searchParams.get('signed_out') ? <Notice kind="info">You are signed out.</Notice> : null}
      {location.searchParams.get('deleted') ? <Notice kind="info">Your account is deleted.</Notice> : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {challenge.element ? <div class="card">{challenge.element}</div> : null}
      <form class="card" onSubmit={withPassword} aria-labelledby="password-heading">
        <h2 id="password-heading">With your password</h2>
        <label for="signin-email">E-mail address</label>
        <input id="signin-email" name="email" type="email" required autoComplete="email" maxLength={320} />
        <label for="signin-password">Password</label>
        <input id="signin-password" name="password" type="password" required autoComplete="current-password" maxLength={128} />
        <button type="submit" class="primary" disabled={busy}>Sign in</button>
      </form>
      <form class="card" onSubmit={withLink} aria-labelledby="link-heading">
        <h2 id="link-heading">With a link by e-mail</h2>
        {linkSent ? (
          <Notice kind="ok">A sign-in link is on its way to {linkSent}. It works once, for 15 minutes.</Notice>
        ) : (
          <>
            <label for="link-email">E-mail address</label>
            <input id="link-email" name="email" type="email" required autoComplete="email" maxLength={320} />
            <button type="submit" disabled={busy}>Send me a link</button>
          </>
        )}
      </form>
      {front.signUpOpen ? (
        <p>New here? <Link href="/sign-up">Make an account</Link>.</p>
      ) : (
        <p>This portal is invite-only: the team behind it sends invitations.</p>
      )}
    </div>
  );
}

/** `signedUp` tells the rest of the site (its header) that there is a session now. */
export function SignUpPage({ front, signedUp }: { front: Front; signedUp: () => Promise<void> }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [madeFor, setMadeFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge(front, 'signup-challenge');

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem(null);
    const { error: failed, response } = await api.POST('/portal/auth/sign-up/email', {
      body: {
        name: String(form.get('name')).trim(),
        email: String(form.get('email')),
        password: String(form.get('password')),
        ...(challenge.token ? { challengeToken: challenge.token } : {}),
      },
    });
    setBusy(false);
    if (failed || !response.ok) {
      challenge.reset();
      setProblem(problemOf(failed, response));
      return;
    }
    // Signed in, but the address is still to be confirmed: say so here, where the customer looks.
    setMadeFor(String(form.get('email')));
    await signedUp();
  };

  if (madeFor) {
    return (
      <div class="narrow">
        <PageTitle>Your account on {front.name} is ready</PageTitle>
        <CheckYourEmail email={madeFor} />
        <p><Link href="/">Go on to the portal</Link></p>
      </div>
    );
  }

  if (!front.signUpOpen) {
    return (
      <div class="narrow">
        <PageTitle>Sign up</PageTitle>
        <Notice kind="info">{SIGN_IN_ERRORS.signup_disabled}</Notice>
        <p><Link href="/sign-in">Sign in</Link></p>
      </div>
    );
  }
  return (
    <div class="narrow">
      <PageTitle>Make an account on {front.name}</PageTitle>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <form class="card" onSubmit={submit}>
        <label for="signup-name">Your name</label>
        <input id="signup-name" name="name" required autoComplete="name" maxLength={200} />
        <label for="signup-email">E-mail address</label>
        <input id="signup-email" name="email" type="email" required autoComplete="email" maxLength={320} />
        <label for="signup-password">Password</label>
        <input id="signup-password" name="password" type="password" required minLength={8} maxLength={128} autoComplete="new-password" aria-describedby="signup-password-help" />
        <p class="help" id="signup-password-help">
          At least 8 characters. We e-mail you a link to confirm your address; your requests wait for the team until you open it, signed
          in. A sign-in link by e-mail confirms it too, but the first one removes this password, because somebody else could have made an
          account with your address before you (you may choose a new one then).
        </p>
        {challenge.element}
        <button type="submit" class="primary" disabled={busy}>Make my account</button>
      </form>
      <p>Have an account? <Link href="/sign-in">Sign in</Link>.</p>
    </div>
  );
}
