import { Link, moment, Notice, PageTitle, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must, problemOf, type Comment, type Issue } from '../api';
import { renderMarkdown } from '../markdown';
import { IssueActivity, IssueRequests } from './issue-history';
import { useShortcuts } from '../keyboard';
import { useSession, workspacePath } from '../session';

/** `/w/<slug>/issues/<id>`: an issue, its comments, and replying as an internal note or in public. */
export function IssuePage({ issueId }: { issueId: string }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const issue = useQuery({
    queryKey: ['issue', workspace!.id, issueId],
    queryFn: () => must(api.GET('/v1/issues/{issueId}', { params: { path: { issueId } } })),
  });
  const comments = useQuery({
    queryKey: ['comments', workspace!.id, issueId],
    queryFn: () => must(api.GET('/v1/issues/{issueId}/comments', { params: { path: { issueId }, query: { limit: 100 } } })),
  });
  useShortcuts({ Escape: () => history.back() }, []);

  if (issue.isPending) return <p class="loading">Loading the issue…</p>;
  if (issue.isError)
    return (
      <>
        <PageTitle>Issue not found</PageTitle>
        <Notice kind="error">{issue.error.message}</Notice>
        <p><Link href={workspacePath(workspace!, '/issues')}>Back to the issues</Link></p>
      </>
    );
  const shown = issue.data;
  const saved = (next: Issue) => queryClient.setQueryData(['issue', workspace!.id, issueId], next);

  return (
    <article class="issue-page">
      <p class="crumbs">
        <Link href={workspacePath(workspace!, '/issues')}>Issues</Link> · {shown.repository.fullName}#{shown.number} ·{' '}
        <a href={shown.htmlUrl} target="_blank" rel="noopener noreferrer">on GitHub</a>
      </p>
      <div class="issue-head">
        <PageTitle>{shown.title}</PageTitle>
        <StateBadge issue={shown} />
      </div>
      <div class="issue-columns">
        <div class="issue-body-column">
          <section aria-label="Description" class="comment">
            <p class="comment-meta">
              <strong>{shown.author?.login ?? 'someone'}</strong> opened it {moment(shown.createdAt)}
            </p>
            {shown.body ? <div class="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(shown.body) }} /> : <p class="empty">No description.</p>}
          </section>
          <h2>Comments</h2>
          {comments.isError ? <Notice kind="error">{comments.error.message}</Notice> : null}
          <ol class="comments">
            {(comments.data?.data ?? []).map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ol>
          <CommentForm
            issueId={issueId}
            publicRepository={!shown.repository.private}
            posted={(comment) => {
              queryClient.setQueryData(['comments', workspace!.id, issueId], (old: { data: Comment[]; nextCursor: string | null } | undefined) => ({
                data: [...(old?.data ?? []), comment],
                nextCursor: old?.nextCursor ?? null,
              }));
            }}
          />
        </div>
        <aside class="issue-side" aria-label="Details">
          <Details issue={shown} />
          <StateControl issue={shown} saved={saved} />
          <IssueRequests issue={shown} />
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

function Details({ issue }: { issue: Issue }) {
  const assignees = issue.assignees.flatMap((a) => (a ? [a.login] : []));
  return (
    <dl class="details">
      <div><dt>Assignees</dt><dd>{assignees.length ? assignees.join(', ') : 'Nobody'}</dd></div>
      <div>
        <dt>Labels</dt>
        <dd>{issue.labels.length ? issue.labels.map((l) => <span key={l.nodeId} class="label">{l.name}</span>) : 'None'}</dd>
      </div>
      <div><dt>Milestone</dt><dd>{issue.milestone?.title ?? 'None'}</dd></div>
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
      {busy ? <p class="meta" role="status">Writing to GitHub…</p> : null}
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

function CommentItem({ comment }: { comment: Comment }) {
  const who = comment.customer ? `${comment.customer.name} (customer, ${comment.customer.portalName})` : (comment.author?.login ?? 'someone');
  return (
    <li class={`comment comment-${comment.visibility}`}>
      <p class="comment-meta">
        <strong>{who}</strong> · {moment(comment.createdAt)}
        <span class={`visibility visibility-${comment.visibility}`}>{comment.visibility === 'public' ? 'Public' : 'Internal'}</span>
      </p>
      <div class="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(comment.body) }} />
    </li>
  );
}

function CommentForm({ issueId, publicRepository, posted }: { issueId: string; publicRepository: boolean; posted: (comment: Comment) => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<'internal' | 'public'>('internal');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (event: Event) => {
    event.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await api.POST('/v1/issues/{issueId}/comments', { params: { path: { issueId } }, body: { body, visibility } });
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    posted(data);
    setBody('');
    toast('ok', visibility === 'public' ? 'Public reply posted.' : 'Internal note posted.');
  };
  return (
    <form class="card comment-form" onSubmit={send} aria-labelledby="reply-heading">
      <h2 id="reply-heading">Reply</h2>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <fieldset>
        <legend>Who reads it</legend>
        <label class="choice">
          <input type="radio" name="visibility" value="internal" checked={visibility === 'internal'} onChange={() => setVisibility('internal')} />
          Internal note: not shown to portal customers
        </label>
        <label class="choice">
          <input type="radio" name="visibility" value="public" checked={visibility === 'public'} onChange={() => setVisibility('public')} />
          Public reply: customers following this issue on a portal will read it
        </label>
      </fieldset>
      <p class="help" id="comment-where">
        Either way it is written to GitHub as a comment on the issue.{' '}
        {publicRepository ? 'This repository is public: anybody on GitHub can read it there, internal notes too.' : 'This repository is private: on GitHub, the people with access to it read it.'}
      </p>
      <label for="comment-body">Comment (Markdown)</label>
      <textarea
        id="comment-body"
        aria-describedby="comment-where"
        rows={5}
        maxLength={65000}
        value={body}
        onInput={(e) => setBody((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') (e.currentTarget.form as HTMLFormElement).requestSubmit();
        }}
      />
      <button type="submit" class="primary" disabled={busy || !body.trim()}>
        {busy ? 'Posting to GitHub…' : visibility === 'public' ? 'Post public reply' : 'Add internal note'}
      </button>
    </form>
  );
}
