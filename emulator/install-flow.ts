/**
 * GitHub's web flow for installing the app: the page `GET /apps/{slug}/installations/new` on github.com (a web page,
 * not the API). The emulator has no sign-in: `login=` (else the person `PUT /_emulator/oauth/login` names) is who is at
 * the browser, and `account=` where they install (default: their own account). As on GitHub:
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
import { escapeHtml as esc, type Res } from './http.js';
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
    const login = req.query.get('login') ?? emu.oauthDefaultLogin;
    const person = login ? store.account(login) : undefined;
    if (!person || person.type !== 'User') {
      // No sign-in page: a list of people to be (demo mode), each a link back here with `login=`.
      const links = control.people().slice(0, 200).map((who) => {
        const q = new URLSearchParams(req.query);
        q.set('login', who);
        return `<li><a href="${esc(`${req.path}?${q}`)}">${esc(who)}</a></li>`;
      });
      return page(200, `Install ${app.name}`, `<p>Choose who you are:</p><ul>${links.join('')}</ul>`);
    }
    const account = store.account(req.query.get('account') ?? person.login);
    const may = account ? standing(person, account) : 'none';
    if (!account || may === 'none') return page(404, 'Not Found', `<p>${esc(person.login)} cannot install ${esc(app.name)} there.</p>`);

    const state = req.query.get('state');
    const toSetup = (installationId: number | null, action: 'install' | 'update' | 'request'): Res | null => {
      if (!app.setupUrl) return null;
      const target = new URL(app.setupUrl);
      if (installationId !== null) target.searchParams.set('installation_id', String(installationId));
      target.searchParams.set('setup_action', action);
      if (state !== null) target.searchParams.set('state', state);
      return { status: 302, headers: { location: target.toString() }, text: '', noEtag: true };
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
