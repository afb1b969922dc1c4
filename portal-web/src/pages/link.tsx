import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Link } from '../router';
import { Notice, PageTitle } from '../ui';
import { SIGN_IN_ERRORS } from './sign-in';

/** A sign-in link's landing (`/sign-in/link#token=…`): trades the token for a session, once. */
export function LinkLanding() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    // The token leaves the address bar (and the history) at once.
    history.replaceState(null, '', '/sign-in/link');
    if (!token) {
      setFailed(true);
      return;
    }
    void api.GET('/portal/auth/magic-link/verify', { params: { query: { token } } }).then(({ response }) => {
      if (response.ok) window.location.assign('/');
      else setFailed(true);
    });
  }, []);
  return (
    <div class="narrow">
      <PageTitle>Signing in…</PageTitle>
      {failed ? (
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
