import { Link, Notice, PageTitle } from '@svc/ui-kit';
import { useEffect, useState } from 'preact/hooks';
import { account, problemOf } from '../api';
import { keepInvitation, pendingInvitation } from '../invitation-memory';
import { workspacePath, type Session } from '../session';

type Found = { invitedBy: string; email: string; workspaceName: string; role: string };

/** `/invitations/accept#token=…`: what the invitation is for, then sign in (and come back) or accept. */
export function InvitationPage({ session, joined }: { session: Session | null; joined: () => Promise<void> }) {
  const [token] = useState(() => {
    const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('token');
    history.replaceState(null, '', window.location.pathname);
    return fromLink || pendingInvitation();
  });
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : 'This page needs the link from your invitation e-mail, whole.');
  const [accepted, setAccepted] = useState<{ name: string; slug: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    keepInvitation(token);
    void (async () => {
      const { data, response } = await account.POST('/account/invitations/lookup', { body: { token } });
      if (!data) {
        keepInvitation(null);
        setProblem(
          response.status === 409
            ? 'This invitation has expired or was already accepted.'
            : response.status === 404
              ? 'This invitation is no longer valid: it was withdrawn, or sent again with a new link (use the newest e-mail), or the link is not whole.'
              : problemOf(undefined, response),
        );
        return;
      }
      setFound(data as Found);
    })();
  }, [token]);

  const accept = async () => {
    const { data, error, response } = await account.POST('/account/invitations/accept', { body: { token: token! } });
    if (!data) return setProblem(problemOf(error, response));
    keepInvitation(null);
    setAccepted({ name: data.name, slug: data.slug });
    await joined();
  };

  // The invitation stays remembered, so signing in again comes back here.
  const signOut = async () => {
    await account.POST('/auth/sign-out').catch(() => undefined);
    await joined();
  };

  return (
    <div class="narrow">
      <PageTitle>Invitation</PageTitle>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {accepted ? (
        <>
          <Notice kind="ok">You joined {accepted.name}.</Notice>
          <p><Link href={workspacePath(accepted, '/issues')}>Open its issues</Link></p>
        </>
      ) : found ? (
        <div class="card">
          <p>
            {found.invitedBy} invites {found.email} to {found.workspaceName} as {found.role}.
          </p>
          {session && session.me.email.toLowerCase() !== found.email.toLowerCase() ? (
            <>
              <p>You are signed in as {session.me.email}, but the invitation is for {found.email}. Sign out, then sign in (or make an account) with {found.email}; you come back here afterwards.</p>
              <button type="button" class="primary" onClick={signOut}>Sign out</button>
            </>
          ) : session ? (
            <button type="button" class="primary" onClick={accept}>Accept as {session.me.email}</button>
          ) : (
            <>
              <p>Sign in (or make an account) with that e-mail address first; you come back here afterwards.</p>
              <Link href="/signin" class="button primary">Sign in</Link>
            </>
          )}
        </div>
      ) : !problem ? (
        <p class="loading">Looking up the invitation…</p>
      ) : null}
    </div>
  );
}
