import { invalidRequest } from './errors.js';

const WINDOW = /^-(\d{1,5})([hdw])$/;
const unitMs = { h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/**
 * An ISO 8601 instant, or a window back from now such as `-24h`, `-7d`, `-2w`, as the instant it
 * starts. Windows are evaluated at each call, so a saved filter is a rolling window.
 */
export function parseSince(value: string, parameter: string, now = Date.now()): Date {
  const m = WINDOW.exec(value.trim());
  if (m) return new Date(now - Number(m[1]) * unitMs[m[2] as keyof typeof unitMs]);
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    const t = Date.parse(value);
    if (!Number.isNaN(t)) return new Date(t);
  }
  throw invalidRequest(`${parameter} must be an ISO 8601 instant or a window such as -7d, -24h, -2w.`, { parameter });
}
