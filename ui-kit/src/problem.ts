/** The error envelope every operation answers with (see /openapi.json, `Error`). */
export interface Envelope {
  error?: { code?: string; message?: string; remedy?: string; detail?: Record<string, unknown> };
  message?: string;
}

/**
 * What to tell a person about a failed call: the envelope's message and its remedy, or the sign-in
 * library's `{ message }`, or words for the status. `service` names what did not answer ("the
 * portal", "svc").
 */
export function describeProblem(error: unknown, response: Response | undefined, service: string): string {
  const e = error as Envelope | undefined;
  if (e?.error?.message) return e.error.remedy ? `${e.error.message} ${e.error.remedy}` : e.error.message;
  if (typeof e?.message === 'string' && e.message) return e.message;
  if (response?.status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (response && response.status >= 500) return `${capitalised(service)} is not answering right now. Try again in a moment.`;
  return response ? `That did not work (${response.status}).` : `${capitalised(service)} could not be reached. Check your connection.`;
}

/**
 * The field a 422 names, e.g. `values.steps` or `title`: `detail.field` of a rule the service
 * checks, or the first of `detail.issues` of a body that did not match its shape.
 */
export function fieldOf(error: unknown): string | undefined {
  const detail = (error as Envelope | undefined)?.error?.detail;
  if (typeof detail?.field === 'string') return detail.field;
  const first = firstIssue(detail);
  return first?.path || undefined;
}

/** What a field's own 422 says next to it: the shape's words for that field where there are some. */
export function fieldProblemOf(error: unknown): string | undefined {
  const first = firstIssue((error as Envelope | undefined)?.error?.detail);
  return first?.message ? `${capitalised(first.message)}.`.replace(/\.\.$/, '.') : undefined;
}

function firstIssue(detail: Record<string, unknown> | undefined): { path: string; message: string } | undefined {
  const issues = detail?.issues;
  if (!Array.isArray(issues) || !issues.length) return undefined;
  const first = issues[0] as { path?: unknown; message?: unknown };
  return typeof first.path === 'string' ? { path: first.path, message: typeof first.message === 'string' ? first.message : '' } : undefined;
}

/** The envelope's code (`not_found`, `rate_limited`, …), when there is one. */
export function codeOf(error: unknown): string | undefined {
  const code = (error as Envelope | undefined)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
