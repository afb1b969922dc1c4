import type { ComponentChildren } from 'preact';
import { FieldInput, Labelled, Link, navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useMemo, useRef, useState } from 'preact/hooks';
import { api, fieldOf, problemOf, upload, type RequestType } from '../api';
import type { Session } from '../app';
import { useChallenge } from '../challenge';
import { problemWith, titleProblem } from '../form-checks';

const MAX_FILES = 10;

export function heldExplanation(portalName: string): string {
  return `On ${portalName}, the team looks at a newcomer's first request before it goes any further. Until they do, it shows as held for review, only you can see it, and it takes no votes or comments. You will hear from them here.`;
}

export function SubmitPage({ session, location }: { session: Session; location: URL }) {
  const { front } = session;
  const typeId = location.searchParams.get('type');
  const type = front.requestTypes.find((t) => t.id === typeId) ?? (front.requestTypes.length === 1 ? front.requestTypes[0] : undefined);
  if (!type) {
    return (
      <>
        <PageTitle>New request</PageTitle>
        {front.requestTypes.length === 0 ? (
          <p>This portal takes no requests yet.</p>
        ) : (
          <>
            <p>What is it about?</p>
            <ul class="types">
              {front.requestTypes.map((t) => (
                <li key={t.id} class="card type-card">
                  <h2 class="h3"><Link href={`/new?type=${t.id}`}>{t.name}</Link></h2>
                  {t.description ? <p>{t.description}</p> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  }
  return <RequestForm session={session} type={type} key={type.id} />;
}

function RequestForm({ session, type }: { session: Session; type: RequestType }) {
  const { front } = session;
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The file being sent, and how much of it has gone (0 to 1). */
  const [progress, setProgress] = useState<{ name: string; sent: number } | null>(null);
  // One key per submission attempt: a retry after a lost answer is the same request.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const formRef = useRef<HTMLFormElement>(null);
  // On an open portal that asks it, every submission carries a fresh response of the widget.
  const challenge = useChallenge(front, 'f-challenge');

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = formRef.current!;
    const data = new FormData(form);
    const found: Record<string, string> = {};
    const title = String(data.get('title') ?? '');
    const titleIssue = titleProblem(title);
    if (titleIssue) found.title = titleIssue;
    const values: Record<string, string | boolean> = {};
    for (const field of type.form) {
      const raw = field.type === 'checkbox' ? (data.get(`v-${field.key}`) ? 'true' : 'false') : String(data.get(`v-${field.key}`) ?? '');
      const issue = problemWith(field, raw);
      if (issue) found[`values.${field.key}`] = issue;
      if (field.type === 'checkbox') values[field.key] = raw === 'true';
      else if (raw.trim() !== '') values[field.key] = raw;
    }
    const files = (form.elements.namedItem('files') as HTMLInputElement | null)?.files;
    if (files && files.length > MAX_FILES) found.attachmentIds = `Attach at most ${MAX_FILES} files.`;
    setProblems(found);
    setProblem(null);
    if (Object.keys(found).length) {
      focusField(form, Object.keys(found)[0]);
      return;
    }
    setBusy(true);
    const attachmentIds: string[] = [];
    for (const file of Array.from(files ?? [])) {
      setProgress({ name: file.name, sent: 0 });
      const uploaded = await upload(file, (sent) => setProgress({ name: file.name, sent }));
      setProgress(null);
      if ('problem' in uploaded) {
        setBusy(false);
        setProblems({ attachmentIds: uploaded.problem });
        focusField(form, 'attachmentIds');
        return;
      }
      attachmentIds.push(uploaded.id);
    }
    const visibility = String(data.get('visibility') ?? 'private') as 'private' | 'public';
    const { data: made, error, response } = await api.POST('/portal/requests', {
      params: { header: { 'idempotency-key': idempotencyKey } },
      body: {
        requestTypeId: type.id,
        title: title.trim(),
        values,
        visibility,
        ...(attachmentIds.length ? { attachmentIds } : {}),
        ...(challenge.token ? { challengeToken: challenge.token } : {}),
      },
    });
    setBusy(false);
    if (!made) {
      challenge.reset();
      const field = fieldOf(error);
      // The challenge's problem is the form's, said above it; the others sit beside their field.
      if (field && field !== 'challengeToken' && response.status === 422) {
        setProblems({ [field]: problemOf(error, response) });
        focusField(form, field);
      } else setProblem(problemOf(error, response));
      return;
    }
    navigate(`/requests/${encodeURIComponent(made.reference)}?submitted=1`);
  };

  return (
    <>
      <PageTitle>{type.name}</PageTitle>
      {type.description ? <p class="lead">{type.description}</p> : null}
      {session.me.nextRequestHeld ? <Notice kind="info">{heldExplanation(front.name)}</Notice> : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <form ref={formRef} class="card request-form" onSubmit={submit} noValidate>
        <p class="help">Fields marked <span aria-hidden="true">*</span><span class="sr-only">with an asterisk</span> are required.</p>
        <Labelled id="f-title" label="Title" required problem={problems.title} help="One line that says what it is about (3 to 200 characters).">
          <input id="f-title" name="title" required minLength={3} maxLength={200} aria-invalid={problems.title ? 'true' : undefined} aria-describedby={problems.title ? "f-title-help f-title-problem" : "f-title-help"} />
        </Labelled>
        {type.form.map((field) => (
          <FieldInput key={field.key} field={field} problem={problems[`values.${field.key}`]} />
        ))}
        <fieldset aria-describedby="f-visibility-help">
          <legend>Who can see it</legend>
          <label class="choice">
            {/* The narrowest is the default: making a request wider is the customer's choice. */}
            <input type="radio" name="visibility" value="private" defaultChecked />
            Only me and the team
          </label>
          {front.defaultVisibility === 'public' ? (
            <label class="choice">
              <input type="radio" name="visibility" value="public" />
              Everybody on this portal
            </label>
          ) : null}
          <p class="help visibility-help" id="f-visibility-help">{whereWordsGo(type, front.defaultVisibility === 'public')}</p>
        </fieldset>
        <Labelled id="f-files" label="Files" problem={problems.attachmentIds} help={`Up to ${MAX_FILES} images, PDFs or text files.`}>
          <input id="f-files" name="files" type="file" multiple aria-invalid={problems.attachmentIds ? 'true' : undefined} aria-describedby={problems.attachmentIds ? "f-files-help f-files-problem" : "f-files-help"} />
        </Labelled>
        {progress ? (
          <p class="upload-progress">
            <label for="f-progress">Sending {progress.name}</label>{' '}
            <progress id="f-progress" max={1} value={progress.sent}>{Math.round(progress.sent * 100)}%</progress>
          </p>
        ) : null}
        {challenge.element}
        <button type="submit" class="primary" disabled={busy}>{busy ? 'Sending…' : 'Send request'}</button>
      </form>
    </>
  );
}

/**
 * Said before sending: whether choosing "Everybody on this portal" also publishes the request
 * outside it (a public repository behind an open portal), and that a private one never is.
 */
export function whereWordsGo(type: RequestType, publicOffered: boolean): ComponentChildren {
  const published = publicOffered ? type.publishedOnCodehost : null;
  if (!published) return 'Nothing you write here is published: only the people you choose above and the team can read it.';
  const shown = published.replace(/^https?:\/\//, '');
  return (
    <>
      "Everybody on this portal" also publishes the title, your answers, your files' names and your name (never your e-mail address) in a public issue tracker that anyone on the internet can read:{' '}
      <a href={published} rel="noopener noreferrer" target="_blank">{shown}</a>. "Only me and the team" publishes nothing: the team's issue there carries only the request's reference, and your words stay here.
    </>
  );
}

function focusField(form: HTMLFormElement, key: string) {
  const name = key === 'title' ? 'title' : key === 'attachmentIds' ? 'files' : `v-${key.replace(/^values\./, '')}`;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}
