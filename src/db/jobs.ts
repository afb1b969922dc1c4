import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './pool.js';

export interface JobOptions {
  /** Jobs of one named queue run one after another. */
  queue?: string;
  /** One job per key: asked again, the waiting job is updated (`replace`) or left where it is (`preserve_run_at`). */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at';
  runAt?: Date;
  /** Runs this many seconds after now, by the database's clock. */
  runAfterSeconds?: number;
  maxAttempts?: number;
}

/**
 * Queues a job in the caller's transaction (graphile-worker's `add_job`), so the job exists exactly
 * when the change that asked for it committed. Options left out take graphile-worker's defaults.
 */
export async function addJob(tx: Executor, schema: string, task: string, payload: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
  const args: SQL[] = [sql`${task}`, sql`${JSON.stringify(payload)}::json`];
  if (options.queue !== undefined) args.push(sql`queue_name => ${options.queue}`);
  if (options.runAt !== undefined) args.push(sql`run_at => ${options.runAt}::timestamptz`);
  if (options.runAfterSeconds !== undefined) args.push(sql`run_at => now() + make_interval(secs => ${options.runAfterSeconds})`);
  if (options.maxAttempts !== undefined) args.push(sql`max_attempts => ${options.maxAttempts}::smallint`);
  if (options.jobKey !== undefined) args.push(sql`job_key => ${options.jobKey}`);
  if (options.jobKeyMode !== undefined) args.push(sql`job_key_mode => ${options.jobKeyMode}`);
  await tx.execute(sql`select ${sql.identifier(schema)}.add_job(${sql.join(args, sql`, `)})`);
}
