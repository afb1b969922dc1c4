/**
 * The one script of the built-in pages (served at /_pages/app.js; a Content-Security-Policy allows
 * no other). It talks to the API on the same origin with the session cookie, and writes every value
 * it got from the API as text, never as markup.
 */
export const pageScript = String.raw`'use strict';
const main = document.querySelector('main');
const page = main.dataset.page;
const INVITATION = 'svc.pendingInvitation';

async function api(method, path, body, headers) {
  const init = { method, credentials: 'same-origin', headers: Object.assign({}, headers || {}) };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let json = null;
  try { json = await res.json(); } catch (e) { json = null; }
  return { status: res.status, ok: res.ok, body: json };
}
function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}
function say(target, text, kind) {
  const box = document.getElementById(target);
  box.replaceChildren(el('p', text, { class: kind || 'note' }));
  box.hidden = false;
}
function failure(res) {
  return res.body && res.body.error ? res.body.error.message : 'The service answered ' + res.status + '.';
}
function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}
function pendingInvitation() {
  try { return sessionStorage.getItem(INVITATION); } catch (e) { return null; }
}
async function session() {
  const res = await api('GET', '/auth/get-session');
  return res.ok && res.body && res.body.user ? res.body : null;
}
async function signOut() {
  await api('POST', '/auth/sign-out', {});
  location.assign('/signin');
}
/** The header names a signed-in person and offers to sign out, where it offers a stranger to sign in. */
async function accountInHeader() {
  const current = await session();
  if (!current) return;
  const signOutButton = el('button', 'Sign out', { type: 'button' });
  signOutButton.addEventListener('click', signOut);
  document.getElementById('account').replaceChildren(el('span', current.user.name + ' '), signOutButton);
}
function afterSignIn() {
  const token = pendingInvitation();
  location.assign(token ? '/invitations/accept#token=' + encodeURIComponent(token) : '/');
}

const SIGN_IN_ERRORS = {
  email_not_found: 'No account has that e-mail address.',
  account_not_linked: 'That sign-in is not linked to your account.',
  signup_disabled: 'New accounts cannot be made this way.',
  please_restart_the_process: 'That sign-in took too long or was used twice. Please start again.',
  unable_to_create_user: 'The account could not be made.',
  invalid_token: 'That sign-in link is unknown, expired (links last 15 minutes) or was already used. Ask for a new one below.',
  sign_in_failed: 'Signing in failed. Please try again.',
};
// What linking an account (GET /v1/codehost/callback) and connecting after installing the app
// (GET /v1/codehost/setup) come back with in error=.
const CODEHOST_ERRORS = {
  please_restart_the_process: 'That took too long or the link was used twice. Please start again.',
  account_already_linked: 'That GitHub account is already linked to another person here. Link a GitHub account of your own: press the button below and choose another identity (in demo mode, a person nobody has linked, or someone new).',
  codehost_link_failed: 'GitHub did not confirm the authorization. Please try again.',
  please_sign_in_as_the_person_who_started: 'Sign in as the person who asked to install the app, then start again.',
  forbidden: 'Only admins and owners of the workspace connect GitHub.',
  payment_required: "The workspace's billing has lapsed: an owner settles it first.",
  installation_requested: "The organisation's owners were asked to install the app. Once one has, connect it here.",
  codehost_account_not_linked: 'Link your GitHub account first (from the home page), then connect.',
  installation_not_visible: 'Your GitHub account cannot see that installation: install the app as the GitHub identity you linked, on an account it owns or administers.',
  installation_held_by_another_workspace: 'That installation is connected to another workspace. Install the app on another account (the button below: your own account, or another organisation), or ask that workspace to disconnect it.',
  workspace_already_connected: 'This workspace is already connected to another installation.',
  codehost_connect_failed: 'GitHub did not answer as expected; nothing was connected. Please try again.',
};

const pages = {
  async home() {
    const current = await session();
    if (!current) {
      document.getElementById('signed-out').hidden = false;
      return;
    }
    document.getElementById('signed-in').hidden = false;
    document.getElementById('who').textContent = current.user.name + ' <' + current.user.email + '>';
    // A credential is shown only when asked for: a screen is shared, recorded and looked over.
    document.getElementById('show-token').addEventListener('click', () => {
      const token = document.getElementById('token');
      token.textContent = current.session.token;
      token.hidden = false;
    });
    const invitation = pendingInvitation();
    if (invitation) {
      const link = el('a', 'Continue to your invitation', { href: '/invitations/accept#token=' + encodeURIComponent(invitation) });
      document.getElementById('next').replaceChildren(link);
    }
    document.getElementById('link-codehost').addEventListener('click', () => linkCodehost('home-message'));
    document.getElementById('sign-out').addEventListener('click', signOut);
  },

  async signin() {
    const code = new URLSearchParams(location.search).get('error');
    if (code) say('signin-message', SIGN_IN_ERRORS[code.toLowerCase()] || SIGN_IN_ERRORS.sign_in_failed, 'error');
    document.getElementById('password-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const res = await api('POST', '/auth/sign-in/email', formData(event.target));
      if (res.ok) afterSignIn();
      else say('signin-message', failure(res), 'error');
    });
    document.getElementById('link-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const res = await api('POST', '/auth/sign-in/magic-link', formData(event.target));
      if (res.ok) say('signin-message', 'A sign-in link is on its way. Without a mail server configured (SMTP_URL), it is written to the service log and to DATA_DIR/outbox.', 'ok');
      else say('signin-message', failure(res), 'error');
    });
    document.getElementById('signup-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const res = await api('POST', '/auth/sign-up/email', formData(event.target));
      if (res.ok) afterSignIn();
      else say('signin-message', failure(res), 'error');
    });
  },

  async link() {
    const token = new URLSearchParams(location.hash.slice(1)).get('token');
    // The token leaves the address bar (and the history) before anything else happens.
    history.replaceState(null, '', location.pathname);
    if (!token) {
      say('link-message', 'This page needs the link from your sign-in e-mail, whole.', 'error');
      return;
    }
    const res = await api('GET', '/auth/magic-link/verify?token=' + encodeURIComponent(token));
    if (!res.ok) {
      say('link-message', res.status === 401 ? SIGN_IN_ERRORS.invalid_token : failure(res), 'error');
      return;
    }
    if (!res.body.passwordRemoved) {
      afterSignIn();
      return;
    }
    // The link proved an address nobody had proved before: the password made with it may have been
    // somebody else's, so it went, with every other session. Said here, with the way back.
    document.querySelector('h1').textContent = 'You are signed in';
    say(
      'link-message',
      'This link verified your e-mail address for the first time. Because anybody could have made this account with your address before you, its password was removed and every other session was signed out. Choose a new password to sign in with it again, or go on and sign in with links.',
      'note',
    );
    const form = document.getElementById('set-password-form');
    form.hidden = false;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const chosen = await api('POST', '/auth/set-password', formData(event.target));
      if (chosen.ok) afterSignIn();
      else say('link-message', failure(chosen), 'error');
    });
    document.getElementById('skip-password').addEventListener('click', afterSignIn);
  },

  async codehost() {
    const outcome = new URLSearchParams(location.search);
    const code = outcome.get('error');
    // A refusal says what to do next, and the page goes on below it with the ways on.
    if (code) {
      say('codehost-message', Object.hasOwn(CODEHOST_ERRORS, code) ? CODEHOST_ERRORS[code] : 'Something went wrong with GitHub. Please try again.', 'error');
      if (code === 'account_already_linked') {
        const again = el('button', 'Link another GitHub account', { type: 'button' });
        again.addEventListener('click', () => linkCodehost('codehost-message'));
        document.getElementById('codehost-message').append(again);
        return;
      }
    } else {
      const connected = outcome.get('connected');
      say('codehost-message', connected ? 'GitHub is connected (installation ' + connected + ').' : 'Your GitHub account is linked.', 'ok');
    }
    const workspaces = await api('GET', '/account/workspaces');
    const list = document.getElementById('workspaces');
    if (!workspaces.ok) {
      say('codehost-message', failure(workspaces), 'error');
      return;
    }
    if (workspaces.body.data.length === 0) {
      list.replaceChildren(el('p', 'You belong to no workspace yet: make one (an admin of it connects GitHub), or ask to be invited to one.'), newWorkspaceForm());
      return;
    }
    list.replaceChildren();
    for (const workspace of workspaces.body.data) {
      const section = el('section');
      section.append(el('h2', workspace.name + ' (' + workspace.role + ')'));
      list.append(section);
      if (workspace.role !== 'owner' && workspace.role !== 'admin') {
        section.append(el('p', 'Only admins and owners connect GitHub.'));
        continue;
      }
      await showConnection(section, workspace);
    }
  },

  async invitation() {
    const fromLink = new URLSearchParams(location.hash.slice(1)).get('token');
    history.replaceState(null, '', location.pathname);
    const token = fromLink || pendingInvitation();
    if (!token) {
      say('invitation-message', 'This page needs the link from your invitation e-mail, whole.', 'error');
      return;
    }
    try { sessionStorage.setItem(INVITATION, token); } catch (e) { /* private mode: the link still works */ }
    const found = await api('POST', '/account/invitations/lookup', { token });
    if (!found.ok) {
      try { sessionStorage.removeItem(INVITATION); } catch (e) { /* nothing kept */ }
      say('invitation-message', found.status === 409 ? 'This invitation has expired or was already accepted.' : 'This invitation is unknown or was withdrawn.', 'error');
      return;
    }
    const about = document.getElementById('invitation');
    about.replaceChildren(
      el('p', found.body.invitedBy + ' invites ' + found.body.email + ' to ' + found.body.workspaceName + ' as ' + found.body.role + '.'),
    );
    const current = await session();
    if (!current) {
      about.append(el('p', 'Sign in (or make an account) with that e-mail address first; you come back here afterwards.'), el('a', 'Sign in', { href: '/signin' }));
      return;
    }
    const accept = el('button', 'Accept as ' + current.user.email, { type: 'button' });
    about.append(accept);
    accept.addEventListener('click', async () => {
      const res = await api('POST', '/account/invitations/accept', { token });
      if (!res.ok) {
        say('invitation-message', failure(res), 'error');
        return;
      }
      try { sessionStorage.removeItem(INVITATION); } catch (e) { /* nothing kept */ }
      say('invitation-message', 'You joined ' + res.body.name + '.', 'ok');
      accept.remove();
    });
  },
};

async function linkCodehost(messageBox) {
  const res = await api('GET', '/v1/codehost/authorize-url?returnTo=' + encodeURIComponent('/settings/codehost'));
  if (res.ok) location.assign(res.body.url);
  else say(messageBox, failure(res), 'error');
}

function newWorkspaceForm() {
  const form = el('form', undefined, { id: 'workspace-form' });
  const name = el('input', undefined, { name: 'name', required: '', maxlength: '100' });
  const slug = el('input', undefined, { name: 'slug', required: '', minlength: '2', maxlength: '40', pattern: '[a-z0-9]([a-z0-9\\-]*[a-z0-9])?' });
  const nameLabel = el('label', 'Name ');
  nameLabel.append(name);
  const slugLabel = el('label', 'Short name (lowercase letters, digits, hyphens) ');
  slugLabel.append(slug);
  form.append(el('h2', 'New workspace'), nameLabel, slugLabel, el('button', 'Make the workspace', { type: 'submit' }));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const res = await api('POST', '/v1/workspaces', formData(form));
    if (res.ok) location.reload();
    else say('codehost-message', failure(res), 'error');
  });
  return form;
}

/** The code host's page for installing the app, for this workspace: it comes back connected (GET /v1/codehost/setup). */
function installButton(headers) {
  const install = el('button', 'Install the app on another account', { type: 'button' });
  install.addEventListener('click', async () => {
    const res = await api('GET', '/v1/codehost/install-url', undefined, headers);
    if (res.ok) location.assign(res.body.url);
    else say('codehost-message', failure(res), 'error');
  });
  const row = el('p');
  row.append(install);
  return row;
}

async function showConnection(section, workspace) {
  const headers = { 'x-workspace-id': workspace.id };
  if (!workspace.codehost.connected) {
    const available = await api('GET', '/v1/codehost/installations/available', undefined, headers);
    if (!available.ok) {
      section.append(el('p', failure(available), { class: 'error' }));
      return;
    }
    if (available.body.data.length === 0) section.append(el('p', 'The app is installed on no account your GitHub account can see.'));
    for (const installation of available.body.data) {
      const row = el('p', installation.accountLogin + ' (' + installation.repositorySelection + ' repositories) ');
      if (installation.connection === 'available') {
        const connect = el('button', 'Connect', { type: 'button' });
        connect.addEventListener('click', async () => {
          const res = await api('POST', '/v1/codehost/installation', { installationId: installation.installationId }, headers);
          if (!res.ok) {
            row.append(el('span', ' ' + failure(res), { class: 'error' }));
            return;
          }
          location.reload();
        });
        row.append(connect);
      } else {
        row.append(el('span', installation.connection === 'this_workspace' ? 'connected here' : 'held by another workspace (install the app on another account below)'));
      }
      section.append(row);
    }
    section.append(installButton(headers));
    return;
  }
  section.append(el('p', 'Connected to ' + workspace.codehost.accountLogin + '. Mirror a repository to see its issues:'));
  const repositories = await api('GET', '/v1/codehost/repositories?limit=100', undefined, headers);
  if (!repositories.ok) {
    section.append(el('p', failure(repositories), { class: 'error' }));
    return;
  }
  for (const repository of repositories.body.data) {
    const row = el('p', repository.fullName + ' ');
    if (repository.syncEnabled) row.append(el('span', repository.syncedAt ? 'mirrored' : 'mirroring starts'));
    else {
      const enable = el('button', 'Mirror', { type: 'button' });
      enable.addEventListener('click', async () => {
        const res = await api('PATCH', '/v1/codehost/repositories', { enable: [repository.id] }, headers);
        if (res.ok) enable.replaceWith(el('span', 'mirroring starts (GET /v1/codehost/sync-status shows the walk)'));
        else row.append(el('span', ' ' + failure(res), { class: 'error' }));
      });
      row.append(enable);
    }
    section.append(row);
  }
}

accountInHeader().catch(() => {
  // The header keeps its sign-in link; the page itself says what failed.
});
pages[page]().catch((error) => {
  const box = document.createElement('p');
  box.className = 'error';
  box.textContent = 'This page failed: ' + error;
  main.append(box);
});
`;
