import type { FastifyInstance } from 'fastify';
import { pageScript } from './page-script.js';

/**
 * Small pages for the links the service sends people to (WORKSPACE_APP_ORIGIN paths), served on the
 * service's own origin while no workspace web application is configured. A real application set in
 * WORKSPACE_APP_ORIGIN replaces them: then none of these paths is served here.
 *
 *   /                     signed in (who, link GitHub, sign out; the session's bearer token on request)
 *   /signin               sign-in, and where failed sign-ins land (`?error=<code>`)
 *   /sign-in/link         a magic link's landing: exchanges `#token=` for a session
 *   /settings/codehost    where GitHub returns after linking: connect an installation, mirror repositories
 *   /invitations/accept   an invitation's landing: what it is for, and accept
 */
const pages: Record<string, { page: string; title: string; body: string }> = {
  '/': {
    page: 'home',
    title: 'svc',
    body: `
<h1>svc</h1>
<div id="home-message" hidden></div>
<section id="signed-out" hidden>
  <p>You are not signed in.</p>
  <p><a href="/signin">Sign in or make an account</a></p>
</section>
<section id="signed-in" hidden>
  <p>Signed in as <strong id="who"></strong>.</p>
  <p id="next"></p>
  <p><button type="button" id="show-token">Show this session's bearer token</button> for the API (<code>Authorization: Bearer …</code>)</p>
  <pre id="token" hidden></pre>
  <p><button type="button" id="link-codehost">Link your GitHub account</button> then connect a workspace to an installation and mirror repositories.</p>
  <p><button type="button" id="sign-out">Sign out</button></p>
</section>`,
  },
  '/signin': {
    page: 'signin',
    title: 'Sign in',
    body: `
<h1>Sign in</h1>
<div id="signin-message" hidden></div>
<form id="link-form">
  <h2>With a link by e-mail</h2>
  <label>E-mail <input name="email" type="email" required autocomplete="email"></label>
  <button type="submit">Send me a link</button>
</form>
<form id="password-form">
  <h2>With a password</h2>
  <label>E-mail <input name="email" type="email" required autocomplete="email"></label>
  <label>Password <input name="password" type="password" required autocomplete="current-password"></label>
  <button type="submit">Sign in</button>
</form>
<form id="signup-form">
  <h2>New here</h2>
  <p class="note">Nobody checks the address when the account is made. The first sign-in link you use from it proves it is yours, and because somebody else could have made the account with your address before you, that first link removes the password and signs out every other session (you may choose a new password then).</p>
  <label>Name <input name="name" required autocomplete="name"></label>
  <label>E-mail <input name="email" type="email" required autocomplete="email"></label>
  <label>Password (8 or more characters) <input name="password" type="password" minlength="8" required autocomplete="new-password"></label>
  <button type="submit">Make an account</button>
</form>`,
  },
  '/sign-in/link': {
    page: 'link',
    title: 'Signing in',
    body: `
<h1>Signing in…</h1>
<div id="link-message" hidden></div>
<form id="set-password-form" hidden>
  <label>New password (8 or more characters) <input name="newPassword" type="password" minlength="8" maxlength="128" required autocomplete="new-password"></label>
  <button type="submit">Set the password</button>
  <button type="button" id="skip-password">Not now</button>
</form>
<p><a href="/signin">Sign-in page</a></p>`,
  },
  '/settings/codehost': {
    page: 'codehost',
    title: 'GitHub',
    body: `
<h1>GitHub</h1>
<div id="codehost-message" hidden></div>
<div id="workspaces"></div>
<p><a href="/">Home</a></p>`,
  },
  '/invitations/accept': {
    page: 'invitation',
    title: 'Invitation',
    body: `
<h1>Invitation</h1>
<div id="invitation-message" hidden></div>
<div id="invitation"></div>`,
  },
};

const style = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
header { display: flex; gap: 1rem; align-items: baseline; border-bottom: 1px solid #d0d7de; margin-bottom: 1rem; }
header > a:first-child { font-weight: 600; text-decoration: none; color: inherit; }
form { margin: 1.5rem 0; } label { display: block; margin: .5rem 0; } input { display: block; width: 100%; padding: .4rem; }
button { padding: .4rem .9rem; margin-left: .3rem; } pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; }
.error { color: #cf222e; } .ok { color: #1a7f37; } footer { margin-top: 3rem; color: #59636e; font-size: .85rem; }
`;

const securityHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

function document(title: string, page: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/_pages/style.css"></head>
<body>
<header><a href="/">svc</a><nav><span id="account"><a href="/signin">Sign in</a></span> · <a href="/docs">API reference</a></nav></header>
<main data-page="${page}">${body}
</main>
<footer>These are the service's built-in pages. Set WORKSPACE_APP_ORIGIN to send people to your workspace application instead.</footer>
<script src="/_pages/app.js"></script>
</body>
</html>
`;
}

export function registerBuiltInPages(app: FastifyInstance): void {
  for (const [path, { page, title, body }] of Object.entries(pages)) {
    const html = document(title, page, body);
    app.get(path, { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
      reply.headers(securityHeaders).type('text/html; charset=utf-8').send(html),
    );
  }
  app.get('/_pages/app.js', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
    reply.headers(securityHeaders).type('text/javascript; charset=utf-8').send(pageScript),
  );
  app.get('/_pages/style.css', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
    reply.headers(securityHeaders).type('text/css; charset=utf-8').send(style),
  );
}
