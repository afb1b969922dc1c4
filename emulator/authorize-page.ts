/**
 * GitHub's OAuth approval page, `GET /login/oauth/authorize`: the person approves the app, and the browser goes to
 * `redirect_uri` with a single-use `code` (exchanged at `POST /login/oauth/access_token`, rest.ts) and the `state`.
 * Who approves is asked on the page (person-choice.ts) unless the URL or the control API names them.
 */
import { randomBytes } from 'node:crypto';
import type { Control } from './control.js';
import { escapeHtml as esc, type Res } from './http.js';
import { carriedOn, chosenPerson, personFieldset, problemNote } from './person-choice.js';
import type { Emulator } from './server.js';

export function registerAuthorizePage(emu: Emulator, control: Control) {
  emu.router.add('GET', '/login/oauth/authorize', { auth: 'none', resource: 'free' }, (req) => {
    const app = emu.store.data.app;
    if (req.query.get('client_id') !== app.clientId) return { status: 404, text: 'Not Found', contentType: 'text/html; charset=utf-8', noEtag: true };
    const redirect = req.query.get('redirect_uri');
    const chosen = redirect ? chosenPerson(emu, control, req) : { person: null, problem: 'Missing redirect_uri.' };
    if (!chosen.person) {
      const form = `<form method="get" action="${esc(req.path)}">${carriedOn(req, ['login', 'new_login'])}${personFieldset(emu, control, req)}<p><button type="submit">Authorize ${esc(app.name)}</button></p></form>`;
      return {
        status: 200, contentType: 'text/html; charset=utf-8', noEtag: true,
        text: `<!doctype html><meta charset="utf-8"><title>Authorize ${esc(app.name)} (GitHub emulator)</title><h1>Authorize ${esc(app.name)}</h1>${problemNote(chosen.problem)}<p>The emulator has no sign-in: choose who you are on "GitHub". Each person linking an account of their own needs a GitHub identity of their own: pick someone who has not authorized this app, or make someone new.</p>${form}`,
      };
    }
    const code = randomBytes(10).toString('hex');
    emu.oauthCodes.set(code, { userId: chosen.person.id, expiresAt: Date.now() + 600e3, redirectUri: redirect });
    const u = new URL(redirect!);
    u.searchParams.set('code', code);
    const state = req.query.get('state');
    if (state != null) u.searchParams.set('state', state);
    return { status: 302, headers: { location: u.toString(), ...chosen.cookie }, text: '', noEtag: true };
  });
}
