import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// A JSON answer as a test reads it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * An API call made by the page itself (its session cookie, its origin), as the application's own
 * calls are: what the tests read to check what the page shows against what is stored.
 * `workspaceId` goes in `x-workspace-id` when given.
 */
export function apiFromPage(
  page: Page,
  workspaceId: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const json = body === undefined ? {} : { 'content-type': 'application/json' };
      const res = await fetch(url, { method, headers: { ...json, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url, body, headers: { ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}), ...headers } },
  );
}

/** A call to the GitHub emulator's control API (faults, latency, acting as a GitHub user), which must succeed. */
export async function emulatorControl(emulatorPort: number, method: string, route: string, body?: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${emulatorPort}/_emulator${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${route}: ${res.status}`).toBe(true);
}
