/**
 * GitHub's web flow for installing the app: the page `GET /apps/{slug}/installations/new` on github.com (a web page,
 * not the API). The emulator has no sign-in: `login=` (else the person `PUT /_emulator/oauth/login` names) is who is at
 * the browser, and `account=` where they install (default: their own account; `account=new` with `new_account=`: an
 * organisation made on the spot with them as its owner). With nobody named, the page asks both (person-choice.ts),
 * offering the accounts the app is not installed on yet, so a second workspace can connect a second account. As on GitHub:
 *
 * - on their own account, or an organisation they administer, the app is installed (all repositories, or
 *   `repositories=a,b`; `installation.created` is delivered) and the browser goes to the app's setup URL with
 *   `installation_id`, `setup_action=install` and the page's `state`;
 * - on an organisation they only belong to, its owners are asked instead: `setup_action=request`, no installation;
 * - where the app is installed already, GitHub shows the installation's settings, and saving them goes to the setup
 *   URL with `setup_action=update` only when the app redirects on update; the emulator saves at once;
 * - without a setup URL, GitHub shows the installation; the emulator answers a plain page saying what happened.
 */
import type { Control } from './control.js';
import { escapeHtml as esc, type Req, type Res } from './http.js';
import { badLogin, carriedOn, chosenPerson, defaultPerson, freeLogin, NEW, personFieldset, problemNote } from './person-choice.js';
import type { Emulator } from './server.js';
import type { Account } from './state.js';

const page = (status: number, title: string, body: string): Res => ({
  status, noEtag: true, contentType: 'text/html; charset=utf-8',
  text: `<!doctype html><meta charset="utf-8"><title>${esc(title)} (GitHub emulator)</title><h1>${esc(title)}</h1>${body}`,
});

/** What `person` may do with the app on `account`: install it, only ask its owners, or nothing (GitHub does not offer it). */
function standing(person: Account, account: Account): 'install' | 'request' | 'none' {
  if (account.id === person.id) return 'install';
  if (account.type !== 'Organization') return 'none';
  if (account.admins.includes(person.id)) return 'install';
  return account.members.includes(person.id) ? 'request' : 'none';
}

export function registerInstallFlow(emu: Emulator, control: Control) {
  emu.web.add('GET', '/apps/{app_slug}/installations/new', { auth: 'none' }, (req) => {
    const store = emu.store;
    const app = store.data.app;
    if (req.params.app_slug !== app.slug) return page(404, 'Not Found', '');
    const chosen = chosenPerson(emu, control, req);
    if (!chosen.person) return page(200, `Install ${app.name}`, problemNote(chosen.problem) + installForm(emu, control, req));
    const person = chosen.person;
    const where = whereToInstall(emu, control, req, person);
    if ('problem' in where) return page(200, `Install ${app.name}`, problemNote(where.problem) + installForm(emu, control, req));
    const account = where.account;
    const may = account ? standing(person, account) : 'none';
    if (!account || may === 'none') return page(404, 'Not Found', `<p>${esc(person.login)} cannot install ${esc(app.name)} there.</p>`);

    const state = req.query.get('state');
    const toSetup = (installationId: number | null, action: 'install' | 'update' | 'request'): Res | null => {
      if (!app.setupUrl) return null;
      const target = new URL(app.setupUrl);
      if (installationId !== null) target.searchParams.set('installation_id', String(installationId));
      target.searchParams.set('setup_action', action);
      if (state !== null) target.searchParams.set('state', state);
      return { status: 302, headers: { location: target.toString(), ...chosen.cookie }, text: '', noEtag: true };
    };

    if (may === 'request') {
      return toSetup(null, 'request') ?? page(200, 'Request sent', `<p>The owners of ${esc(account.login)} were asked to install ${esc(app.name)}.</p>`);
    }
    const installed = store.installationFor(account.id);
    if (installed) {
      const update = app.setupOnUpdate ? toSetup(installed.id, 'update') : null;
      return update ?? page(200, `${app.name} is installed on ${account.login}`, `<p>Installation ${installed.id}.</p>`);
    }
    const repositories = req.query.get('repositories');
    const installation = control.install({ account: account.login, repositories: repositories ? repositories.split(',').filter(Boolean) : 'all', sender: person.login });
    // A GET that changes the state: kept (stateFile) as any other change is.
    emu.onChange?.();
    return toSetup(installation.id, 'install') ?? page(200, `${app.name} is installed on ${account.login}`, `<p>Installation ${installation.id}.</p>`);
  });
}

/** The account named (`account=`), a new organisation made for `new_account=`, or the person's own account. */
function whereToInstall(emu: Emulator, control: Control, req: Req, person: Account): { account: Account | undefined } | { problem: string } {
  const named = req.query.get('account');
  if (named !== NEW) return { account: emu.store.account(named || person.login) };
  const typed = (req.query.get('new_account') ?? '').trim();
  const problem = badLogin(typed);
  if (problem) return { problem };
  const existing = emu.store.account(typed);
  if (existing) return { account: existing };
  return { account: control.createOrg({ login: typed, name: typed, admins: [person.login] }) };
}

/** The page asking who installs and where: their own account, an organisation without the app, or a new one. */
function installForm(emu: Emulator, control: Control, req: Req): string {
  const store = emu.store;
  const app = store.data.app;
  const person = defaultPerson(emu, control, req);
  const ownInstalled = person ? Boolean(store.installationFor(store.account(person)!.id)) : false;
  const organisations = store.data.accounts.filter((a) => a.type === 'Organization' && !store.installationFor(a.id)).slice(0, 200);
  const pickNew = `onfocus="document.getElementById('account-new').checked = true"`;
  const choices = [
    `<li><label><input type="radio" name="account" value=""${ownInstalled ? '' : ' checked'}> Your own account (the person above)</label></li>`,
    ...organisations.map((o) => `<li><label><input type="radio" name="account" value="${esc(o.login)}"> ${esc(o.login)}${o.name ? ` (${esc(o.name)})` : ''}</label></li>`),
    `<li><label><input type="radio" name="account" value="${NEW}" id="account-new"${ownInstalled ? ' checked' : ''}> A new organisation</label>, <label>named <input name="new_account" value="${esc(freeLogin(emu, 'org'))}" ${pickNew}></label>, with you as its owner</li>`,
  ];
  return `<p>The emulator has no sign-in: choose who you are on "GitHub", and where to install ${esc(app.name)}. Listed are the accounts it is not installed on yet; an organisation's owners install, its members only ask them.</p>`
    + `<form method="get" action="${esc(req.path)}">${carriedOn(req, ['login', 'new_login', 'account', 'new_account'])}${personFieldset(emu, control, req)}`
    + `<fieldset><legend>Where to install</legend><ul>${choices.join('')}</ul></fieldset><p><button type="submit">Install ${esc(app.name)}</button></p></form>`;
}
