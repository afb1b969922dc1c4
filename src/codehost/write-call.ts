import { setTimeout as sleep } from 'node:timers/promises';
import { codehostFailure, rateLimitWaitOf } from './errors.js';

/**
 * Runs one code-host write. A rate-limit answer whose wait is within `maxWaitMs` is sat out and
 * the write tried once more; a longer wait, a second rate-limit answer or any other failure is
 * thrown in our closed list (`codehostFailure`), so the caller changes nothing locally.
 */
export async function codehostWrite<T>(what: string, maxWaitMs: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const waitSeconds = rateLimitWaitOf(error);
    if (waitSeconds === null || waitSeconds * 1000 > maxWaitMs) throw codehostFailure(error, what);
    await sleep(waitSeconds * 1000);
    try {
      return await run();
    } catch (second) {
      throw codehostFailure(second, what);
    }
  }
}
