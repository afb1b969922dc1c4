/**
 * The rules a request form's answers are held to, with no imports: the service checks submissions
 * with them (form-values.ts) and the portal website checks the same answers in the browser before
 * sending (portal-web/src/form-checks.ts), so the two cannot drift apart. Each side words its own
 * messages.
 */

/** Longest answer of a one-line field, and of a many-line one. */
export const TEXT_MAX = 1_000;
export const TEXTAREA_MAX = 20_000;

/** An e-mail address: zod's own `z.email()` pattern (its `z.regexes.email`), which the service used before it was shared. */
export const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** A real calendar day as YYYY-MM-DD. */
export function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** An http or https address. */
export function validUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
