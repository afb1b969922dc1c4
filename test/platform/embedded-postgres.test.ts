import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres } from '../../src/db/embedded.js';

describe('embedded PostgreSQL module', () => {
  it('leaves no exit hooks behind that could turn a failing run into success', async () => {
    const events = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'message'] as const;
    const before = events.map((e) => process.listenerCount(e));
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
    expect(events.map((e) => process.listenerCount(e))).toEqual(before);
  });
});
