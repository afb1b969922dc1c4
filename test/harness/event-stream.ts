/**
 * A client of GET /v1/events for tests: real HTTP (fetch), the body read as it arrives and parsed
 * as server-sent events (the WHATWG rules a browser's EventSource follows: `event:`, `data:`,
 * `retry:`, comment lines, a blank line ending each event).
 */

export interface StreamEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export interface EventStreamAnswer {
  status: number;
  headers: Headers;
  /** The JSON answer of a refused request (no stream then). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Events received so far, in order. */
  events: StreamEvent[];
  /** The last `retry:` advice, in milliseconds. */
  retry: number | null;
  /** Comment lines received (`: keep-alive`). */
  comments: string[];
  /** The first event received (or, waited for, to come) that `matches`; rejects after `timeoutMs` or when the stream ends without one. */
  next(matches: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

export interface OpenOptions {
  token?: string;
  cookie?: string;
  workspaceId?: string;
  /** The query string, without `?`. */
  query?: string;
}

export async function openEventStream(baseUrl: string, options: OpenOptions = {}): Promise<EventStreamAnswer> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.workspaceId) headers['x-workspace-id'] = options.workspaceId;
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/v1/events${options.query ? `?${options.query}` : ''}`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<{ matches: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void; reject: (e: Error) => void }>();
  let ended = false;
  let markEnded!: () => void;
  const endedPromise = new Promise<void>((resolve) => (markEnded = resolve));
  const answer: EventStreamAnswer = {
    status: res.status,
    headers: res.headers,
    body: undefined,
    events,
    retry: null,
    comments,
    next(matches, timeoutMs = 10_000) {
      const seen = events.find(matches);
      if (seen) return Promise.resolve(seen);
      if (ended) return Promise.reject(new Error(`the stream ended without the event; it sent ${JSON.stringify(events)}`));
      return new Promise<StreamEvent>((resolve, reject) => {
        const waiter = {
          matches,
          resolve: (e: StreamEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
          reject: (e: Error) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no such event within ${timeoutMs} ms; the stream sent ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    ended: endedPromise,
    isEnded: () => ended,
    close() {
      controller.abort();
    },
  };
  const finish = () => {
    if (ended) return;
    ended = true;
    for (const w of waiters) w.reject(new Error(`the stream ended without the event; it sent ${JSON.stringify(events)}`));
    waiters.clear();
    markEnded();
  };

  if (!/^text\/event-stream\b/.test(res.headers.get('content-type') ?? '')) {
    const text = await res.text();
    try {
      answer.body = JSON.parse(text);
    } catch {
      answer.body = text;
    }
    finish();
    return answer;
  }

  const dispatch = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) answer.retry = Number(value);
    }
    if (!data.length) return;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    const received = { event, data: parsed };
    events.push(received);
    for (const w of [...waiters]) {
      if (w.matches(received)) {
        waiters.delete(w);
        w.resolve(received);
      }
    }
  };

  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let at: number;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          dispatch(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      }
    } catch {
      // Aborted by `close`, or the connection dropped: the stream has ended either way.
    } finally {
      finish();
    }
  })();
  return answer;
}
