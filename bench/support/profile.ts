import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Runs `work` under V8's CPU profiler when `dir` is given and writes the profile there as
 * <name>-<time>.cpuprofile, so only the measured part of a benchmark is profiled, not its set-up.
 */
export async function profileWhile<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`wrote ${file}`);
    session.disconnect();
  }
}
