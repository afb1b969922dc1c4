CREATE TABLE "service_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"codehost_comment_id" bigint NOT NULL,
	"author_user_id" uuid,
	"posted_as" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_comments" ADD CONSTRAINT "service_comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_comments" ADD CONSTRAINT "service_comments_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_comments_comment_key" ON "service_comments" USING btree ("repository_id","codehost_comment_id");--> statement-breakpoint
CREATE INDEX "service_comments_workspace_idx" ON "service_comments" USING btree ("workspace_id","author_user_id");