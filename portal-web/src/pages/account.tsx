import { useEffect, useState } from 'preact/hooks';
import { day, Notice, PageTitle } from '@svc/ui-kit';
import { api, problemOf, rename, type Colleague } from '../api';
import type { Session } from '../app';

export function AccountPage({ session }: { session: Session }) {
  const { me } = session;
  // Bumped after an invitation, so the list of colleagues shows the new one.
  const [invited, setInvited] = useState(0);
  return (
    <>
      <PageTitle>Your account</PageTitle>
      <section class="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">You</h2>
        <dl class="answers">
          <div><dt>E-mail address</dt><dd>{me.email}</dd></div>
          <div><dt>Company</dt><dd>{me.company?.name ?? 'None'}</dd></div>
          <div><dt>Role</dt><dd>{me.role === 'manager' ? 'Manager: you see every request of your company and may invite colleagues' : 'Customer'}</dd></div>
        </dl>
        <RenameForm session={session} />
      </section>
      {me.role === 'manager' && me.company ? (
        <>
          <Colleagues company={me.company.name} version={invited} />
          <InviteColleague company={me.company.name} onInvited={() => setInvited((n) => n + 1)} />
        </>
      ) : null}
      <EmailPreferences />
      <DownloadData />
      <DeleteAccount />
    </>
  );
}

function RenameForm({ session }: { session: Session }) {
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (event: Event) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget as HTMLFormElement).get('name') ?? '').trim();
    if (!name) return setState({ kind: 'error', text: 'Your name cannot be empty.' });
    setBusy(true);
    const problem = await rename(name);
    setBusy(false);
    if (problem) return setState({ kind: 'error', text: problem });
    await session.refresh();
    setState({ kind: 'ok', text: 'Your name is saved. The team sees it on your requests and comments.' });
  };
  return (
    <form onSubmit={save}>
      <label for="account-name">Your name</label>
      <input id="account-name" name="name" required maxLength={200} autoComplete="name" defaultValue={session.me.name} />
      {state ? <Notice kind={state.kind}>{state.text}</Notice> : null}
      <button type="submit" disabled={busy}>Save name</button>
    </form>
  );
}

/** The manager's company on this portal: names and roles (no addresses), oldest first, 50 a page. */
function Colleagues({ company, version }: { company: string; version: number }) {
  const [items, setItems] = useState<Colleague[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = async (after: string | null) => {
    const { data, error, response } = await api.GET('/portal/colleagues', { params: { query: after ? { cursor: after } : {} } });
    if (!data) return setProblem(problemOf(error, response));
    setProblem(null);
    setItems((before) => (after && before ? [...before, ...data.data] : data.data));
    setCursor(data.nextCursor);
  };
  useEffect(() => {
    void load(null);
  }, [version]);
  return (
    <section class="card" aria-labelledby="colleagues-heading">
      <h2 id="colleagues-heading">People in {company}</h2>
      <p class="help">Everybody here sees your company's requests that are shared with the company; as a manager you see all of them.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {items === null ? (
        <p class="loading">Loading…</p>
      ) : (
        <ul class="colleagues">
          {items.map((c) => (
            <li key={c.id}>
              <strong>{c.name}</strong>
              {c.you ? ' (you)' : ''} <span class="meta">{c.role === 'manager' ? 'Manager' : 'Customer'} · since {day(c.joinedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {cursor ? <button type="button" onClick={() => void load(cursor)}>Show more</button> : null}
    </section>
  );
}

function InviteColleague({ company, onInvited }: { company: string; onInvited: () => void }) {
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const invite = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    setBusy(true);
    const { data: made, error, response } = await api.POST('/portal/colleagues', {
      body: { email: String(data.get('email')), ...(name ? { name } : {}) },
    });
    setBusy(false);
    if (!made) return setState({ kind: 'error', text: problemOf(error, response) });
    form.reset();
    setState({ kind: 'ok', text: `Invited. A sign-in link is on its way to ${String(data.get('email'))}.` });
    onInvited();
  };
  return (
    <section class="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a colleague into {company}</h2>
      {state ? <Notice kind={state.kind}>{state.text}</Notice> : null}
      <form onSubmit={invite}>
        <label for="invite-name">Their name</label>
        <input id="invite-name" name="name" maxLength={200} autoComplete="off" />
        <label for="invite-email">Their e-mail address</label>
        <input id="invite-email" name="email" type="email" required maxLength={320} autoComplete="off" />
        <button type="submit" disabled={busy}>Send invitation</button>
      </form>
    </section>
  );
}

function DownloadData() {
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    const { data, error, response } = await api.GET('/portal/me/data');
    if (!data) return setProblem(problemOf(error, response));
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    setLink(url);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'my-portal-data.json';
    document.body.append(a);
    a.click();
    a.remove();
  };
  return (
    <section class="card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p>Everything this portal holds about you, as one JSON file: your profile, requests and answers, comments, votes, what you follow, your files and sessions.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <button type="button" onClick={download}>Download my data</button>
      {link ? <p><a href={link} download="my-portal-data.json">Download again</a></p> : null}
    </section>
  );
}

function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const erase = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await api.DELETE('/portal/me');
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    window.location.assign('/sign-in?deleted=1');
  };
  return (
    <section class="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete your account</h2>
      <p>Your name, e-mail address, sign-in, votes and what you follow are erased, and what the team sees of your requests and comments names "a deleted customer". The requests themselves stay with the team. This cannot be undone.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {confirming ? (
        <form onSubmit={erase}>
          <div class="field-checkbox">
            <input id="delete-confirm" name="confirm" type="checkbox" required />
            <label for="delete-confirm">I understand: delete my account and everything about me</label>
          </div>
          <div class="button-row">
            <button type="submit" class="danger" disabled={busy}>Delete my account for good</button>
            <button type="button" onClick={() => setConfirming(false)}>Keep my account</button>
          </div>
        </form>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>Delete my account…</button>
      )}
    </section>
  );
}

/** The customer's own e-mail choices (GET and PATCH /portal/me/preferences). */
function EmailPreferences() {
  const [prefs, setPrefs] = useState<{ emailUpdates: boolean; followOwnRequests: boolean } | null>(null);
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api.GET('/portal/me/preferences').then(({ data, error, response }) => (data ? setPrefs(data) : setState({ kind: 'error', text: problemOf(error, response) })));
  }, []);
  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    const { data, error, response } = await api.PATCH('/portal/me/preferences', { body: { emailUpdates: form.get('emailUpdates') === 'on', followOwnRequests: form.get('followOwnRequests') === 'on' } });
    setBusy(false);
    if (!data) return setState({ kind: 'error', text: problemOf(error, response) });
    setPrefs(data);
    setState({ kind: 'ok', text: 'Your e-mail choices are saved.' });
  };
  return (
    <section class="card" aria-labelledby="email-heading">
      <h2 id="email-heading">E-mail</h2>
      <p class="help">You follow a request from its page; every e-mail about one has a link to stop following it. Sign-in links are sent whatever you choose here.</p>
      {prefs ? (
        <form onSubmit={save}>
          <div class="field-checkbox">
            <input id="pref-updates" name="emailUpdates" type="checkbox" defaultChecked={prefs.emailUpdates} />
            <label for="pref-updates">E-mail me when a request I follow changes or the team answers it</label>
          </div>
          <div class="field-checkbox">
            <input id="pref-follow" name="followOwnRequests" type="checkbox" defaultChecked={prefs.followOwnRequests} />
            <label for="pref-follow">Follow the requests I send</label>
          </div>
          {state ? <Notice kind={state.kind}>{state.text}</Notice> : null}
          <button type="submit" disabled={busy}>Save e-mail choices</button>
        </form>
      ) : state ? (
        <Notice kind={state.kind}>{state.text}</Notice>
      ) : (
        <p>Loading…</p>
      )}
    </section>
  );
}
