/**
 * Who is at the browser on the emulator's web pages (the OAuth approval page, the install page). GitHub knows from
 * its sign-in; the emulator has none, so the page asks: one of its people, or a new person made from a login typed
 * on the spot, so that each person trying the demo can be somebody of their own. `login=` names the person
 * (`login=new` with `new_login=`: the new one; GitHub reserves "new" as a login); without it, the person the control
 * API set (`PUT /_emulator/oauth/login`) is taken at once. The person chosen is remembered in a cookie, as GitHub's
 * session would be, and is the next page's default; else the default is somebody who has not authorized the app yet
 * (whom no service can have linked through it).
 */
import type { Control } from './control.js';
import { escapeHtml as esc, type Req } from './http.js';
import type { Emulator } from './server.js';
import type { Account } from './state.js';

/** The value of `login` (and of the install page's `account`) that means "the new one typed beside it". */
export const NEW = 'new';
const COOKIE = 'emulator_login';
/** GitHub's rule for logins: letters, digits and single hyphens, not first or last, at most 39 characters. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

export const badLogin = (typed: string) => LOGIN.test(typed) && typed.toLowerCase() !== NEW ? null
  : `"${typed}" cannot be a GitHub login: letters, digits and single hyphens (not first or last), at most 39 characters.`;

export type Chosen = { person: Account; cookie: Record<string, string> } | { person: null; problem: string | null };

/** The person the page acts as, made first when new; or none yet (then the page asks), with why when the answer was wrong. */
export function chosenPerson(emu: Emulator, control: Control, req: Req): Chosen {
  const store = emu.store;
  const login = req.query.get('login');
  const found = (person: Account): Chosen => ({ person, cookie: { 'set-cookie': `${COOKIE}=${encodeURIComponent(person.login)}; Path=/; SameSite=Lax; HttpOnly` } });
  if (login === NEW) {
    const typed = (req.query.get('new_login') ?? '').trim();
    const problem = badLogin(typed);
    if (problem) return { person: null, problem };
    const existing = store.account(typed);
    if (existing && existing.type !== 'User') return { person: null, problem: `${typed} is an organisation, not a person.` };
    if (existing) return found(existing);
    const made = control.createUser({ login: typed });
    // A GET that changes the state: kept (stateFile) as any other change is.
    emu.onChange?.();
    return found(made);
  }
  if (login) {
    const named = store.account(login);
    return named?.type === 'User' ? found(named) : { person: null, problem: `There is nobody called ${login} here.` };
  }
  const preset = emu.oauthDefaultLogin ? store.account(emu.oauthDefaultLogin) : undefined;
  return preset?.type === 'User' ? found(preset) : { person: null, problem: null };
}

function remembered(emu: Emulator, req: Req): Account | undefined {
  const pair = String(req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${COOKIE}=`));
  const login = pair ? decodeURIComponent(pair.slice(COOKIE.length + 1)) : '';
  const account = login ? emu.store.account(login) : undefined;
  return account?.type === 'User' ? account : undefined;
}

/** A login of the form `${prefix}-N` that nobody has. */
export function freeLogin(emu: Emulator, prefix: string): string {
  for (let n = 1; ; n++) if (!emu.store.account(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

/** The person a page would default to: who this browser chose last, else the first who has not authorized the app. */
export function defaultPerson(emu: Emulator, control: Control, req: Req): string | null {
  const last = remembered(emu, req);
  if (last) return last.login;
  const authorized = new Set(emu.store.data.tokens.filter((t) => t.kind === 'user').map((t) => t.userId));
  return control.people().find((login) => !authorized.has(emu.store.account(login)!.id)) ?? null;
}

/** Hidden fields carrying the page's query on, but for the ones the form itself asks. */
export function carriedOn(req: Req, asked: string[]): string {
  return [...req.query].filter(([name]) => !asked.includes(name))
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`).join('');
}

/** Radio buttons, one a person, and a last one for a new person whose login is typed beside it. */
export function personFieldset(emu: Emulator, control: Control, req: Req): string {
  const chosen = defaultPerson(emu, control, req);
  const authorized = new Set(emu.store.data.tokens.filter((t) => t.kind === 'user').map((t) => t.userId));
  const people = control.people().slice(0, 200).map((login) => {
    const account = emu.store.account(login)!;
    const note = [account.name, authorized.has(account.id) ? 'has authorized this app before' : null].filter(Boolean).join('; ');
    return `<li><label><input type="radio" name="login" value="${esc(login)}"${login === chosen ? ' checked' : ''}> ${esc(login)}${note ? ` (${esc(note)})` : ''}</label></li>`;
  });
  // Typing a login picks "someone new", so the typed name is not lost to the default.
  const pickNew = `onfocus="document.getElementById('login-new').checked = true"`;
  people.push(`<li><label><input type="radio" name="login" value="${NEW}" id="login-new"${chosen ? '' : ' checked'}> Someone new</label>, <label>with the login <input name="new_login" value="${esc(freeLogin(emu, 'person'))}" ${pickNew}></label></li>`);
  return `<fieldset><legend>Who you are</legend><ul>${people.join('')}</ul></fieldset>`;
}

export const problemNote = (problem: string | null) => problem ? `<p class="problem">${esc(problem)}</p>` : '';
