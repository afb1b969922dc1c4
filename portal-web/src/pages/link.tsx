import { useEffect, useState } from 'preact/hooks';
import { Link, Notice, PageTitle } from '@svc/ui-kit';
import { api, problemOf } from '../api';
import { SIGN_IN_ERRORS } from './sign-in';

type Landing = 'exchanging' | 'failed' | 'password_removed' | 'password_set';

/**
 * A sign-in link's landing (`/sign-in/link#token=…`): trades the token for a session, once. A
 * first link to an account made with a password removes that password (the sign-in library's
 * guard against somebody having registered the address before its owner): the customer is told
 * here, where it happens, and may choose a new password at once.
 */
/** `signedIn` tells the rest of the site (its header) that there is a session now. */
export function LinkLanding({ signedIn }: { signedIn: () => Promise<void> }) {
  const [landing, setLanding] = useState<Landing>('exchanging');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    // The token leaves the address bar (and the history) at once.
    history.replaceState(null, '', '/sign-in/link');
    if (!token) {
      setLanding('failed');
      return;
    }
    void api.GET('/portal/auth/magic-link/verify', { params: { query: { token } } }).then(({ data, response }) => {
      if (!response.ok) setLanding('failed');
      else if (data?.passwordRemoved) {
        setLanding('password_removed');
        void signedIn();
      }
      else window.location.assign('/');
    });
  }, []);

  const choosePassword = async (event: Event) => {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget as HTMLFormElement).get('newPassword'));
    setBusy(true);
    setProblem(null);
    const { error, response } = await api.POST('/portal/auth/set-password', { body: { newPassword } });
    setBusy(false);
    if (error || !response.ok) setProblem(problemOf(error, response));
    else setLanding('password_set');
  };

  if (landing === 'password_removed' || landing === 'password_set') {
    return (
      <div class="narrow">
        <PageTitle>You are signed in</PageTitle>
        {landing === 'password_set' ? (
          <>
            <Notice kind="ok">Your new password is set: you can sign in with it, or with a link.</Notice>
            <p><Link href="/">Go on to your requests</Link></p>
          </>
        ) : (
          <>
            <Notice kind="info">
              This link confirmed your e-mail address for the first time. Because anybody could have made this account with your address
              before you, its password was removed and every other session was signed out. Choose a new password to sign in with one again,
              or go on and sign in with links.
            </Notice>
            {problem ? <Notice kind="error">{problem}</Notice> : null}
            <form class="card" onSubmit={choosePassword} aria-labelledby="new-password-heading">
              <h2 id="new-password-heading">Choose a new password</h2>
              <label for="new-password">New password</label>
              <input id="new-password" name="newPassword" type="password" required minLength={8} maxLength={128} autoComplete="new-password" aria-describedby="new-password-help" />
              <p class="help" id="new-password-help">At least 8 characters.</p>
              <button type="submit" class="primary" disabled={busy}>Set my password</button>
            </form>
            <p><Link href="/">Go on without a password</Link></p>
          </>
        )}
      </div>
    );
  }
  return (
    <div class="narrow">
      <PageTitle>Signing in…</PageTitle>
      {landing === 'failed' ? (
        <>
          <Notice kind="error">{SIGN_IN_ERRORS.link_invalid}</Notice>
          <p><Link href="/sign-in">Go to the sign-in page</Link></p>
        </>
      ) : (
        <p>One moment.</p>
      )}
    </div>
  );
}
