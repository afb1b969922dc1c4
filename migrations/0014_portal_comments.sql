CREATE TABLE "portal_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"customer_id" uuid,
	"repository_id" uuid NOT NULL,
	"codehost_comment_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_comments" ADD CONSTRAINT "portal_comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_comments" ADD CONSTRAINT "portal_comments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_comments" ADD CONSTRAINT "portal_comments_customer_id_portal_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."portal_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_comments" ADD CONSTRAINT "portal_comments_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_comments_comment_key" ON "portal_comments" USING btree ("repository_id","codehost_comment_id");--> statement-breakpoint
CREATE INDEX "portal_comments_request_idx" ON "portal_comments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "portal_comments_customer_idx" ON "portal_comments" USING btree ("customer_id");