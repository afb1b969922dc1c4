import { request } from 'node:http';
import type { FuzzRequest } from './arbitraries.js';

export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Sends a request exactly as given: `node:http` with the raw path, so dot segments, repeated
 * slashes and percent-encodings reach the server as written (fetch would normalise them).
 */
export function send(baseUrl: string, req: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>): Promise<WireAnswer> {
  return sendOnce(baseUrl, req).catch((error: Error) => ({ status: 0, headers: {}, text: `no answer: ${error.message}`, body: undefined }));
}

/**
 * The server may answer before it has read the whole body (413, 431) and close the connection:
 * the client's write then fails, but the answer it already received is what counts.
 */
function sendOnce(baseUrl: string, req: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>): Promise<WireAnswer> {
  const url = new URL(baseUrl);
  const payload = req.body === null ? null : Buffer.from(req.body, 'utf8');
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        agent: false,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        const answer = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        };
        // A stream of server-sent events does not end by itself: its first event is its answer.
        const stream = /^text\/event-stream\b/i.test(String(res.headers['content-type'] ?? ''));
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          if (stream && Buffer.concat(chunks).includes('\n\n')) {
            answer();
            res.destroy();
          }
        });
        res.on('error', (error) => (stream ? answer() : reject(error)));
        res.on('end', answer);
      },
    );
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (payload) outgoing.write(payload);
    outgoing.end();
  });
}

/** A request the service made to the code host while answering, from the emulator's log. */
export interface CodehostCall {
  method: string;
  path: string;
  status: number;
}

/**
 * The one 5xx that is not a fault: the code host itself refused a well-formed write (a label name
 * it already has, an issue type or assignee it does not know), which the error table answers with
 * 502 `codehost_error`, "nothing was changed". It counts only when the log shows the code host was
 * asked and said no (4xx, or a GraphQL call, whose refusals come as errors in a 200).
 */
function isCodehostRefusal(answer: WireAnswer, calls: CodehostCall[]): boolean {
  const asked = calls.filter((c) => !c.path.includes('/access_tokens'));
  const last = asked.at(-1);
  return answer.status === 502 && answer.body?.error?.code === 'codehost_error' && last !== undefined && ((last.status >= 400 && last.status < 500) || last.path === '/graphql');
}

/**
 * What is wrong with an answer, by the service's own rules: no 5xx (but a code-host refusal); every
 * failure has the envelope and an `X-Request-Id` equal to `error.requestId`; a 4xx answer reached
 * no code host.
 */
export function problemsOf(answer: WireAnswer, calls: CodehostCall[], sentBadText = false): string[] {
  const problems: string[] = [];
  if (sentBadText && calls.length > 0) problems.push(`NUL or a lone surrogate reached the code host (answered ${answer.status}): ${calls.slice(0, 3).map((c) => `${c.method} ${c.path} -> ${c.status}`).join(', ')}`);
  const requestId = answer.headers['x-request-id'];
  const codehostRequests = calls.map((c) => `${c.method} ${c.path} -> ${c.status}`);
  if (answer.status === 0) problems.push(answer.text);
  if (answer.status >= 500 && !isCodehostRefusal(answer, calls)) problems.push(`answered ${answer.status}`);
  if (answer.status >= 400) {
    if (typeof requestId !== 'string' || requestId === '') problems.push(`${answer.status} without X-Request-Id`);
    const error = answer.body?.error;
    if (!error || typeof error !== 'object') {
      problems.push(`${answer.status} without the error envelope`);
    } else {
      if (typeof error.code !== 'string' || typeof error.message !== 'string') problems.push(`${answer.status} envelope without code or message`);
      if (typeof error.requestId !== 'string' || error.requestId !== requestId) problems.push(`${answer.status} envelope requestId ${JSON.stringify(error.requestId)} is not the X-Request-Id ${JSON.stringify(requestId)}`);
    }
  }
  if (answer.status >= 400 && answer.status < 500 && codehostRequests.length > 0) {
    problems.push(`${answer.status} after ${codehostRequests.length} request(s) to the code host: ${codehostRequests.slice(0, 3).join(', ')}`);
  }
  return problems;
}
