import { navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useState } from 'preact/hooks';
import { account, problemOf } from '../api';
import { useSession } from '../session';

/** `/settings/account`: who is signed in, how to reach the API, sign out everywhere. */
export function AccountPage() {
  const { me } = useSession();
  const [problem, setProblem] = useState<string | null>(null);

  const everywhere = async () => {
    const { error, response } = await account.POST('/account/sign-out-everywhere');
    if (!response.ok) return setProblem(problemOf(error, response));
    navigate('/signin?signed_out=1');
    window.location.reload();
  };

  return (
    <div class="narrow">
      <PageTitle>Your account</PageTitle>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <div class="card">
        <p>
          Signed in as <strong>{me.name}</strong> &lt;{me.email}&gt;.
        </p>
        <p>{me.codehost ? `GitHub account linked: ${me.codehost.login}.` : 'No GitHub account linked yet.'}</p>
      </div>
      <div class="card">
        <h2>The API</h2>
        <p>
          Everything here is the public API (<a href="/docs">reference</a>). A script calls it with an API key (<code>Authorization: Bearer svc_…</code>), which a workspace's
          admins make; the walk-through in the docs shows every step with curl.
        </p>
      </div>
      <div class="card">
        <h2>Sessions</h2>
        <p>Signing out everywhere ends every session of yours, this one too. API keys keep working.</p>
        <button type="button" class="danger" onClick={everywhere}>Sign out everywhere</button>
      </div>
    </div>
  );
}
