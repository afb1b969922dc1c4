import { moment, navigate, Notice, PageTitle, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { account, must, problemOf } from '../api';
import { useSession } from '../session';
import { EmailCard } from './email-change';

/**
 * `/settings/account`: the person's own account, whatever workspace they look at: their name, the
 * e-mail they sign in with, their password, their sessions (each can be signed out, or all), and
 * how to reach the API.
 */
export function AccountPage() {
  const { me } = useSession();
  return (
    <div class="narrow">
      <PageTitle>Your account</PageTitle>
      <NameCard />
      <EmailCard />
      <PasswordCard />
      <SessionsCard />
      <div class="card">
        <h2>The API</h2>
        <p>
          Everything here is the public API (<a href="/docs">reference</a>). A script calls it with an API key (<code>Authorization: Bearer svc_…</code>), which a workspace's
          admins make; the walk-through in the docs shows every step with curl.
        </p>
      </div>
    </div>
  );
}

function NameCard() {
  const { me, refresh } = useSession();
  const [name, setName] = useState(me.name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const { error, response } = await account.POST('/auth/update-user', { body: { name } });
    setBusy(false);
    if (!response.ok) return setProblem(problemOf(error, response));
    await refresh();
    toast('ok', 'Your name is changed.');
  };
  return (
    <form class="card" onSubmit={save}>
      <h2>Name</h2>
      <p class="help">What your colleagues see, and customers beside your public replies.</p>
      <label for="account-name">Your name</label>
      <input id="account-name" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} required maxLength={200} autocomplete="name" disabled={busy} />
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      <div class="button-row">
        <button type="submit" class="primary" disabled={busy || !name.trim() || name.trim() === me.name}>Save name</button>
      </div>
    </form>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [others, setOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [noPassword, setNoPassword] = useState(false);
  const queryClient = useQueryClient();
  const done = () => {
    setCurrent('');
    setNext('');
    void queryClient.invalidateQueries({ queryKey: ['sessions'] });
  };
  const change = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const { error, response } = await account.POST('/auth/change-password', { body: { currentPassword: current, newPassword: next, revokeOtherSessions: others } });
    setBusy(false);
    if (!response.ok) {
      // A wrong current password is 422 with the reason `invalid_password`, as is an account without one.
      const reason = (error as { error?: { detail?: { reason?: string } } } | undefined)?.error?.detail?.reason;
      return setProblem(reason === 'invalid_password' ? 'That is not your current password. (An account made by sign-in link has none yet: set one below.)' : problemOf(error, response));
    }
    done();
    toast('ok', others ? 'Your password is changed, and your other sessions are signed out.' : 'Your password is changed.');
  };
  const set = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const { error, response } = await account.POST('/auth/set-password', { body: { newPassword: next } });
    setBusy(false);
    if (!response.ok) return setProblem(response.status === 409 ? 'Your account has a password already: change it above with the current one.' : problemOf(error, response));
    done();
    setNoPassword(false);
    toast('ok', 'Your password is set: you can sign in with it too.');
  };
  return (
    <div class="card">
      <h2>Password</h2>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {noPassword ? (
        <form onSubmit={set}>
          <p class="help">For an account made by sign-in link, which has no password yet.</p>
          <label for="account-first-password">New password (8 characters or more)</label>
          <input id="account-first-password" type="password" value={next} onInput={(e) => setNext((e.target as HTMLInputElement).value)} minLength={8} maxLength={128} required autocomplete="new-password" disabled={busy} />
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>Set password</button>
            <button type="button" disabled={busy} onClick={() => setNoPassword(false)}>Cancel</button>
          </div>
        </form>
      ) : (
        <form onSubmit={change}>
          <label for="account-current-password">Current password</label>
          <input id="account-current-password" type="password" value={current} onInput={(e) => setCurrent((e.target as HTMLInputElement).value)} required maxLength={128} autocomplete="current-password" disabled={busy} />
          <label for="account-new-password">New password (8 characters or more)</label>
          <input id="account-new-password" type="password" value={next} onInput={(e) => setNext((e.target as HTMLInputElement).value)} minLength={8} maxLength={128} required autocomplete="new-password" disabled={busy} />
          <label class="field-checkbox">
            <input type="checkbox" checked={others} onChange={(e) => setOthers((e.target as HTMLInputElement).checked)} disabled={busy} />
            <span>Sign out my other sessions (this one stays)</span>
          </label>
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>Change password</button>
            <button type="button" class="link-button" onClick={() => setNoPassword(true)}>I have no password yet</button>
          </div>
        </form>
      )}
    </div>
  );
}

/** What a browser's user agent says, in a few words. */
function describeAgent(agent: string | null): string {
  if (!agent) return 'An unknown client';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrom(e|ium)\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : null;
  const system = /Windows/.test(agent) ? 'Windows' : /Mac OS X|Macintosh/.test(agent) ? 'macOS' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Linux/.test(agent) ? 'Linux' : null;
  if (browser) return system ? `${browser} on ${system}` : browser;
  return agent.length > 60 ? `${agent.slice(0, 57)}…` : agent;
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: () => must(account.GET('/account/sessions')) });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const end = async (id: string, current: boolean) => {
    setBusy(id);
    setProblem(null);
    const { error, response } = await account.DELETE('/account/sessions/{sessionId}', { params: { path: { sessionId: id } } });
    setBusy(null);
    if (!response.ok) return setProblem(problemOf(error, response));
    if (current) {
      navigate('/signin?signed_out=1');
      window.location.reload();
      return;
    }
    toast('ok', 'That session is signed out.');
    await queryClient.invalidateQueries({ queryKey: ['sessions'] });
  };
  const everywhere = async () => {
    const { error, response } = await account.POST('/account/sign-out-everywhere');
    if (!response.ok) return setProblem(problemOf(error, response));
    navigate('/signin?signed_out=1');
    window.location.reload();
  };

  return (
    <div class="card">
      <h2>Sessions</h2>
      <p class="help">Each browser or device you signed in on. Signing one out ends it at its next request. API keys are not sessions and keep working.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {sessions.isError ? <Notice kind="error">{sessions.error.message}</Notice> : null}
      {sessions.isPending ? <p class="loading">Loading your sessions…</p> : null}
      <ul class="plain-list sessions">
        {sessions.data?.data.map((s) => (
          <li key={s.id} class="row">
            <div>
              <strong>{describeAgent(s.userAgent)}</strong>
              {s.current ? <span class="badge current-session">This browser</span> : null}
              <p class="meta">
                Signed in {moment(s.createdAt)}
                {s.ipAddress ? ` from ${s.ipAddress}` : ''} · last used {moment(s.lastUsedAt)}
              </p>
            </div>
            <button type="button" class="small" disabled={busy !== null} aria-label={`Sign out ${s.current ? 'this browser' : `${describeAgent(s.userAgent)}, signed in ${moment(s.createdAt)}`}`} onClick={() => end(s.id, s.current)}>
              Sign out
            </button>
          </li>
        ))}
      </ul>
      <p>Signing out everywhere ends every session of yours, this one too.</p>
      <button type="button" class="danger" onClick={everywhere}>Sign out everywhere</button>
    </div>
  );
}
