import { navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useEffect, useState } from 'preact/hooks';
import { account, problemOf } from '../api';
import { afterSignIn } from '../invitation-memory';
import { signInErrorWords } from '../words';

/** `/sign-in/link#token=…`: a sign-in link's landing. The token leaves the address bar first. */
export function LinkLanding({ signedIn }: { signedIn: () => Promise<void> }) {
  const [state, setState] = useState<'working' | 'failed' | 'password-removed'>('working');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setProblem('This page needs the link from your sign-in e-mail, whole.');
      setState('failed');
      return;
    }
    void (async () => {
      const { data, error, response } = await account.GET('/auth/magic-link/verify', { params: { query: { token } } });
      if (!response.ok || !data) {
        setProblem(response.status === 401 ? signInErrorWords('invalid_token') : problemOf(error, response));
        setState('failed');
        return;
      }
      await signedIn();
      if (data.passwordRemoved) setState('password-removed');
      else navigate(afterSignIn(null), { replace: true });
    })();
  }, []);

  const choose = async (event: Event) => {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget as HTMLFormElement).get('newPassword'));
    const { error, response } = await account.POST('/auth/set-password', { body: { newPassword } });
    if (response.ok) navigate(afterSignIn(null), { replace: true });
    else setProblem(problemOf(error, response));
  };

  if (state === 'working') return <div class="narrow"><PageTitle>Signing in…</PageTitle></div>;
  if (state === 'failed')
    return (
      <div class="narrow">
        <PageTitle>This link did not sign you in</PageTitle>
        <Notice kind="error">{problem}</Notice>
        <p><a href="/signin">Go to the sign-in page</a> to ask for a new link.</p>
      </div>
    );
  return (
    <div class="narrow">
      <PageTitle>You are signed in</PageTitle>
      <Notice kind="info">
        This link verified your e-mail address for the first time. Because anybody could have made this account with your address before you, its password was removed and every other
        session was signed out. Choose a new password to sign in with it again, or go on and sign in with links.
      </Notice>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <form class="card" onSubmit={choose}>
        <label for="new-password">New password (8 or more characters)</label>
        <input id="new-password" name="newPassword" type="password" minLength={8} maxLength={128} required autocomplete="new-password" />
        <div class="button-row">
          <button type="submit" class="primary">Set the password</button>
          <button type="button" onClick={() => navigate(afterSignIn(null), { replace: true })}>Go on without a password</button>
        </div>
      </form>
    </div>
  );
}
