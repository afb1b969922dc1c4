import { useEffect, useState } from 'preact/hooks';
import { Link, Notice, PageTitle } from '@svc/ui-kit';
import { api, problemOf, type PortalRequest } from '../api';

const WORDS = ['', 'Very poor', 'Poor', 'Okay', 'Good', 'Excellent'];

type Ask = { open: boolean; rating: number | null; comment: string | null };

/** Five choices and an optional comment; nothing is recorded until the customer sends it. */
function RatingForm({ chosen, onSend }: { chosen: number | null; onSend: (rating: number, comment: string) => Promise<string | null> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const rating = Number(data.get('rating'));
    if (!rating) return setProblem('Choose a score from 1 to 5 first.');
    setBusy(true);
    setProblem(await onSend(rating, String(data.get('comment') ?? '').trim()));
    setBusy(false);
  };
  return (
    <form class="card rating" onSubmit={submit} aria-labelledby="rating-heading">
      <h3 id="rating-heading">How did we do?</h3>
      <fieldset>
        <legend>Your score</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} class="rating-choice">
            <input type="radio" name="rating" value={n} defaultChecked={chosen === n} /> {n} · {WORDS[n]}
          </label>
        ))}
      </fieldset>
      <label for="rating-comment">Comment (optional; only the team reads it)</label>
      <textarea id="rating-comment" name="comment" rows={2} maxLength={2000} />
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <button type="submit" class="primary" disabled={busy}>Send rating</button>
    </form>
  );
}

const thanks = (ask: Ask) => <Notice kind="ok">You rated this {ask.rating} of 5 ({WORDS[ask.rating ?? 0]}). Thank you!</Notice>;

/** On the request page: the requester's rating of the current completion, asked or given. */
export function RequestRating({ request }: { request: PortalRequest }) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const path = { params: { path: { reference: request.reference } } };
  useEffect(() => {
    if (!request.mine) return;
    void api.GET('/portal/requests/{reference}/rating', path).then(({ data }) => setAsk(data ?? null));
  }, [request.reference, request.status.id]);
  if (!ask) return null;
  if (ask.rating !== null && !ask.open) return thanks(ask);
  if (!ask.open) return null;
  return (
    <RatingForm
      chosen={null}
      onSend={async (rating, comment) => {
        const { data, error, response } = await api.POST('/portal/requests/{reference}/rating', { ...path, body: comment ? { rating, comment } : { rating } });
        if (!data) return problemOf(error, response);
        setAsk(data);
        return null;
      }}
    />
  );
}

/**
 * The e-mail's rating link (`/rate#rating=N&token=…`), without signing in: opening it shows the
 * score chosen in the e-mail and records nothing (mail scanners open links); sending the form does.
 */
export function RatePage() {
  const [params] = useState(() => new URLSearchParams(window.location.hash.slice(1)));
  const token = params.get('token') ?? '';
  const chosen = Number(params.get('rating')) || null;
  const [ask, setAsk] = useState<(Ask & { reference: string; title: string }) | null | undefined>(undefined);
  useEffect(() => {
    if (!token) return setAsk(null);
    void api.GET('/portal/rating', { params: { query: { token } } }).then(({ data }) => setAsk(data ?? null));
  }, []);
  if (ask === undefined) return <p class="loading">Loading…</p>;
  if (ask === null) {
    return (
      <>
        <PageTitle>Rating link not valid</PageTitle>
        <p>This link is not valid or has expired. <Link href="/">See your requests</Link>.</p>
      </>
    );
  }
  return (
    <>
      <PageTitle>{ask.reference}: {ask.title}</PageTitle>
      {ask.open ? (
        <RatingForm
          chosen={chosen}
          onSend={async (rating, comment) => {
            const { data, error, response } = await api.POST('/portal/rating', { params: { query: { token } }, body: comment ? { rating, comment } : { rating } });
            if (!data) return problemOf(error, response);
            setAsk(data);
            return null;
          }}
        />
      ) : ask.rating !== null ? (
        thanks(ask)
      ) : (
        <p>This request was reopened and completed again since: the latest e-mail about it has the link to rate it.</p>
      )}
    </>
  );
}
