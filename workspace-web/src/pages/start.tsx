import { navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useEffect, useState } from 'preact/hooks';
import { account, problemOf } from '../api';
import { pendingInvitation } from '../invitation-memory';
import { useSession, workspacePath } from '../session';

/**
 * `/`: the current workspace's issues, or, for a person in no workspace yet, the first step of the
 * first run (make a workspace; GitHub comes next).
 */
export function StartPage() {
  const session = useSession();
  const { workspace } = session;
  useEffect(() => {
    if (!workspace) return;
    navigate(workspace.codehost.connected ? workspacePath(workspace, '/issues') : '/settings/codehost', { replace: true });
  }, [workspace?.id]);
  if (workspace) return <p class="loading">Opening {workspace.name}…</p>;
  return <FirstWorkspace />;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

export function FirstWorkspace() {
  const session = useSession();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invitation = pendingInvitation();

  const make = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const { data, error, response } = await account.POST('/v1/workspaces', { body: { name, slug } });
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    session.choose(data.id);
    await session.refresh();
    navigate('/settings/codehost');
  };

  return (
    <div class="narrow">
      <PageTitle>Welcome, {session.me.name}</PageTitle>
      <ol class="steps" aria-label="Getting started">
        <li aria-current="step">Make a workspace</li>
        <li>Link your GitHub account and connect the app</li>
        <li>Choose repositories to mirror</li>
        <li>Work on the issues</li>
      </ol>
      {invitation ? (
        <Notice kind="info">
          You opened an invitation before signing in. <a href={`/invitations/accept#token=${encodeURIComponent(invitation)}`}>Continue to your invitation</a>.
        </Notice>
      ) : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <form class="card" onSubmit={make} aria-labelledby="new-workspace">
        <h2 id="new-workspace">New workspace</h2>
        <p class="help">A workspace is your team: its members, its GitHub installation and the repositories it mirrors. You can be invited to others.</p>
        <label for="workspace-name">Name</label>
        <input
          id="workspace-name"
          name="name"
          required
          maxLength={100}
          value={name}
          onInput={(event) => {
            const value = (event.target as HTMLInputElement).value;
            setName(value);
            if (!slugEdited) setSlug(slugOf(value));
          }}
        />
        <label for="workspace-slug">Short name</label>
        <p class="help" id="workspace-slug-help">Lowercase letters, digits and hyphens; it is in the workspace's addresses.</p>
        <input
          id="workspace-slug"
          name="slug"
          required
          minLength={2}
          maxLength={40}
          pattern="[a-z0-9]([a-z0-9\-]*[a-z0-9])?"
          aria-describedby="workspace-slug-help"
          value={slug}
          onInput={(event) => {
            setSlugEdited(true);
            setSlug((event.target as HTMLInputElement).value);
          }}
        />
        <button type="submit" class="primary" disabled={busy}>Make the workspace</button>
      </form>
    </div>
  );
}
