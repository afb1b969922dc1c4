import { Link, Notice, PageTitle } from '@svc/ui-kit';
import { useEffect, useState } from 'preact/hooks';
import { account, problemOf } from '../api';
import { useSession, type Session } from '../session';

/**
 * Changing the address one signs in with (decision 0079): asked for on the account page, made when
 * the link mailed to the new address opens `/confirm-email#token=…`.
 */
export function EmailCard() {
  const { me } = useSession();
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const ask = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setAsked(null);
    const newEmail = next.trim();
    const { error, response } = await account.POST('/auth/change-email', { body: { newEmail } });
    setBusy(false);
    if (!response.ok) return setProblem(problemOf(error, response));
    setAsked(newEmail);
    setNext('');
  };
  return (
    <form class="card" onSubmit={ask}>
      <h2>E-mail</h2>
      <p>
        You sign in as <strong>{me.email}</strong>. It is where sign-in links, invitations and notifications go.
      </p>
      <p>{me.codehost ? `GitHub account linked: ${me.codehost.login}.` : 'No GitHub account linked yet.'}</p>
      <label for="account-new-email">New e-mail address</label>
      <p class="help" id="account-new-email-help">
        We mail a link to the new address; it becomes yours when you open the link, within an hour. Until then you sign in as before, and {me.email} is told that a change was asked.
      </p>
      <input
        id="account-new-email"
        type="email"
        value={next}
        onInput={(e) => setNext((e.target as HTMLInputElement).value)}
        required
        maxLength={320}
        autocomplete="email"
        aria-describedby="account-new-email-help"
        disabled={busy}
      />
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      {asked ? (
        <Notice kind="ok">
          A link is on its way to {asked}. Open it to make it your address; until then you sign in as {me.email}.
        </Notice>
      ) : null}
      <div class="button-row">
        <button type="submit" class="primary" disabled={busy || !next.trim()}>Send the confirmation link</button>
      </div>
    </form>
  );
}

/** `/confirm-email#token=…`: where the link mailed to a new address lands. The token leaves the address bar first. */
export function EmailConfirmPage({ session, confirmed }: { session: Session | null; confirmed: () => Promise<void> }) {
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'failed'; problem: string } | { kind: 'done'; email: string }>({ kind: 'working' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    history.replaceState(null, '', window.location.pathname);
    if (!token) return setState({ kind: 'failed', problem: 'This page needs the link from the e-mail, whole.' });
    void (async () => {
      const { data, error, response } = await account.GET('/auth/change-email/verify', { params: { query: { token } } });
      if (!response.ok || !data) return setState({ kind: 'failed', problem: problemOf(error, response) });
      // A session in this browser answers with the new address from now on.
      await confirmed();
      setState({ kind: 'done', email: data.user.email });
    })();
  }, []);

  if (state.kind === 'working') return <div class="narrow"><PageTitle>Confirming your new address…</PageTitle></div>;
  if (state.kind === 'failed')
    return (
      <div class="narrow">
        <PageTitle>Your address was not changed</PageTitle>
        <Notice kind="error">{state.problem}</Notice>
        <p>{session ? <Link href="/settings/account">Ask for a new link on your account page.</Link> : <Link href="/signin">Sign in to ask for a new link.</Link>}</p>
      </div>
    );
  return (
    <div class="narrow">
      <PageTitle>Your e-mail address is changed</PageTitle>
      <Notice kind="ok">You sign in as {state.email} from now on; the old address no longer signs in.</Notice>
      <p>{session ? <Link href="/settings/account">Back to your account</Link> : <Link href="/signin">Sign in with {state.email}</Link>}</p>
    </div>
  );
}
