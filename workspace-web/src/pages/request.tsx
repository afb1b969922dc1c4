import { Dialog, Link, moment, Notice, PageTitle, sizeOf, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { useHoldDecisions, type HoldDecision } from '../hold-decisions';
import { attempt, canWrite, issueKey } from '../issue-data';
import { typingIn, useShortcuts } from '../keyboard';
import { readersOf, stageOf, VISIBILITY_CHOICES, type PortalRequestDetail, type Visibility } from '../request-words';
import { useSession, workspacePath } from '../session';
import { Conversation } from './conversation';
import { Missing, missingTitle } from './missing';

export const requestKey = (workspaceId: string, requestId: string) => ['request', workspaceId, requestId] as const;

/**
 * `/w/<slug>/requests/<portalId>/<requestId>`: a customer's request as the team handles it: what
 * they submitted (every answer, their files), who asked and who follows and votes, the status the
 * customer sees beside the issue's real state, and the conversation (public replies, which the
 * request's readers see, with the team's internal notes between). A held request is released or
 * declined here; its title and visibility are changed here.
 */
export function RequestPage({ portalId, requestId }: { portalId: string; requestId: string }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const editable = canWrite(workspace);
  const request = useQuery({
    queryKey: requestKey(workspace!.id, requestId),
    queryFn: () => must(api.GET('/v1/portals/{portalId}/requests/{requestId}', { params: { path: { portalId, requestId } } })),
  });
  const portal = useQuery({
    queryKey: ['portal', workspace!.id, portalId],
    queryFn: () => must(api.GET('/v1/portals/{portalId}', { params: { path: { portalId } } })),
  });
  const types = useQuery({
    queryKey: ['request-types', workspace!.id, portalId],
    queryFn: () => must(api.GET('/v1/portals/{portalId}/request-types', { params: { path: { portalId } } })),
  });
  const issueId = request.data?.issue.id ?? null;
  // The issue behind it (shared with the issue page's cache): its repository says who reads replies on GitHub.
  const issue = useQuery({
    queryKey: issueKey(workspace!.id, issueId ?? ''),
    enabled: issueId !== null,
    queryFn: () => must(api.GET('/v1/issues/{issueId}', { params: { path: { issueId: issueId! } } })),
  });
  useShortcuts({ Escape: (event) => !typingIn(event.target) && history.back() }, []);

  if (request.isPending) return <p class="loading">Loading the request…</p>;
  if (request.isError) return <Missing title={missingTitle(request.error, 'Request')} problem={request.error.message} back={{ href: workspacePath(workspace!, '/requests'), label: 'Back to the requests' }} />;
  const shown = request.data;
  const portalName = portal.data?.name ?? 'the portal';
  const form = types.data?.data.find((t) => t.id === shown.requestType?.id)?.form ?? [];
  // Answers in the form's order; an answer to a field removed since keeps its key as its name.
  const answers = [
    ...form.filter((f) => shown.values[f.key] !== undefined).map((f) => ({ key: f.key, label: f.label, value: shown.values[f.key] })),
    ...Object.entries(shown.values)
      .filter(([key]) => !form.some((f) => f.key === key))
      .map(([key, value]) => ({ key, label: key, value })),
  ];

  return (
    <article class="request-page">
      <p class="crumbs">
        <Link href={workspacePath(workspace!, '/requests')}>Requests</Link> · {portalName} · {shown.reference}
      </p>
      <div class="request-head">
        <PageTitle>{shown.title}</PageTitle>
        <p class="request-badges">
          <span class={`badge request-status status-${shown.status.id}`} title="The status its customers see">Customers see: {shown.status.label}</span>
          <span class="badge request-stage">{stageOf(shown)}</span>
        </p>
      </div>
      {shown.held ? <HeldNotice request={shown} portalId={portalId} canAct={editable} /> : null}
      {shown.rejected ? <Notice kind="info">Declined from the hold queue: its requester sees it as Closed, and nobody else sees it. Nothing reached GitHub.</Notice> : null}
      <div class="issue-columns">
        <div class="issue-body-column">
          <section class="comment" aria-labelledby="submitted-heading">
            <h2 id="submitted-heading" class="comment-meta">
              {shown.requester ? <strong>{shown.requester.name}</strong> : <strong>A member</strong>} {shown.requester ? 'asked' : 'shared it'} {moment(shown.createdAt)}
              {shown.requestType ? <> · {shown.requestType.name}</> : null}
            </h2>
            {answers.length ? (
              <dl class="answers">
                {answers.map((a) => (
                  <div key={a.key}>
                    <dt>{a.label}</dt>
                    <dd>{a.value || <span class="empty">No answer</span>}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p class="empty">No form answers.</p>
            )}
            {shown.files.length ? <Files request={shown} /> : null}
          </section>
          {shown.issue.id ? (
            <Conversation
              issueId={shown.issue.id}
              heading="Conversation"
              publicRepository={issue.data ? !issue.data.repository.private : false}
              canEdit={editable}
              publicReaders={<PublicReaders request={shown} portalName={portalName} />}
            />
          ) : (
            <p class="help">{shown.held ? 'The conversation starts once the request is released and its issue is on GitHub.' : shown.rejected ? 'A declined request has no conversation.' : 'Its issue is not in the cache (its repository is not mirrored), so its conversation cannot be shown.'}</p>
          )}
        </div>
        <aside class="issue-side" aria-label="About the request">
          <RequestSettings request={shown} portalId={portalId} canEdit={editable} />
          <People request={shown} />
          <dl class="details">
            <div><dt>Portal</dt><dd>{portalName}</dd></div>
            <div><dt>Reference</dt><dd>{shown.reference}</dd></div>
            <div><dt>Votes</dt><dd>{shown.voteCount}</dd></div>
            {shown.issue.id ? (
              <div>
                <dt>Issue</dt>
                <dd>
                  <Link href={workspacePath(workspace!, `/issues/${shown.issue.id}`)}>{shown.issue.repository?.fullName}#{shown.issue.number}</Link>
                  {shown.wordsKeptInService ? <p class="help">Filed as its reference only: the customer’s words stay here, not on GitHub, because the request is not public and the repository is.</p> : null}
                </dd>
              </div>
            ) : null}
          </dl>
        </aside>
      </div>
    </article>
  );
}

/** Who reads a public reply on this request, and who is e-mailed about it. */
function PublicReaders({ request, portalName }: { request: PortalRequestDetail; portalName: string }) {
  const followers = request.followers.map((f) => f.name).filter(Boolean);
  return (
    <>
      <p>On {portalName}, a public reply is read by {readersOf(request, portalName)}.</p>
      <p>
        {followers.length
          ? `E-mailed to the ${followers.length === 1 ? 'one customer' : `${followers.length} customers`} following it: ${followers.join(', ')}.`
          : 'Nobody follows it, so nobody is e-mailed.'}
      </p>
    </>
  );
}

/** A held request: nothing is on GitHub yet. Release files it; decline tells its requester it is closed. */
function HeldNotice({ request, portalId, canAct }: { request: PortalRequestDetail; portalId: string; canAct: boolean }) {
  const { decide, running } = useHoldDecisions();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const act = async (kind: HoldDecision) => {
    setProblem(null);
    const [failure] = await decide(kind, [{ id: request.id, portalId, reference: request.reference }]);
    setConfirming(false);
    if (failure) setProblem(kind === 'release' ? `${failure.reference} was not released and stays held. ${failure.why}` : `${failure.reference} was not declined. ${failure.why}`);
  };
  const busy = running?.kind ?? null;
  return (
    <Notice kind="info">
      <p>
        <strong>In the hold queue.</strong> {request.requester?.name ?? 'The requester'} is new to this portal, so their request waits for a member before anything reaches GitHub.
        {request.releaseFailure ? ` The last release failed: ${request.releaseFailure}` : ''}
      </p>
      {request.awaitingAddressVerification ? (
        <p id="address-not-verified">
          <strong>Address not verified.</strong> They signed up with a password and have not yet opened the link we e-mailed them, so it
          cannot be released until they do (it can be declined). Once they do, it stays here for your decision.
        </p>
      ) : null}
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      <p class="saving" role="status">{busy === 'release' ? 'Filing the issue on GitHub…' : busy === 'reject' ? 'Declining…' : ''}</p>
      {canAct ? (
        <div class="button-row">
          <button type="button" class="primary" disabled={busy !== null || request.awaitingAddressVerification} aria-describedby={request.awaitingAddressVerification ? 'address-not-verified' : undefined} onClick={() => act('release')}>Release to GitHub</button>
          <button type="button" class="danger" disabled={busy !== null} onClick={() => setConfirming(true)}>Decline…</button>
        </div>
      ) : null}
      <Dialog open={confirming} title={`Decline ${request.reference}?`} onClose={() => setConfirming(false)}>
        <p>Nothing is written to GitHub and nobody is e-mailed. {request.requester?.name ?? 'The requester'} sees the request as Closed; nobody else sees it.</p>
        <div class="button-row">
          <button type="button" class="danger" disabled={busy !== null} onClick={() => act('reject')}>Decline the request</button>
          <button type="button" disabled={busy !== null} onClick={() => setConfirming(false)}>Keep it held</button>
        </div>
      </Dialog>
    </Notice>
  );
}

/** The title its customers see and who may read it: what the team may change of a request. */
function RequestSettings({ request, portalId, canEdit }: { request: PortalRequestDetail; portalId: string; canEdit: boolean }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const title = String(form.get('title') ?? '').trim();
    const visibility = String(form.get('visibility')) as Visibility;
    const change = { ...(title !== request.title ? { title } : {}), ...(visibility !== request.visibility ? { visibility } : {}) };
    if (!Object.keys(change).length) return setEditing(false);
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.PATCH('/v1/portals/{portalId}/requests/{requestId}', { params: { path: { portalId, requestId: request.id } }, body: change }));
    setBusy(false);
    if (!outcome.ok) return setProblem(`Nothing changed. ${outcome.problem}`);
    setEditing(false);
    toast('ok', 'Request saved.');
    void queryClient.invalidateQueries({ queryKey: requestKey(workspace!.id, request.id) });
    void queryClient.invalidateQueries({ queryKey: ['requests', workspace!.id] });
  };
  const visibility = VISIBILITY_CHOICES.find((v) => v.value === request.visibility)!;
  return (
    <section class="side-field" aria-labelledby="request-settings-title">
      <div class="side-field-head">
        <h2 id="request-settings-title">Who sees it</h2>
        {canEdit && !editing ? <button type="button" class="small" aria-label="Edit the title and who sees it" onClick={() => (setProblem(null), setEditing(true))}>Edit</button> : null}
      </div>
      {editing ? (
        <form class="side-editor" onSubmit={save} aria-label="The request's title and who sees it">
          <label for="request-title">Title customers see</label>
          <input id="request-title" name="title" required minLength={3} maxLength={200} defaultValue={request.title} disabled={busy} />
          <label for="request-visibility">Visibility</label>
          <select id="request-visibility" name="visibility" defaultValue={request.visibility} disabled={busy}>
            {VISIBILITY_CHOICES.map((v) => (
              <option key={v.value} value={v.value} disabled={v.value === 'company' && !request.requester}>{v.label}</option>
            ))}
          </select>
          <div class="button-row">
            <button type="submit" class="primary small" disabled={busy}>Save</button>
            <button type="button" class="small" disabled={busy} onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </form>
      ) : (
        <p class="side-value">{visibility.label}</p>
      )}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
    </section>
  );
}

/** Who asked, who was put on it (participants see it and are e-mailed), who follows (and is e-mailed), who voted. */
function People({ request }: { request: PortalRequestDetail }) {
  const names = (list: PortalRequestDetail['followers']) => list.map((p) => (p.company ? `${p.name} (${p.company.name})` : p.name)).join(', ');
  return (
    <section class="side-field" aria-labelledby="request-people-title">
      <h2 id="request-people-title">People</h2>
      <dl class="details">
        <div>
          <dt>Requester</dt>
          <dd>
            {request.requester ? (
              <>
                {request.requester.name} · <a href={`mailto:${request.requester.email}`}>{request.requester.email}</a>
                {request.requester.company ? <> · {request.requester.company.name}</> : null}
              </>
            ) : (
              'Shared by a member'
            )}
          </dd>
        </div>
        <div>
          <dt>Participants ({request.participants.length})</dt>
          <dd>
            {request.participants.length ? (
              <ul class="plain-list">
                {request.participants.map((p) => (
                  <li key={p.id}>
                    {p.name} · <a href={`mailto:${p.email}`}>{p.email}</a>
                    {p.company ? <> · {p.company.name}</> : null}
                    {p.addedBy ? <span class="meta"> · added by {p.addedBy.name}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <span class="empty">Nobody added</span>
            )}
          </dd>
        </div>
        <div><dt>Following ({request.followers.length})</dt><dd>{request.followers.length ? names(request.followers) : <span class="empty">Nobody</span>}</dd></div>
        <div><dt>Voted ({request.voters.length})</dt><dd>{request.voters.length ? names(request.voters) : <span class="empty">Nobody yet</span>}</dd></div>
      </dl>
    </section>
  );
}

/** The customer's files: each link is made fresh when asked for (they last minutes). */
function Files({ request }: { request: PortalRequestDetail }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async (fileId: string) => {
    setProblem(null);
    const outcome = await attempt(() => api.GET('/v1/attachments/{attachmentId}/link', { params: { path: { attachmentId: fileId } } }));
    if (outcome.ok) window.location.assign(outcome.data.url);
    else setProblem(`The file could not be opened. ${outcome.problem}`);
  };
  return (
    <div class="request-files">
      <h3>Files</h3>
      <ul class="plain-list">
        {request.files.map((f) => (
          <li key={f.id}>
            <button type="button" class="link-button" onClick={() => open(f.id)}>{f.filename}</button> <span class="meta">{f.contentType} · {sizeOf(f.size)}</span>
          </li>
        ))}
      </ul>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
    </div>
  );
}
