import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time spent by processes, read from /proc (Linux), in milliseconds. On a machine shared with
 * other work, requests per second mostly measure the scheduler; CPU per request is the cost itself.
 * Null where /proc cannot be read.
 */
const TICK_MS = 10; // USER_HZ is 100 on every Linux platform Node supports.

export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** The summed CPU of every Postgres backend connected to this database (a local server only). */
export async function databaseCpu(pool: pg.Pool): Promise<() => Promise<number | null>> {
  const backends = async () => {
    const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
    const times = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms === null) return null;
      times.set(pid, ms);
    }
    return times;
  };
  const before = await backends();
  return async () => {
    const after = await backends();
    if (!before || !after) return null;
    let spent = 0;
    for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
    return spent;
  };
}
