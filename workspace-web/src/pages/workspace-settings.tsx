import { navigate, Notice, PageTitle, toast } from '@svc/ui-kit';
import { useState } from 'preact/hooks';
import { inWorkspace } from '../api';
import { attempt } from '../issue-data';
import { roleAtLeast, useSession, workspacePath } from '../session';

/**
 * `/w/<slug>/settings/workspace`: the workspace's name and slug, read by everyone, changed by admins
 * and owners (PATCH /v1/workspace). The slug is in every address of the workspace's pages, so a
 * new one moves this page too: it comes back with `?moved=<old slug>` to say so.
 */
export function WorkspaceSettingsPage({ location }: { location: URL }) {
  const session = useSession();
  const workspace = session.workspace!;
  const renames = roleAtLeast(workspace.role, 'admin');
  const moved = location.searchParams.get('moved');
  const [slug, setSlug] = useState(workspace.slug);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field?: string } | null>(null);

  const save = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const name = String(data.get('name') ?? '').trim();
    const nextSlug = String(data.get('slug') ?? '').trim();
    const body = { ...(name !== workspace.name ? { name } : {}), ...(nextSlug !== workspace.slug ? { slug: nextSlug } : {}) };
    if (!body.name && !body.slug) return setProblem({ text: 'Nothing to save: the name and the slug are as they were.' });
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => inWorkspace(workspace.id).PATCH('/v1/workspace', { body }));
    setBusy(false);
    if (!outcome.ok) return setProblem({ text: outcome.problem, field: outcome.field });
    // The main navigation and every link are drawn from the session's copy of the workspace.
    await session.refresh();
    if (body.slug) {
      navigate(`${workspacePath(outcome.data, '/settings/workspace')}?moved=${encodeURIComponent(workspace.slug)}`, { replace: true });
    } else {
      toast('ok', `The workspace is now called ${outcome.data.name}.`);
    }
  };

  const slugProblem = problem?.field === 'slug' ? problem.text : null;
  const nameProblem = problem?.field === 'name' ? problem.text : null;
  const address = (s: string) => `${window.location.origin}${workspacePath({ slug: s })}`;
  return (
    <>
      <PageTitle>Workspace</PageTitle>
      {moved ? (
        <Notice kind="ok">
          The workspace's address is now {address(workspace.slug)}. Links and bookmarks to the old address, {address(moved)}, no longer lead here.
        </Notice>
      ) : null}
      {renames ? (
        <form class="card workspace-form" onSubmit={save}>
          <label for="workspace-settings-name">Name</label>
          <input id="workspace-settings-name" name="name" required maxLength={100} defaultValue={workspace.name} aria-invalid={nameProblem ? true : undefined} aria-describedby={nameProblem ? 'workspace-name-problem' : undefined} />
          {nameProblem ? <p id="workspace-name-problem" class="problem">{nameProblem}</p> : null}
          <label for="workspace-settings-slug">Slug</label>
          <p id="workspace-slug-help" class="help">
            Part of every address of this workspace's pages: lowercase letters, digits and hyphens.
            {slug !== workspace.slug ? ` Saving moves them to ${address(slug || '…')}; links to the old address stop working.` : ''}
          </p>
          <input
            id="workspace-settings-slug"
            name="slug"
            required
            minLength={2}
            maxLength={40}
            pattern="[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?"
            value={slug}
            onInput={(e) => setSlug((e.target as HTMLInputElement).value.trim())}
            aria-invalid={slugProblem ? true : undefined}
            aria-describedby={slugProblem ? 'workspace-slug-help workspace-slug-problem' : 'workspace-slug-help'}
          />
          {slugProblem ? <p id="workspace-slug-problem" class="problem">{slugProblem}</p> : null}
          {problem && !slugProblem && !nameProblem ? <Notice kind="error">{problem.text}</Notice> : null}
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>{busy ? 'Saving…' : 'Save'}</button>
          </div>
        </form>
      ) : (
        <>
          <dl class="workspace-facts">
            <dt>Name</dt>
            <dd>{workspace.name}</dd>
            <dt>Slug</dt>
            <dd>{workspace.slug} <span class="meta">({address(workspace.slug)})</span></dd>
          </dl>
          <p class="help">You are a {workspace.role}: only admins and owners rename the workspace.</p>
        </>
      )}
    </>
  );
}
