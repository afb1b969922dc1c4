-- Label names as one text for the issue search document. array_to_string is only STABLE in
-- general (element output functions); for text[] it is immutable, which a generated column needs.
CREATE FUNCTION svc_label_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;--> statement-breakpoint
CREATE TABLE "codehost_budgets" (
	"installation_id" bigint NOT NULL,
	"resource" text NOT NULL,
	"limit" integer NOT NULL,
	"remaining" integer NOT NULL,
	"reset_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"issue_number" integer NOT NULL,
	"codehost_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"body" text NOT NULL,
	"author" jsonb,
	"html_url" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"codehost_updated_at" timestamp (3) with time zone NOT NULL,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"codehost_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"state" text NOT NULL,
	"state_reason" text,
	"author" jsonb,
	"assignees" jsonb NOT NULL,
	"assignee_logins" text[] NOT NULL,
	"labels" jsonb NOT NULL,
	"label_names" text[] NOT NULL,
	"milestone_codehost_id" bigint,
	"issue_type" jsonb,
	"issue_type_name" text,
	"sub_issues" jsonb,
	"comments_count" integer NOT NULL,
	"locked" boolean NOT NULL,
	"html_url" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"codehost_updated_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '') || ' ' || number::text), 'A') || setweight(to_tsvector('english', svc_label_text(label_names)), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"codehost_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"codehost_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"state" text NOT NULL,
	"due_on" timestamp (3) with time zone,
	"codehost_updated_at" timestamp (3) with time zone NOT NULL,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"repository_id" uuid,
	"status" text NOT NULL,
	"phase" text NOT NULL,
	"checkpoint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"error" text,
	"resume_after" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codehost_budgets_key" ON "codehost_budgets" USING btree ("installation_id","resource");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_repository_codehost_key" ON "comments" USING btree ("repository_id","codehost_id");--> statement-breakpoint
CREATE INDEX "comments_issue_idx" ON "comments" USING btree ("repository_id","issue_number","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_repository_codehost_key" ON "issues" USING btree ("repository_id","codehost_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_repository_number_key" ON "issues" USING btree ("repository_id","number");--> statement-breakpoint
CREATE INDEX "issues_workspace_updated_idx" ON "issues" USING btree ("workspace_id","codehost_updated_at","id");--> statement-breakpoint
CREATE INDEX "issues_workspace_created_idx" ON "issues" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "issues_workspace_number_idx" ON "issues" USING btree ("workspace_id","number","id");--> statement-breakpoint
CREATE INDEX "issues_workspace_title_idx" ON "issues" USING btree ("workspace_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "issues_workspace_comments_idx" ON "issues" USING btree ("workspace_id","comments_count","id");--> statement-breakpoint
CREATE INDEX "issues_labels_idx" ON "issues" USING gin ("label_names");--> statement-breakpoint
CREATE INDEX "issues_assignees_idx" ON "issues" USING gin ("assignee_logins");--> statement-breakpoint
CREATE INDEX "issues_search_idx" ON "issues" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_repository_codehost_key" ON "labels" USING btree ("repository_id","codehost_id");--> statement-breakpoint
CREATE INDEX "labels_workspace_name_idx" ON "labels" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_repository_codehost_key" ON "milestones" USING btree ("repository_id","codehost_id");--> statement-breakpoint
CREATE INDEX "milestones_workspace_idx" ON "milestones" USING btree ("workspace_id","state","due_on","title");--> statement-breakpoint
CREATE INDEX "sync_jobs_workspace_idx" ON "sync_jobs" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_jobs_live_walk_key" ON "sync_jobs" USING btree ("repository_id","kind") WHERE status in ('queued', 'running', 'paused');