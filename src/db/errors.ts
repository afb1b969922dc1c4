/**
 * The SQLSTATE of a failed query. Drizzle wraps the driver's error (`DrizzleQueryError`, the pg
 * error as its `cause`), so the code is looked for along the chain of causes.
 */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the row (two writers raced for one name, say). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
