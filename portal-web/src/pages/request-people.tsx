import { useEffect, useState } from 'preact/hooks';
import { Notice } from '@svc/ui-kit';
import { api, problemOf, type Participants } from '../api';

/**
 * "People on this request": who else the requester (or their company's manager) put on it. They
 * add a colleague from the list or anybody by address, and remove people; a participant may leave.
 * Others see nothing of it. The API decides who may do what (`mayManage`, `participating`).
 */
export function RequestPeople({ reference, onLeft }: { reference: string; onLeft: () => void }) {
  const [people, setPeople] = useState<Participants | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = { params: { path: { reference } } };

  useEffect(() => {
    void (async () => {
      const { data } = await api.GET('/portal/requests/{reference}/participants', path);
      if (data) setPeople(data);
    })();
  }, [reference]);

  if (!people || (!people.mayManage && !people.participating)) return null;

  const add = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = new FormData(form);
    const colleague = String(fields.get('colleague') ?? '');
    const email = String(fields.get('email') ?? '').trim();
    if (!colleague && !email) return setProblem('Choose a colleague or type an e-mail address.');
    setBusy(true);
    setProblem(null);
    setSaid(null);
    const body = colleague ? { customerId: colleague } : { email };
    const { data, error, response } = await api.POST('/portal/requests/{reference}/participants', { ...path, body });
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    form.reset();
    setPeople(data);
    setSaid(colleague ? 'Added.' : `Done: ${email} is on this request (an address new to this portal gets an invitation).`);
  };

  const remove = async (customerId: string, leaving: boolean) => {
    setBusy(true);
    setProblem(null);
    const { error, response } = await api.DELETE('/portal/requests/{reference}/participants/{customerId}', { params: { path: { reference, customerId } } });
    setBusy(false);
    if (error || !response.ok) return setProblem(problemOf(error, response));
    if (leaving) return onLeft();
    setPeople({ ...people, data: people.data.filter((p) => p.id !== customerId) });
    const { data } = await api.GET('/portal/requests/{reference}/participants', path);
    if (data) setPeople(data);
  };

  return (
    <section aria-labelledby="people-heading">
      <h2 id="people-heading">People on this request</h2>
      {people.data.length === 0 ? <p class="empty">Nobody else yet.</p> : null}
      <ul class="people">
        {people.data.map((p) => (
          <li key={p.id}>
            {p.you ? 'You' : p.name}
            {p.addedBy ? <span class="meta"> · added by {p.addedBy}</span> : null}{' '}
            {people.mayManage && !p.you ? (
              <button type="button" onClick={() => void remove(p.id, false)} disabled={busy} aria-label={`Remove ${p.name}`}>Remove</button>
            ) : null}
          </li>
        ))}
      </ul>
      {people.participating ? (
        <button type="button" onClick={() => void remove(people.data.find((p) => p.you)!.id, true)} disabled={busy}>Leave this request</button>
      ) : null}
      {people.mayManage ? (
        <form class="card" onSubmit={add} aria-labelledby="people-add-heading">
          <h3 id="people-add-heading">Add someone</h3>
          <p class="meta">They see this request, can comment, and are e-mailed about it.</p>
          {people.colleagues.length ? (
            <>
              <label for="people-colleague">A colleague</label>
              <select id="people-colleague" name="colleague">
                <option value="">Choose…</option>
                {people.colleagues.map((c) => (
                  <option key={c.id} value={c.id}>{c.name}</option>
                ))}
              </select>
            </>
          ) : null}
          <label for="people-email">{people.colleagues.length ? 'Or anybody, by e-mail address' : 'By e-mail address'}</label>
          <input id="people-email" name="email" type="email" maxLength={320} autoComplete="off" />
          {problem ? <Notice kind="error">{problem}</Notice> : null}
          {said ? <Notice kind="ok">{said}</Notice> : null}
          <button type="submit" class="primary" disabled={busy}>Add</button>
        </form>
      ) : problem ? (
        <Notice kind="error">{problem}</Notice>
      ) : null}
    </section>
  );
}
