CREATE TABLE "job_worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"queue_schema" text NOT NULL,
	"process" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_worker_heartbeats_schema_beat_idx" ON "job_worker_heartbeats" USING btree ("queue_schema","beat_at");