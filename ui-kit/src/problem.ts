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

/** The field a 422 names (`detail.field`), e.g. `values.steps` or `title`. */
export function fieldOf(error: unknown): string | undefined {
  const field = (error as Envelope | undefined)?.error?.detail?.field;
  return typeof field === 'string' ? field : undefined;
}

/** The envelope's code (`not_found`, `rate_limited`, …), when there is one. */
export function codeOf(error: unknown): string | undefined {
  const code = (error as Envelope | undefined)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
