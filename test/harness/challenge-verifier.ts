import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One siteverify call as the verifier received it. */
export interface ChallengeCall {
  method: string;
  contentType: string;
  /** The form fields of the body (`secret`, `response`, `remoteip`, ...). */
  fields: Record<string, string>;
}

/**
 * A local server speaking Turnstile's siteverify protocol (POST form `secret`, `response`,
 * `remoteip`; answer `{ success, hostname, 'error-codes' }`). It answers by the token:
 * `pass` verifies on app.svc.test, `other-site` verifies on evil.example, `fail` (and any other
 * token) does not verify, `pass-on:<hostname>` verifies on that hostname (a portal's host, say),
 * `reused` does not verify although it names our hostname (an expired
 * or already redeemed token). Two more misbehave like a provider in trouble: `hang` never answers
 * (until `close()`), `broken` answers HTTP 500 with a non-JSON body.
 * It also serves the stand-in widget's script (`scriptUrl`), whose ticked checkbox answers
 * `pass-on:<the page's hostname>`.
 */
export async function startChallengeVerifier() {
  const calls: ChallengeCall[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === STAND_IN_SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(standInWidgetScript);
      return;
    }
    void readBody(req).then((raw) => {
      const fields = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? '', contentType: String(req.headers['content-type'] ?? ''), fields });
      if (fields.response === 'hang') return;
      if (fields.response === 'broken') {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<h1>Internal Server Error</h1>');
        return;
      }
      const answer =
        req.method !== 'POST'
          ? { success: false, 'error-codes': ['bad-request'] }
          : fields.response === 'pass'
            ? { success: true, hostname: 'app.svc.test', 'error-codes': [] }
            : fields.response?.startsWith('pass-on:')
              ? { success: true, hostname: fields.response.slice('pass-on:'.length), 'error-codes': [] }
            : fields.response === 'other-site'
              ? { success: true, hostname: 'evil.example', 'error-codes': [] }
              : fields.response === 'reused'
                ? { success: false, hostname: 'app.svc.test', 'error-codes': ['timeout-or-duplicate'] }
                : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    }, () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    /** The stand-in widget's script (see standInWidgetScript), for CHALLENGE_SCRIPT_URL. */
    scriptUrl: `http://127.0.0.1:${port}${STAND_IN_SCRIPT_PATH}`,
    calls,
    /** Calls whose `response` field was `token`. */
    callsFor: (token: string) => calls.filter((c) => c.fields.response === token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const STAND_IN_SCRIPT_PATH = '/turnstile/v0/api.js';

/**
 * The stand-in widget, served beside the stand-in verifier (never by the service): a script
 * speaking Turnstile's explicit-rendering API (`turnstile.render(element, { sitekey, callback,
 * 'expired-callback' })`, `reset`, `remove`, `getResponse`) that shows a checkbox labelled
 * "I am human (development stand-in)". Ticking it calls back with `pass-on:<the page's hostname>`,
 * which the stand-in verifier above accepts as solved on that host; unticking expires it. It builds
 * its elements with the DOM only (no inline style or script), so it runs under the portal website's CSP.
 */
export const standInWidgetScript = `(function () {
  'use strict';
  var widgets = {};
  var count = 0;
  function find(id) {
    if (id === undefined) { for (var k in widgets) return widgets[k]; return undefined; }
    return widgets[id];
  }
  function render(element, options) {
    var container = typeof element === 'string' ? document.querySelector(element) : element;
    if (!container) throw new Error('turnstile stand-in: no element to render into');
    var id = 'stand-in-' + (++count);
    var label = document.createElement('label');
    var box = document.createElement('input');
    box.type = 'checkbox';
    box.id = id;
    box.name = 'cf-turnstile-stand-in';
    label.appendChild(box);
    label.appendChild(document.createTextNode(' I am human (development stand-in)'));
    var widget = { label: label, box: box, options: options || {}, token: undefined };
    box.addEventListener('change', function () {
      if (box.checked) {
        widget.token = 'pass-on:' + window.location.hostname;
        if (typeof widget.options.callback === 'function') widget.options.callback(widget.token);
      } else {
        widget.token = undefined;
        if (typeof widget.options['expired-callback'] === 'function') widget.options['expired-callback']();
      }
    });
    container.appendChild(label);
    widgets[id] = widget;
    return id;
  }
  function reset(id) {
    var widget = find(id);
    if (widget) { widget.box.checked = false; widget.token = undefined; }
  }
  function remove(id) {
    var widget = find(id);
    if (widget) { widget.label.remove(); delete widgets[id === undefined ? widget.box.id : id]; }
  }
  function getResponse(id) {
    var widget = find(id);
    return widget ? widget.token : undefined;
  }
  window.turnstile = { render: render, reset: reset, remove: remove, getResponse: getResponse, ready: function (f) { f(); } };
})();
`;

export type ChallengeVerifierServer = Awaited<ReturnType<typeof startChallengeVerifier>>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A loopback URL nothing listens on: bind a port, then release it. */
export async function unusedLoopbackUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/turnstile/v0/siteverify`;
}
