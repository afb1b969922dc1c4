CREATE TABLE "request_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_customer_id" uuid,
	"detail" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "request_notifications_kind_check" CHECK ("request_notifications"."kind" in ('comment','status'))
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "notified_status" text;--> statement-breakpoint
ALTER TABLE "request_notifications" ADD CONSTRAINT "request_notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notifications" ADD CONSTRAINT "request_notifications_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notifications" ADD CONSTRAINT "request_notifications_actor_customer_id_portal_customers_id_fk" FOREIGN KEY ("actor_customer_id") REFERENCES "public"."portal_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_notifications_pending_idx" ON "request_notifications" USING btree ("request_id") WHERE "request_notifications"."sent_at" is null;