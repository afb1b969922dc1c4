import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One row per live job-worker pool (graphile-worker locks jobs with the pool's id). A pool whose
 * beat is older than the recovery bound is taken for dead and its jobs are unlocked, instead of
 * waiting out graphile-worker's own 4-hour lock expiry. Times come from the database's clock so
 * processes on different machines agree.
 */
export const jobWorkerHeartbeats = pgTable(
  'job_worker_heartbeats',
  {
    workerId: text('worker_id').primaryKey(),
    /** The job-queue schema the pool works in; recovery looks only at its own schema's locks. */
    queueSchema: text('queue_schema').notNull(),
    /** host:pid, for people reading the table. */
    process: text('process').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    beatAt: ts('beat_at').notNull().defaultNow(),
  },
  (t) => [index('job_worker_heartbeats_schema_beat_idx').on(t.queueSchema, t.beatAt)],
);
