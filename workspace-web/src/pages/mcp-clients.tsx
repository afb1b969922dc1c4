import { Notice, PageTitle } from '@svc/ui-kit';
import { useState } from 'preact/hooks';
import { IssuedKeyPanel, IssueKeyForm, type IssuedApiKey } from '../api-key-issuing';
import { CopyButton } from '../copy-button';
import { checkMcpKey, type McpCheck } from '../mcp-check';
import { useSession } from '../session';

const PLACEHOLDER_KEY = 'svc_your_key_here';

/** What each common client expects in its settings for a remote HTTP server, or a stdio command. */
function clientSettings(endpoint: string, origin: string, serverName: string, key: string) {
  const headers = { Authorization: `Bearer ${key}` };
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: 'claude-code',
      client: 'Claude Code',
      where: 'Run in a terminal (add --scope project to share it through the project’s .mcp.json):',
      text: `claude mcp add --transport http ${serverName} ${endpoint} --header "Authorization: Bearer ${key}"`,
    },
    {
      id: 'cursor',
      client: 'Cursor',
      where: 'In ~/.cursor/mcp.json (every project) or .cursor/mcp.json (one project):',
      text: json({ mcpServers: { [serverName]: { url: endpoint, headers } } }),
    },
    {
      id: 'vscode',
      client: 'VS Code',
      where: 'In .vscode/mcp.json of the project, or with “MCP: Open User Configuration”:',
      text: json({ servers: { [serverName]: { type: 'http', url: endpoint, headers } } }),
    },
    {
      id: 'claude-desktop',
      client: 'Claude Desktop, and clients that only start a command (stdio)',
      where:
        'In claude_desktop_config.json (Settings → Developer → Edit Config). Its file only starts commands, so it runs svc mcp, this service’s own relay: it passes each message to the address above with the key. svc is the command of this service’s package; where it is not installed, use "command": "node" with "args": ["<path to svc>/bin/svc.js", "mcp"].',
      text: json({ mcpServers: { [serverName]: { command: 'svc', args: ['mcp'], env: { SVC_URL: origin, SVC_API_KEY: key } } } }),
    },
  ];
}

/**
 * `/w/<slug>/settings/mcp`: connecting an AI client to this workspace's MCP server: its address, a
 * key issued here, the settings each common client expects with both filled in, and a test that
 * asks the server, with the key, which tools it sees.
 */
export function McpClientsPage() {
  const { workspace } = useSession();
  const origin = window.location.origin;
  const endpoint = `${origin}/mcp`;
  const serverName = `svc-${workspace!.slug}`;
  // The key lives here while its panel is open, and in the test's field; closing the panel forgets both.
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [testKey, setTestKey] = useState('');
  const [testing, setTesting] = useState(false);
  const [check, setCheck] = useState<McpCheck | null>(null);

  const forget = () => {
    if (issued && testKey === issued.key) setTestKey('');
    setIssued(null);
  };
  const test = async (event: Event) => {
    event.preventDefault();
    setTesting(true);
    setCheck(null);
    setCheck(await checkMcpKey(endpoint, testKey.trim()));
    setTesting(false);
  };

  return (
    <>
      <PageTitle>AI clients</PageTitle>
      <p class="help">
        An AI assistant can find, read and change this workspace’s issues, projects and customers’ requests through its MCP server (Model Context Protocol). Each tool is an operation of the API: the client
        sees and may use only what its key allows.
      </p>

      <section aria-labelledby="mcp-server-title">
        <h2 id="mcp-server-title">The server</h2>
        <label for="mcp-endpoint">Address (Streamable HTTP)</label>
        <div class="key-copy">
          <input id="mcp-endpoint" readOnly value={endpoint} spellcheck={false} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          <CopyButton text={endpoint} label="Copy the address" />
        </div>
        <p class="help">It takes an API key, sent as <code>Authorization: Bearer svc_…</code>; the key’s workspace is the workspace the client works in.</p>
      </section>

      <section aria-labelledby="mcp-key-title">
        <h2 id="mcp-key-title">A key for the client</h2>
        {issued ? (
          <IssuedKeyPanel issued={issued} onClose={forget}>
            <p class="help">The settings below have it filled in until this panel is closed.</p>
          </IssuedKeyPanel>
        ) : (
          <>
            <p class="help">Give the client only what it needs: reading and editing issues is a good start. The key is shown once, here, and filled into the settings below.</p>
            <IssueKeyForm
              workspaceId={workspace!.id}
              idPrefix="mcp-key"
              defaultName="AI client"
              defaultLevels={{ issues: 'write', projects: 'read', views: 'read', codehost: 'read' }}
              onIssued={(answer) => {
                setIssued(answer);
                setTestKey(answer.key);
                setCheck(null);
              }}
            />
          </>
        )}
      </section>

      <section aria-labelledby="mcp-settings-title">
        <h2 id="mcp-settings-title">Settings for your client</h2>
        {issued ? null : <p class="help">Put your key in place of <code>{PLACEHOLDER_KEY}</code>, or issue one above to have it filled in.</p>}
        {clientSettings(endpoint, origin, serverName, issued?.key ?? PLACEHOLDER_KEY).map((s) => (
          <div key={s.id} class="client-settings">
            <h3 id={`settings-${s.id}`}>{s.client}</h3>
            <p class="help">{s.where}</p>
            <pre class="snippet"><code>{s.text}</code></pre>
            <CopyButton text={s.text} label={`Copy the ${s.client.split(',')[0]} settings`} />
          </div>
        ))}
      </section>

      <section aria-labelledby="mcp-test-title">
        <h2 id="mcp-test-title">Test a key</h2>
        <p class="help">Asks the server, as a client would (initialize, then tools/list), which tools the key sees.</p>
        <form onSubmit={test} aria-label="Test a key">
          <label for="mcp-test-key">API key to test</label>
          <input id="mcp-test-key" type="password" required autoComplete="off" spellcheck={false} value={testKey} onInput={(e) => setTestKey((e.target as HTMLInputElement).value)} />
          <button type="submit" disabled={testing}>{testing ? 'Asking the server…' : 'Test the connection'}</button>
        </form>
        <div class="mcp-test-result" aria-live="polite">
          {check && !check.ok ? <Notice kind="error">{check.problem}</Notice> : null}
          {check?.ok ? (
            <>
              <Notice kind="ok">Connected: the key sees {check.tools.length} tool{check.tools.length === 1 ? '' : 's'}.</Notice>
              {check.tools.length === 0 ? <p class="empty">None: its scopes allow no tool. Issue a key that may read issues.</p> : null}
              <ul class="mcp-tools" aria-label="Tools the key sees">
                {check.tools.map((t) => (
                  <li key={t.name}>
                    <code>{t.name}</code>
                    {t.description ? <span class="meta"> — {firstSentence(t.description)}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}

const firstSentence = (text: string) => /^.*?[.!?](\s|$)/.exec(text)?.[0].trim() ?? text;
