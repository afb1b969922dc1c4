import { useEffect, useState } from 'preact/hooks';
import { day, Link, moment, navigate, Notice, PageTitle, sizeOf } from '@svc/ui-kit';
import { api, problemOf, type Attachment, type Comment, type PortalRequest } from '../api';
import type { Session } from '../app';
import { HELD_LINE, HeldBadge, REJECTED_LINE, StatusBadge } from '../ui';
import { CommentFileLinks, CommentFilePicker, type PickedFile } from './comment-files';
import { ClosingForm } from './request-closing';
import { RequestPeople } from './request-people';
import { RequestRating } from './rating';

const VISIBILITY: Record<PortalRequest['visibility'], string> = {
  private: 'Only the requester and the team',
  company: "The requester's company",
  public: 'Everybody on this portal',
};

export function RequestPage({ session, reference, location }: { session: Session; reference: string; location: URL }) {
  const { front } = session;
  const [request, setRequest] = useState<PortalRequest | null | undefined>(undefined);
  const [comments, setComments] = useState<Comment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const path = { params: { path: { reference } } };

  // Read afresh, the comments' file links are fresh too.
  const loadComments = async () => {
    const { data } = await api.GET('/portal/requests/{reference}/comments', path);
    if (data) setComments(data.data);
    return data?.data ?? [];
  };

  useEffect(() => {
    void (async () => {
      const { data, error, response } = await api.GET('/portal/requests/{reference}', path);
      if (response.status === 404) return setRequest(null);
      if (!data) return setProblem(problemOf(error, response));
      setRequest(data);
      await loadComments();
    })();
  }, [reference]);

  if (request === undefined) return problem ? <Notice kind="error">{problem}</Notice> : <p class="loading">Loading…</p>;
  if (request === null) {
    return (
      <>
        <PageTitle>Request not found</PageTitle>
        <p>There is no request {reference} that you can see. <Link href="/">See your requests</Link>.</p>
      </>
    );
  }

  const act = async (run: () => Promise<{ data?: PortalRequest; error?: unknown; response: Response }>) => {
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await run();
    setBusy(false);
    if (data) setRequest(data);
    else setProblem(problemOf(error, response));
  };
  const vote = () => act(() => (request.viewerVoted ? api.DELETE('/portal/requests/{reference}/vote', path) : api.POST('/portal/requests/{reference}/vote', path)));
  const follow = () =>
    act(() => (request.viewerSubscribed ? api.DELETE('/portal/requests/{reference}/subscription', path) : api.POST('/portal/requests/{reference}/subscription', path)));

  const comment = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const body = String(new FormData(form).get('body') ?? '').trim();
    if (!body) {
      setProblem('Write something first.');
      (form.elements.namedItem('body') as HTMLElement).focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    const attachmentIds = picked.map((f) => f.id);
    const { data, error, response } = await api.POST('/portal/requests/{reference}/comments', { ...path, body: { body, ...(attachmentIds.length ? { attachmentIds } : {}) } });
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    form.reset();
    setPicked([]);
    setSaid('Your comment is posted.');
    await loadComments();
  };

  // A held or rejected request takes no votes or comments: the boxes give way to the explanation.
  const closedToOthers = request.held || request.rejected;
  const type = front.requestTypes.find((t) => t.name === request.requestType);
  const labelOf = (key: string) => type?.form.find((f) => f.key === key)?.label ?? key;
  // In the form's order; an answer to a field the form no longer has comes last, under its key.
  const values = request.values ?? {};
  const keys = [...(type?.form.map((f) => f.key).filter((k) => k in values) ?? []), ...Object.keys(values).filter((k) => !type?.form.some((f) => f.key === k))];
  const answers = keys.map((k) => [k, values[k]] as const);

  return (
    <article class="request">
      <p class="crumbs"><Link href="/">Requests</Link> › {request.reference}</p>
      {location.searchParams.get('submitted') ? (
        <Notice kind="ok">
          Your request {request.reference} is in.{request.held ? '' : ' The team has it now.'}
        </Notice>
      ) : null}
      <div class="request-head">
        <PageTitle>{request.title}</PageTitle>
        <span class="badges">{request.held ? <HeldBadge /> : <StatusBadge status={request.status} />}</span>
      </div>
      <p class="meta">
        {request.reference} · {request.requestType ?? 'Request'} · from {request.mine ? 'you' : request.submittedBy}
        {request.company ? ` (${request.company})` : ''} · {day(request.createdAt)} · seen by: {request.held ? `only you and the team for now (then: ${VISIBILITY[request.visibility].toLowerCase()})` : request.rejected ? 'only you and the team' : VISIBILITY[request.visibility]}
      </p>
      {request.held ? (
        <Notice kind="info">
          <strong>Held for review.</strong> {HELD_LINE} You will hear from them here.
        </Notice>
      ) : request.rejected ? (
        <Notice kind="info">{REJECTED_LINE}</Notice>
      ) : null}
      <div class="actions">
        {/* Votes count how many others want it: the requester has none to give (the API refuses it too). */}
        {closedToOthers || request.mine ? null : (
          <button type="button" class="vote" aria-pressed={request.viewerVoted} onClick={vote} disabled={busy}>
            {request.viewerVoted ? 'Voted' : 'Vote'} <span class="count" aria-label={`${request.voteCount} votes`}>{request.voteCount}</span>
          </button>
        )}
        <button type="button" class="follow" aria-pressed={request.viewerSubscribed} onClick={follow} disabled={busy}>
          {request.viewerSubscribed ? 'Following: e-mail me about changes' : 'Follow: e-mail me about changes'}
        </button>
      </div>
      {problem ? <Notice kind="error">{problem}</Notice> : null}

      {answers.length ? (
        <section aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl class="answers">
            {answers.map(([key, value]) => (
              <div key={key}>
                <dt>{labelOf(key)}</dt>
                <dd>{type?.form.find((f) => f.key === key)?.type === 'checkbox' ? (value === 'true' ? 'Yes' : 'No') : value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {request.attachments.length ? <Files attachments={request.attachments} /> : null}

      {request.rejected ? null : <RequestPeople reference={request.reference} onLeft={() => navigate('/')} />}

      <section aria-labelledby="conversation-heading">
        <h2 id="conversation-heading">Conversation</h2>
        {comments.length === 0 ? <p class="empty">{request.held ? 'Comments open once the team accepts this request.' : 'No comments yet.'}</p> : null}
        <ol class="comments">
          {comments.map((c) => (
            <li key={c.id} class={`comment comment-${c.author.kind}`}>
              <p class="comment-meta">
                <strong>{c.author.name}</strong>
                {c.author.kind === 'team' ? <span class="team-tag">Team</span> : null} · <time dateTime={c.createdAt}>{moment(c.createdAt)}</time>
              </p>
              <div class="comment-body">{c.body}</div>
              <CommentFileLinks comment={c} refresh={loadComments} />
            </li>
          ))}
        </ol>
        {said ? <Notice kind="ok">{said}</Notice> : null}
        <RequestRating request={request} />
        <ClosingForm
          request={request}
          onChanged={(changed) => {
            setRequest(changed);
            setSaid(changed.status.id === 'completed' ? 'Marked as done. Thank you!' : 'Reopened: the team hears of it.');
            void loadComments();
          }}
        />
        {closedToOthers ? null : (
          <form class="card" onSubmit={comment} aria-labelledby="comment-heading">
            <h3 id="comment-heading">Add a comment</h3>
            <label for="comment-body">Your comment (everybody who can see this request reads it)</label>
            <textarea id="comment-body" name="body" rows={4} maxLength={20000} required />
            <CommentFilePicker files={picked} onChange={setPicked} disabled={busy} />
            <button type="submit" class="primary" disabled={busy}>Post comment</button>
          </form>
        )}
      </section>
    </article>
  );
}

/**
 * The request's files. Each link is a signed download address that works for a quarter of an hour:
 * fetched when the page opens, and fetched afresh on a click once it is (nearly) out of date.
 */
function Files({ attachments }: { attachments: Attachment[] }) {
  const [links, setLinks] = useState<Record<string, { url: string; expiresAt: string }>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const fresh = async (id: string) => {
    const { data, error, response } = await api.GET('/portal/attachments/{attachmentId}/link', { params: { path: { attachmentId: id } } });
    if (!data) {
      setProblem(problemOf(error, response));
      return null;
    }
    setLinks((before) => ({ ...before, [id]: data }));
    return data;
  };
  useEffect(() => {
    for (const a of attachments) void fresh(a.id);
  }, [attachments.map((a) => a.id).join()]);
  const open = async (event: Event, id: string) => {
    const link = links[id];
    if (link && Date.parse(link.expiresAt) - Date.now() > 30_000) return;
    event.preventDefault();
    const renewed = await fresh(id);
    if (renewed) window.location.assign(renewed.url);
  };
  return (
    <section aria-labelledby="files-heading">
      <h2 id="files-heading">Files</h2>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <ul class="files">
        {attachments.map((a) => (
          <li key={a.id}>
            <a href={links[a.id]?.url ?? '#'} onClick={(event) => void open(event, a.id)} download={a.filename}>
              {a.filename}
            </a>
            <span class="meta">{sizeOf(a.size)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
