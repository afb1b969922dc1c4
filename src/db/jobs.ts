import type { Executor } from './pool.js';
import { runStatement, statement, type Statement } from './prepared.js';

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
  const { names, values } = jobArguments(task, payload, options);
  await runStatement(tx, addJobStatement(schema, names), values);
}

/**
 * `addJob`, only when `condition` (SQL over the parameter `$1`, given as `conditionValue`) holds
 * when it runs: one round trip where a check and then a job would take two.
 */
export async function addJobIf(tx: Executor, schema: string, condition: { sql: string; value: unknown }, task: string, payload: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
  const { names, values } = jobArguments(task, payload, options);
  await runStatement(tx, addJobStatement(schema, names, condition.sql), [condition.value, ...values]);
}

function jobArguments(task: string, payload: Record<string, unknown>, options: JobOptions) {
  const names: Array<keyof JobOptions> = [];
  const values: unknown[] = [task, JSON.stringify(payload)];
  for (const name of ['queue', 'runAt', 'runAfterSeconds', 'maxAttempts', 'jobKey', 'jobKeyMode'] as const) {
    if (options[name] === undefined) continue;
    names.push(name);
    values.push(options[name]);
  }
  return { names, values };
}

/** `add_job` with these named arguments; written once per combination, as jobs are queued for every webhook and walk page. */
const addJobStatements = new Map<string, Statement>();
const argumentOf: Record<keyof JobOptions, (p: string) => string> = {
  queue: (p) => `queue_name => ${p}`,
  runAt: (p) => `run_at => ${p}::timestamptz`,
  runAfterSeconds: (p) => `run_at => now() + make_interval(secs => ${p})`,
  maxAttempts: (p) => `max_attempts => ${p}::smallint`,
  jobKey: (p) => `job_key => ${p}`,
  jobKeyMode: (p) => `job_key_mode => ${p}`,
};
function addJobStatement(schema: string, names: Array<keyof JobOptions>, condition?: string): Statement {
  const key = `${schema}:${names.join(',')}:${condition ?? ''}`;
  let s = addJobStatements.get(key);
  if (!s) {
    // With a condition, $1 is the condition's and the job's arguments move one along.
    const first = condition === undefined ? 1 : 2;
    const p = (i: number) => `$${first + i}`;
    const args = [p(0), `${p(1)}::json`, ...names.map((n, i) => argumentOf[n](p(i + 2)))];
    const call = `select "${schema.replace(/"/g, '""')}".add_job(${args.join(', ')})`;
    s = statement(condition === undefined ? call : `${call} where ${condition}`);
    addJobStatements.set(key, s);
  }
  return s;
}
