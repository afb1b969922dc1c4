import { problemOf } from './api';

/** A tool as the MCP server's tools/list describes it (what the page shows of it). */
export interface McpTool {
  name: string;
  description?: string;
}

export type McpCheck = { ok: true; serverName: string; tools: McpTool[] } | { ok: false; problem: string };

// The version this page speaks; the server answers with the one it chose, which later requests carry.
const PROTOCOL_VERSION = '2025-06-18';

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/**
 * Asks the MCP server at `endpoint` what `key` sees, as an AI client would: initialize, the
 * initialized notification, then tools/list page by page, as JSON-RPC over HTTP. With plain fetch,
 * not the typed client: `/mcp` is not an operation of the API, and a 401 here is the key's, which
 * must not end the person's session as the typed client's 401 does.
 */
export async function checkMcpKey(endpoint: string, key: string): Promise<McpCheck> {
  let protocolVersion: string | null = null;
  let id = 0;
  const send = async (method: string, params: Record<string, unknown>, notification = false): Promise<RpcAnswer | { problem: string }> => {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        // The session cookie is not what the server reads; the key is.
        credentials: 'omit',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}),
        },
        body: JSON.stringify(notification ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', id: ++id, method, params }),
      });
    } catch {
      return { problem: `The MCP server at ${endpoint} could not be reached. Check your connection.` };
    }
    if (notification && response.ok) return {};
    const text = await response.text();
    if (!response.ok) {
      const envelope = parseJson(text);
      if (response.status === 401) return { problem: `The MCP server refused the key: it is unknown, expired or revoked. ${problemOf(envelope, response)}` };
      return { problem: `The MCP server answered ${method} with ${response.status}. ${problemOf(envelope, response)}` };
    }
    const answer = (response.headers.get('content-type') ?? '').includes('text/event-stream') ? lastEvent(text) : parseJson(text);
    if (!answer || typeof answer !== 'object') return { problem: `The MCP server's answer to ${method} could not be read.` };
    return answer as RpcAnswer;
  };

  const init = await send('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'svc settings: AI clients', version: '1' } });
  if ('problem' in init) return { ok: false, problem: init.problem };
  if (init.error || !init.result) return { ok: false, problem: `The MCP server did not start the conversation: ${init.error?.message ?? 'no result'}.` };
  protocolVersion = typeof init.result.protocolVersion === 'string' ? init.result.protocolVersion : PROTOCOL_VERSION;
  const serverName = (init.result.serverInfo as { name?: string } | undefined)?.name ?? 'the server';
  const initialized = await send('notifications/initialized', {}, true);
  if ('problem' in initialized) return { ok: false, problem: initialized.problem };

  const tools: McpTool[] = [];
  let cursor: string | undefined;
  // A server pages tools/list with nextCursor; a bound keeps a misbehaving one from looping forever.
  for (let page = 0; page < 20; page++) {
    const listed = await send('tools/list', cursor ? { cursor } : {});
    if ('problem' in listed) return { ok: false, problem: listed.problem };
    if (listed.error || !listed.result) return { ok: false, problem: `The MCP server did not list its tools: ${listed.error?.message ?? 'no result'}.` };
    for (const t of (listed.result.tools as McpTool[] | undefined) ?? []) tools.push({ name: t.name, description: t.description });
    cursor = typeof listed.result.nextCursor === 'string' ? listed.result.nextCursor : undefined;
    if (!cursor) break;
  }
  return { ok: true, serverName, tools };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The last `data:` message of a server-sent-events answer (a server may stream even one answer). */
function lastEvent(text: string): unknown {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return data.length ? parseJson(data[data.length - 1]!) : undefined;
}
