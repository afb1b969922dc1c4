import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * `svc mcp`: the MCP server for desktop clients that start a command and speak over its stdin and
 * stdout. It relays each message to the service's own `/mcp` with the API key, and each answer
 * back, so a tool call is served by the service as over HTTP (the key's scopes, the workspace's
 * standing, the write lane, audit). A desktop machine holds an API key and the service's address,
 * never the database's credentials, which is why this is a relay and not a second server.
 */
export interface StdioBridgeOptions {
  /** The service's address (`https://svc.example.com`). */
  serviceUrl: string;
  /** An API key (`svc_…`). */
  apiKey: string;
  stdin?: Readable;
  stdout?: Writable;
  /** Where the relay's own trouble is reported; stdout carries the protocol, so never there. */
  report?: (line: string) => void;
}

/** JSON-RPC's "internal error": the service could not be asked, or refused the credential. */
const RELAY_FAILED = -32603;

export async function runStdioBridge(options: StdioBridgeOptions): Promise<{ closed: Promise<void> }> {
  const report = options.report ?? ((line: string) => process.stderr.write(`${line}\n`));
  const endpoint = new URL('/mcp', options.serviceUrl);
  const stdin = options.stdin ?? process.stdin;
  const local = new StdioServerTransport(stdin, options.stdout);
  const remote = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${options.apiKey}` } } });

  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      report(`svc mcp: ${endpoint.href} could not be asked: ${reason}`);
      // A request is answered in any case, so the client is not left waiting.
      if (isJSONRPCRequest(message)) {
        void local.send({ jsonrpc: '2.0', id: message.id, error: { code: RELAY_FAILED, message: `The service at ${endpoint.origin} could not be asked: ${reason}` } });
      }
    });
  };
  remote.onmessage = (message: JSONRPCMessage) => {
    void local.send(message).catch((error: unknown) => report(`svc mcp: writing to stdout failed: ${String(error)}`));
  };
  remote.onerror = (error: Error) => report(`svc mcp: ${error.message}`);
  local.onerror = (error: Error) => report(`svc mcp: ${error.message}`);

  const closed = new Promise<void>((resolve) => {
    local.onclose = () => {
      void remote.close().finally(resolve);
    };
  });
  await remote.start();
  await local.start();
  // The client closing its end of stdin is the end of the conversation.
  stdin.once('end', () => void local.close());
  return { closed };
}
