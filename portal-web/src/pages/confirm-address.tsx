import { useEffect, useState } from 'preact/hooks';
import { Link, Notice, PageTitle } from '@svc/ui-kit';
import { api, problemOf } from '../api';

/** Where a confirmation token waits while its owner signs in (this tab only, never a URL). */
const PENDING_TOKEN = 'svc-portal-address-token';

/**
 * The "check your e-mail" notice of a password sign-up whose address is not confirmed, with a
 * button that sends the link again. Shown after sign-up and on the requests page until confirmed.
 */
export function CheckYourEmail({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const resend = async () => {
    setState('sending');
    setProblem(null);
    const { error, response } = await api.POST('/portal/auth/resend-address-confirmation');
    setState(response.ok ? 'sent' : 'idle');
    if (!response.ok) setProblem(problemOf(error, response));
  };
  return (
    <Notice kind="info">
      <p>
        <strong>Check your e-mail.</strong> We sent a link to {email}. Open it here, signed in, to confirm your address: until you do,
        your requests wait for the team.
      </p>
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      <p role="status">
        {state === 'sent' ? (
          'A new link is on its way.'
        ) : (
          <button type="button" class="link-button" disabled={state === 'sending'} onClick={resend}>
            Send the link again
          </button>
        )}
      </p>
    </Notice>
  );
}

/**
 * The confirmation link's landing (`/verify-email#token=…`): the token leaves the address bar at
 * once, and is used with the session of the account it was sent for. Signed out, it waits in this
 * tab while the customer signs in, and the sign-in comes back here.
 */
export function ConfirmAddressPage({ signedIn, refresh }: { signedIn: boolean; refresh: () => Promise<void> }) {
  const [landing, setLanding] = useState<'confirming' | 'confirmed' | 'sign_in' | 'failed'>('confirming');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (fromLink) {
      sessionStorage.setItem(PENDING_TOKEN, fromLink);
      history.replaceState(null, '', '/verify-email');
    }
    const token = sessionStorage.getItem(PENDING_TOKEN);
    if (!token) return setLanding('failed');
    if (!signedIn) return setLanding('sign_in');
    void api.POST('/portal/auth/confirm-address', { body: { token } }).then(async ({ error, response }) => {
      sessionStorage.removeItem(PENDING_TOKEN);
      if (!response.ok) {
        setProblem(problemOf(error, response));
        setLanding('failed');
        return;
      }
      await refresh();
      setLanding('confirmed');
    });
  }, [signedIn]);

  return (
    <div class="narrow">
      <PageTitle>Confirm your address</PageTitle>
      {landing === 'confirming' ? <p class="loading">Confirming…</p> : null}
      {landing === 'confirmed' ? (
        <>
          <Notice kind="ok">Your address is confirmed. The team can now take up your requests.</Notice>
          <p><Link href="/">Go on to your requests</Link></p>
        </>
      ) : null}
      {landing === 'sign_in' ? (
        <>
          <Notice kind="info">Sign in to the account you made with this address, and we confirm it straight after.</Notice>
          <p><Link href="/sign-in?next=/verify-email">Sign in</Link></p>
        </>
      ) : null}
      {landing === 'failed' ? (
        <>
          <Notice kind="error">{problem ?? 'This page needs the link from the e-mail we sent you.'}</Notice>
          <p><Link href="/">Go to your requests</Link>, where you can ask for a new link.</p>
        </>
      ) : null}
    </div>
  );
}
