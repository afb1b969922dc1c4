import { navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useState } from 'preact/hooks';
import { account, problemOf } from '../api';
import { afterSignIn } from '../invitation-memory';
import { signInErrorWords } from '../words';

type Said = { kind: 'error' | 'ok' | 'info'; text: string } | null;

const fieldsOf = (event: Event) => Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement).entries()) as Record<string, string>;

/** `/signin`: sign in with a password or a link, or make an account; `?error=<code>` is said in words. */
export function SignInPage({ location, signedIn }: { location: URL; signedIn: () => Promise<void> }) {
  const error = location.searchParams.get('error');
  const next = location.searchParams.get('next');
  const [said, say] = useState<Said>(
    error
      ? { kind: 'error', text: signInErrorWords(error.toLowerCase()) }
      : location.searchParams.get('signed_out')
        ? { kind: 'ok', text: 'You are signed out.' }
        : next
          ? { kind: 'info', text: 'Sign in to go on to the page you opened.' }
          : null,
  );
  const [busy, setBusy] = useState(false);

  const done = async () => {
    await signedIn();
    navigate(afterSignIn(next), { replace: true });
  };
  const withPassword = async (event: Event) => {
    event.preventDefault();
    const f = fieldsOf(event);
    setBusy(true);
    const { error: failed, response } = await account.POST('/auth/sign-in/email', { body: { email: f.email, password: f.password } });
    setBusy(false);
    if (response.ok) return done();
    say({ kind: 'error', text: response.status === 401 ? 'That e-mail address and password do not match an account.' : problemOf(failed, response) });
  };
  const withLink = async (event: Event) => {
    event.preventDefault();
    const f = fieldsOf(event);
    setBusy(true);
    const { error: failed, response } = await account.POST('/auth/sign-in/magic-link', { body: { email: f.email } });
    setBusy(false);
    say(
      response.ok
        ? { kind: 'ok', text: `A sign-in link is on its way to ${f.email}. It works once, for 15 minutes. Without a mail server configured (SMTP_URL), it is written to the service log and to DATA_DIR/outbox.` }
        : { kind: 'error', text: problemOf(failed, response) },
    );
  };
  const signUp = async (event: Event) => {
    event.preventDefault();
    const f = fieldsOf(event);
    setBusy(true);
    const { error: failed, response } = await account.POST('/auth/sign-up/email', { body: { name: f.name, email: f.email, password: f.password } });
    setBusy(false);
    if (response.ok) return done();
    say({ kind: 'error', text: problemOf(failed, response) });
  };

  return (
    <div class="narrow">
      <PageTitle>Sign in</PageTitle>
      {said ? <Notice kind={said.kind}>{said.text}</Notice> : null}
      <form class="card" onSubmit={withPassword} aria-labelledby="with-password">
        <h2 id="with-password">With a password</h2>
        <label for="password-email">E-mail</label>
        <input id="password-email" name="email" type="email" required autocomplete="email" />
        <label for="password-password">Password</label>
        <input id="password-password" name="password" type="password" required autocomplete="current-password" />
        <button type="submit" class="primary" disabled={busy}>Sign in</button>
      </form>
      <form class="card" onSubmit={withLink} aria-labelledby="with-link">
        <h2 id="with-link">With a link by e-mail</h2>
        <label for="link-email">E-mail</label>
        <input id="link-email" name="email" type="email" required autocomplete="email" />
        <button type="submit" disabled={busy}>Send me a link</button>
      </form>
      <form class="card" onSubmit={signUp} aria-labelledby="new-here">
        <h2 id="new-here">New here</h2>
        <p class="help">
          Nobody checks the address when the account is made. The first sign-in link you use from it proves it is yours, and because somebody else could have made the account with your
          address before you, that first link removes the password and signs out every other session (you may choose a new password then).
        </p>
        <label for="signup-name">Name</label>
        <input id="signup-name" name="name" required autocomplete="name" maxLength={100} />
        <label for="signup-email">E-mail</label>
        <input id="signup-email" name="email" type="email" required autocomplete="email" />
        <label for="signup-password">Password (8 or more characters)</label>
        <input id="signup-password" name="password" type="password" minLength={8} maxLength={128} required autocomplete="new-password" />
        <button type="submit" disabled={busy}>Make an account</button>
      </form>
    </div>
  );
}
