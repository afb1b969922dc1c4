import { useState } from 'preact/hooks';
import { day, Notice } from '@svc/ui-kit';
import { api, problemOf, type PortalRequest } from '../api';

/**
 * "Mark as done" while the request is open, "Reopen" while it may still be reopened, each with an
 * optional comment; nothing for a customer who may only read the request (the API says which, in
 * `closing`, by the same rules it enforces).
 */
export function ClosingForm({ request, onChanged }: { request: PortalRequest; onChanged: (request: PortalRequest) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { mayMarkDone, reopenableUntil } = request.closing;
  const reopenable = reopenableUntil !== null && Date.parse(reopenableUntil) > Date.now();
  if (!mayMarkDone && !reopenable) {
    return reopenableUntil ? <p class="meta closing-over">It can no longer be reopened here (that was possible until {day(reopenableUntil)}): submit a new request if you need more.</p> : null;
  }
  const move = mayMarkDone ? 'done' : 'reopen';
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const comment = String(new FormData(form).get('comment') ?? '').trim();
    setBusy(true);
    setProblem(null);
    const options = { params: { path: { reference: request.reference } }, body: comment ? { comment } : {} };
    const { data, error, response } = move === 'done' ? await api.POST('/portal/requests/{reference}/done', options) : await api.POST('/portal/requests/{reference}/reopen', options);
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    form.reset();
    onChanged(data);
  };
  return (
    <form class="card closing" onSubmit={submit} aria-labelledby="closing-heading">
      <h3 id="closing-heading">{move === 'done' ? 'Is this done for you?' : 'Not fixed after all?'}</h3>
      <p class="meta">
        {move === 'done' ? 'Mark it as done and the team closes it.' : `You can reopen it until ${day(reopenableUntil!)}.`}
      </p>
      <label for="closing-comment">Comment (optional; everybody who can see this request reads it)</label>
      <textarea id="closing-comment" name="comment" rows={2} maxLength={20000} />
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <button type="submit" class="primary" disabled={busy}>{move === 'done' ? 'Mark as done' : 'Reopen'}</button>
    </form>
  );
}
