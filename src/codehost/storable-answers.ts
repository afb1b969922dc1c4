import type { Octokit } from 'octokit';
import { storable } from '../platform/storable-text.js';

/**
 * An Octokit plugin: every answer of the code host, REST and GraphQL alike, has its text made
 * storable (NUL removed, lone surrogates to U+FFFD) before anything maps or caches it. GitHub
 * accepts and returns such text, JSON carries it, and Postgres refuses it: one issue title must
 * not fail a write, a walk or a reconcile.
 */
export function storableAnswers(octokit: Pick<Octokit, 'hook'>): Record<string, never> {
  octokit.hook.after('request', (response) => {
    response.data = storable(response.data);
  });
  return {};
}
