import { Dialog, moment, Notice, toast } from '@svc/ui-kit';
import type { ComponentChildren } from 'preact';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/preact-query';
import { useEffect, useRef, useState } from 'preact/hooks';
import { inWorkspace, must, problemOf, type Comment } from '../api';
import { attempt } from '../issue-data';
import { CommentFileLinks, CommentFilePicker, type PickedFile } from './comment-files';
import { renderMarkdown } from '../markdown';
import { MarkdownEditor } from '../markdown-editor';
import { useSession } from '../session';

type CommentPage = { data: Comment[]; nextCursor: string | null };

/**
 * An issue's comments in order, each marked internal or public, and the reply form: on the issue
 * page, and on a request's page where the public replies are the conversation its customers read.
 * `publicReaders` says there who reads a public reply and who is e-mailed.
 */
export function Conversation(props: { issueId: string; publicRepository: boolean; canEdit: boolean; heading?: string; publicReaders?: ComponentChildren }) {
  const { issueId, canEdit } = props;
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const commentsKey = ['comments', workspace!.id, issueId];
  // Every comment, a page of 100 after another (an issue can have thousands): the first page is
  // drawn at once and the rest follow.
  const comments = useInfiniteQuery({
    queryKey: commentsKey,
    queryFn: ({ pageParam }) => must(api.GET('/v1/issues/{issueId}/comments', { params: { path: { issueId }, query: { limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !comments.isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, comments.isError, fetchNextPage]);
  const list = comments.data?.pages.flatMap((p) => p.data) ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  /** Changes the comments held, page by page; a new comment goes on the last page once every page is here (else paging brings it). */
  const updateComments = (change: { edited?: Comment; deletedId?: string; posted?: Comment }) =>
    queryClient.setQueryData(commentsKey, (old: InfiniteData<CommentPage, string> | undefined) => {
      if (!old) return old;
      const pages = old.pages.map((page) => ({
        ...page,
        data: page.data.filter((c) => c.id !== change.deletedId).map((c) => (change.edited && c.id === change.edited.id ? change.edited : c)),
      }));
      const last = pages[pages.length - 1];
      // A refetch the live stream asked for may have brought it already.
      const held = change.posted !== undefined && pages.some((page) => page.data.some((c) => c.id === change.posted!.id));
      if (change.posted && !held && last && !last.nextCursor) pages[pages.length - 1] = { ...last, data: [...last.data, change.posted] };
      return { ...old, pages };
    });
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>{props.heading ?? 'Comments'}</h2>
      {comments.isError ? <Notice kind="error">{comments.error.message}</Notice> : null}
      {comments.data && list.length === 0 ? <p class="empty">No comments yet.</p> : null}
      <ol class="comments">
        {list.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            issueId={issueId}
            canEdit={canEdit}
            edited={(next) => updateComments({ edited: next })}
            deleted={() => {
              updateComments({ deletedId: comment.id });
              heading.current?.focus();
            }}
            reread={() => queryClient.invalidateQueries({ queryKey: commentsKey })}
          />
        ))}
      </ol>
      {hasNextPage ? <p class="loading" role="status">Loading more comments…</p> : null}
      {canEdit ? (
        <CommentForm issueId={issueId} publicRepository={props.publicRepository} publicReaders={props.publicReaders} posted={(comment) => updateComments({ posted: comment })} />
      ) : null}
    </>
  );
}

/**
 * One comment. The person's own (`mine`, as the API says) can be edited and deleted: GitHub first,
 * the page then shows the answer; a refusal is said in words and the comment shown as stored.
 */
function CommentItem(props: { comment: Comment; issueId: string; canEdit: boolean; edited: (c: Comment) => void; deleted: () => void; reread: () => void }) {
  const { comment, issueId } = props;
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const who = comment.customer ? `${comment.customer.name} (customer, ${comment.customer.portalName})` : (comment.author?.login ?? 'someone');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const inputId = `comment-edit-${comment.id}`;
  const own = props.canEdit && comment.mine;
  const when = moment(comment.createdAt);

  const open = (keepDraft = false) => {
    if (!keepDraft) setDraft(comment.body);
    setProblem(null);
    setEditing(true);
    setTimeout(() => document.getElementById(inputId)?.focus(), 0);
  };
  const close = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    if (!draft.trim()) return setProblem('A comment needs some text. To remove it, delete it instead.');
    if (draft === comment.body) return close();
    setBusy(true);
    const outcome = await attempt(() => api.PATCH('/v1/issues/{issueId}/comments/{commentId}', { params: { path: { issueId, commentId: comment.id } }, body: { body: draft } }));
    setBusy(false);
    close();
    if (outcome.ok) {
      props.edited(outcome.data);
      toast('ok', 'Comment saved on GitHub.');
    } else {
      props.reread();
      setProblem(`The comment did not change. ${outcome.problem} The comment shown is the one stored.`);
    }
  };
  const remove = async () => {
    setBusy(true);
    setDeleteProblem(null);
    const outcome = await attempt(() => api.DELETE('/v1/issues/{issueId}/comments/{commentId}', { params: { path: { issueId, commentId: comment.id } } }));
    setBusy(false);
    if (outcome.ok) {
      setConfirming(false);
      toast('ok', 'Comment deleted on GitHub.');
      props.deleted();
    } else {
      props.reread();
      setDeleteProblem(`The comment was not deleted. ${outcome.problem}`);
      // Closed while it was in flight: open again to say why.
      setConfirming(true);
    }
  };

  return (
    <li class={`comment comment-${comment.visibility}`}>
      <p class="comment-meta">
        <strong>{who}</strong> · {when}
        <span class={`visibility visibility-${comment.visibility}`}>{comment.visibility === 'public' ? 'Public' : 'Internal'}</span>
      </p>
      {editing ? (
        <form class="comment-editor" onSubmit={save} aria-label={`Edit your comment of ${when}`}>
          <MarkdownEditor
            id={inputId}
            label="Your comment (Markdown)"
            value={draft}
            onInput={setDraft}
            rows={5}
            maxLength={65000}
            disabled={busy}
            onKeyDown={(event) => {
              if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') (event.currentTarget.form as HTMLFormElement).requestSubmit();
            }}
          />
          {comment.visibility === 'public' ? <p class="help">It stays a public reply: customers following this issue read the new text.</p> : null}
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>Save comment</button>
            <button type="button" disabled={busy} onClick={close}>Cancel</button>
          </div>
        </form>
      ) : (
        <div class="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(comment.body) }} />
      )}
      <CommentFileLinks api={api} comment={comment} />
      <p class="saving" role="status">{busy && !confirming ? 'Saving to GitHub…' : ''}</p>
      {problem ? (
        <Notice kind="error">
          {problem}{' '}
          <button type="button" class="link-button" onClick={() => open(true)}>Edit again</button>
        </Notice>
      ) : null}
      {own && !editing ? (
        <div class="comment-actions">
          <button ref={editButton} type="button" class="small" aria-label={`Edit your comment of ${when}`} onClick={() => open()}>Edit</button>
          <button type="button" class="small danger" aria-label={`Delete your comment of ${when}`} onClick={() => { setDeleteProblem(null); setConfirming(true); }}>Delete</button>
        </div>
      ) : null}
      <Dialog open={confirming} title="Delete this comment?" onClose={() => setConfirming(false)}>
        <p>It is deleted on GitHub too, and cannot be brought back.{comment.visibility === 'public' ? ' Customers following this issue on a portal will no longer see it.' : ''}</p>
        {confirming ? <blockquote class="markdown quoted" dangerouslySetInnerHTML={{ __html: renderMarkdown(comment.body) }} /> : null}
        {deleteProblem ? <Notice kind="error">{deleteProblem}</Notice> : null}
        <p class="saving" role="status">{busy ? 'Deleting on GitHub…' : ''}</p>
        <div class="button-row">
          <button type="button" class="danger" disabled={busy} onClick={remove}>Delete comment</button>
          <button type="button" disabled={busy} onClick={() => setConfirming(false)}>Keep it</button>
        </div>
      </Dialog>
    </li>
  );
}

function CommentForm({ issueId, publicRepository, publicReaders, posted }: { issueId: string; publicRepository: boolean; publicReaders?: ComponentChildren; posted: (comment: Comment) => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<'internal' | 'public'>('internal');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (event: Event) => {
    event.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await api.POST('/v1/issues/{issueId}/comments', { params: { path: { issueId } }, body: { body, visibility, ...(files.length ? { attachmentIds: files.map((f) => f.id) } : {}) } });
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    posted(data);
    setBody('');
    setFiles([]);
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
      {publicReaders && visibility === 'public' ? <div class="help public-readers">{publicReaders}</div> : null}
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
      <CommentFilePicker api={api} files={files} onChange={setFiles} disabled={busy} />
      {files.length ? <p class="help">{visibility === 'public' ? 'Customers who read this reply get the files too.' : 'Internal note: only the team gets the files.'}</p> : null}
      <button type="submit" class="primary" disabled={busy || !body.trim()}>
        {busy ? 'Posting to GitHub…' : visibility === 'public' ? 'Post public reply' : 'Add internal note'}
      </button>
    </form>
  );
}
