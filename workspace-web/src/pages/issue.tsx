import { Link, moment, Notice, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must, problemOf, type Issue } from '../api';
import { canWrite } from '../issue-data';
import { IssueActivity, IssueRequests } from './issue-history';
import { typingIn, useShortcuts } from '../keyboard';
import { useSession, workspacePath } from '../session';
import { Conversation } from './conversation';
import { FollowButton } from './follow-button';
import { AssigneesField, IssueBody, IssueTitle, LabelsField, MilestoneField, ProjectCards } from './issue-edit';
import { Missing, missingTitle } from './missing';

/**
 * `/w/<slug>/issues/<id>`: an issue, its comments, and replying as an internal note or in public.
 * A member edits the title, description, labels, assignees, milestone, state and project fields
 * here, and their own comments (pages/issue-edit.tsx says how a write and its refusal are shown).
 */
export function IssuePage({ issueId }: { issueId: string }) {
  const { workspace } = useSession();
  const editable = canWrite(workspace);
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const issue = useQuery({
    queryKey: ['issue', workspace!.id, issueId],
    queryFn: () => must(api.GET('/v1/issues/{issueId}', { params: { path: { issueId } } })),
  });
  // Escape goes back to where the person came from, but never out of a field they are typing in.
  useShortcuts({ Escape: (event) => !typingIn(event.target) && history.back() }, []);

  if (issue.isPending) return <p class="loading">Loading the issue…</p>;
  if (issue.isError) return <Missing title={missingTitle(issue.error, 'Issue')} problem={issue.error.message} back={{ href: workspacePath(workspace!, '/issues'), label: 'Back to the issues' }} />;
  const shown = issue.data;
  const saved = (next: Issue) => queryClient.setQueryData(['issue', workspace!.id, issueId], next);

  return (
    <article class="issue-page">
      <p class="crumbs">
        <Link href={workspacePath(workspace!, '/issues')}>Issues</Link> · {shown.repository.fullName}#{shown.number} ·{' '}
        <a href={shown.htmlUrl} target="_blank" rel="noopener noreferrer">on GitHub</a>
      </p>
      <IssueTitle issue={shown} canEdit={editable} badge={<StateBadge issue={shown} />} />
      <div class="issue-columns">
        <div class="issue-body-column">
          <section aria-label="Description" class="comment">
            <p class="comment-meta">
              <strong>{shown.author?.login ?? 'someone'}</strong> opened it {moment(shown.createdAt)}
            </p>
            <IssueBody issue={shown} canEdit={editable} />
          </section>
          <Conversation issueId={issueId} publicRepository={!shown.repository.private} canEdit={editable} />
        </div>
        <aside class="issue-side" aria-label="Details">
          <AssigneesField issue={shown} canEdit={editable} />
          <LabelsField issue={shown} canEdit={editable} />
          <MilestoneField issue={shown} canEdit={editable} />
          <ProjectCards issue={shown} canEdit={editable} />
          <FollowButton issueId={issueId} />
          <Details issue={shown} />
          {editable ? <StateControl issue={shown} saved={saved} /> : null}
          <IssueRequests issue={shown} canShare={editable} />
          <IssueActivity workspaceId={workspace!.id} issueId={issueId} />
        </aside>
      </div>
    </article>
  );
}

function StateBadge({ issue }: { issue: Issue }) {
  const words = issue.state === 'open' ? 'Open' : issue.stateReason === 'not_planned' ? 'Closed as not planned' : issue.stateReason === 'duplicate' ? 'Closed as duplicate' : 'Closed';
  return <span class={`badge issue-state-${issue.state}`}>{words}</span>;
}

/** What is shown and not edited here. */
function Details({ issue }: { issue: Issue }) {
  return (
    <dl class="details">
      {issue.subIssues && issue.subIssues.total > 0 ? (
        <div><dt>Sub-issues</dt><dd>{issue.subIssues.completed} of {issue.subIssues.total} done</dd></div>
      ) : null}
      <div><dt>Repository</dt><dd>{issue.repository.fullName}{issue.repository.private ? ' (private)' : ' (public)'}</dd></div>
    </dl>
  );
}

/**
 * Close (with its reason) or reopen. GitHub is written first: the button says so while it waits,
 * and a refusal is said in words with the issue left as it really is.
 */
function StateControl({ issue, saved }: { issue: Issue; saved: (issue: Issue) => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (state: 'open' | 'closed', stateReason?: 'completed' | 'not_planned') => {
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await api.PATCH('/v1/issues/{issueId}', {
      params: { path: { issueId: issue.id } },
      body: state === 'closed' ? { state, stateReason: stateReason ?? 'completed' } : { state },
    });
    setBusy(false);
    if (data) {
      saved(data);
      toast('ok', state === 'closed' ? 'Closed on GitHub.' : 'Reopened on GitHub.');
    } else setProblem(problemOf(error, response));
  };
  return (
    <div class="state-control">
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {busy ? <p class="meta" role="status">Saving to GitHub…</p> : null}
      {issue.state === 'open' ? (
        <div class="button-row">
          <button type="button" disabled={busy} onClick={() => change('closed', 'completed')}>Close as completed</button>
          <button type="button" disabled={busy} onClick={() => change('closed', 'not_planned')}>Close as not planned</button>
        </div>
      ) : (
        <button type="button" disabled={busy} onClick={() => change('open')}>Reopen</button>
      )}
    </div>
  );
}
