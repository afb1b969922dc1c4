/**
 * What may reach a log line. Whatever a client sent is logged as a bounded excerpt (a 100 KB field
 * must not make a 100 KB line), and a URL's credentials never reach the log at all: a magic-link
 * `token`, an unsubscribe link's (valid for 90 days), an attachment link's, the `code` and `state`
 * of an OAuth callback. A log is read by more people, kept longer and copied further than anything
 * those credentials open.
 */

/** The longest excerpt of one value a log line carries, unless the caller asks for another bound. */
export const LOG_EXCERPT_CHARS = 300;

const REDACTED = '[redacted]';

/**
 * Query (or fragment) parameters whose value is a credential: by exact name, or by a name ending
 * in one of these words (`access_token`, `client_secret`, `X-Amz-Signature`, `api_key` ...).
 */
const SECRET_PARAMETERS = new Set(['code', 'state', 'sig']);
const SECRET_PARAMETER_ENDINGS = /(?:token|secret|password|signature|credential|key)$/;

/** A parameter of a query or fragment: the character before it, its name, its value. */
const PARAMETER = /([?#&;])([^=&#?;\s"'<>]+)=([^&#;\s"'<>]*)/g;

function isSecretParameter(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    // A query parser decodes names: `%74oken` is the `token` a route reads.
    name = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: judged as written.
  }
  name = name.trim().toLowerCase();
  return SECRET_PARAMETERS.has(name) || SECRET_PARAMETER_ENDINGS.test(name);
}

/**
 * `text` (a URL, or a message that holds URLs) with the value of every secret parameter of a query
 * or fragment replaced by `[redacted]`; the other parameters stay, for whoever reads the log.
 */
export function withoutSecrets(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(PARAMETER, (whole, before: string, name: string) => (isSecretParameter(name) ? `${before}${name}=${REDACTED}` : whole));
}

/** At most `limit` characters of `text`, and when it was longer, how long it was. */
export function excerpt(text: string, limit = LOG_EXCERPT_CHARS): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}… [${text.length} characters]`;
}

/** Text for a log line: its secrets redacted, then bounded. */
export function loggableText(text: string, limit = LOG_EXCERPT_CHARS): string {
  return excerpt(withoutSecrets(text), limit);
}

/**
 * Fields of a logged object whose value is a credential (an error's request body or headers, say).
 * Narrower than the parameters: an error's `code` is what it is, not a secret.
 */
const SECRET_FIELD = /(?:token|secret|password|signature|credential|authorization|cookie)$/i;

// How much of a structure a log line shows: enough to debug by, never the whole of a client's input.
const MAX_DEPTH = 4;
const MAX_ENTRIES = 30;
const MAX_VALUES = 300;
const FRAMES_CHARS = 2000;

type ErrorRecord = { type: string; message: string; stack: string; [field: string]: unknown };

/** How many more values one logged value may show (an object 30 wide and 4 deep would be 800,000). */
interface Budget {
  left: number;
}

/** The stack's first line is the message: it is cut as the message is, and the frames after it on their own. */
function stackOf(error: Error): string {
  const stack = error.stack ?? '';
  const head = `${error.name}: ${error.message}`;
  if (!stack.startsWith(head)) return loggableText(stack, FRAMES_CHARS);
  return `${error.name}: ${loggableText(error.message)}${loggableText(stack.slice(head.length), FRAMES_CHARS)}`;
}

function errorRecord(error: Error, depth: number, budget: Budget): ErrorRecord {
  const record: ErrorRecord = { type: error.name, message: loggableText(error.message), stack: stackOf(error) };
  for (const [key, value] of Object.entries(error).slice(0, MAX_ENTRIES)) {
    if (key !== 'message' && key !== 'stack') record[key] = SECRET_FIELD.test(key) && value ? REDACTED : shown(value, depth + 1, budget);
  }
  if (error.cause !== undefined) record.cause = shown(error.cause, depth + 1, budget);
  return record;
}

function shown(value: unknown, depth: number, budget: Budget): unknown {
  if (typeof value === 'string') return loggableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || --budget.left < 0) return '[not logged: too large]';
  if (value instanceof Error) return errorRecord(value, depth, budget);
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  // As JSON would show it (a date, a URL).
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return shown((value as { toJSON(): unknown }).toJSON(), depth, budget);
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ENTRIES).map((item) => shown(item, depth + 1, budget));
    return value.length > MAX_ENTRIES ? [...items, `… [${value.length} items]`] : items;
  }
  const entries = Object.entries(value);
  const record: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, MAX_ENTRIES)) {
    record[excerpt(key, 100)] = SECRET_FIELD.test(key) && item ? REDACTED : shown(item, depth + 1, budget);
  }
  if (entries.length > MAX_ENTRIES) record['…'] = `[${entries.length} fields]`;
  return record;
}

/**
 * Any value made fit for a log line: every string in it redacted and bounded, errors as records,
 * and nesting, arrays and objects cut short with a note of what was left out.
 */
export function loggableValue(value: unknown): unknown {
  return shown(value, 0, { left: MAX_VALUES });
}

/** An error as a log record (type, message, stack, its own fields, its cause), made loggable. */
export function loggableError(error: unknown): ErrorRecord {
  if (error instanceof Error) return errorRecord(error, 0, { left: MAX_VALUES });
  return { type: typeof error, message: typeof error === 'string' ? loggableText(error) : '', stack: '', value: loggableValue(error) };
}
