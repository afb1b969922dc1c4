import type { Octokit } from 'octokit';
import { storable } from '../platform/storable-text.js';

/**
 * A successful JSON answer as the client's fetch hands it on (`nativeJsonAnswer`): marked as text
 * so that octokit passes its body through unparsed, with the code host's own content type kept
 * beside it. Octokit parses JSON with json-with-bigint, a parser written in JavaScript: on a walk
 * of 100-issue pages that parse was an eighth of the service's CPU, where JSON.parse costs a
 * fraction. GitHub's ids are below 2^53, so numbers lose nothing.
 */
const MARKED = 'text/x-svc-json';
const ORIGINAL = 'x-svc-content-type';

export function nativeJsonAnswer(res: Response): Response {
  const type = res.headers.get('content-type');
  if (!res.ok || res.status === 204 || !type || !/^application\/(.+\+)?json\b/i.test(type)) return res;
  // Only what octokit's fetch wrapper reads of an answer (status, url, statusText, the headers
  // iterated and got by lower-case name, the body as text): building a new Response and Headers
  // instead cost a third of a millisecond an answer in undici's argument checks.
  const headers = new Map<string, string>(res.headers);
  headers.set('content-type', MARKED);
  headers.set(ORIGINAL, type);
  const marked: Pick<Response, 'ok' | 'status' | 'statusText' | 'url' | 'body' | 'text' | 'arrayBuffer'> & { headers: Map<string, string> } = {
    ok: true,
    status: res.status,
    statusText: res.statusText,
    url: res.url,
    headers,
    get body() {
      return res.body;
    },
    text: () => res.text(),
    arrayBuffer: () => res.arrayBuffer(),
  };
  return marked as unknown as Response;
}

/**
 * An Octokit plugin: every answer of the code host, REST and GraphQL alike, has its text made
 * storable (NUL removed, lone surrogates to U+FFFD) before anything maps or caches it. GitHub
 * accepts and returns such text, JSON carries it, and Postgres refuses it: one issue title must
 * not fail a write, a walk or a reconcile. A JSON answer marked by `nativeJsonAnswer` is parsed
 * here; one whose text has no escape at all cannot hold such text and is not walked.
 */
export function storableAnswers(octokit: Pick<Octokit, 'hook'>): Record<string, never> {
  octokit.hook.after('request', (response) => {
    const headers = response.headers as Record<string, string | undefined>;
    if (headers['content-type'] === MARKED && typeof response.data === 'string') {
      const text = response.data as string;
      headers['content-type'] = headers[ORIGINAL];
      delete headers[ORIGINAL];
      const parsed = JSON.parse(text);
      response.data = text.includes('\\u') ? storable(parsed) : parsed;
      return;
    }
    response.data = storable(response.data);
  });
  return {};
}
