CREATE TABLE "chat_webhooks" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"url_sealed" text NOT NULL,
	"url_masked" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean NOT NULL,
	"disabled_reason" text,
	"last_delivery_at" timestamp (3) with time zone,
	"last_status" integer,
	"last_error" text,
	"failing_since" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_webhooks_events_check" CHECK ("chat_webhooks"."events" <@ array['request.created','request.held','request.released','request.status_changed','request.public_comment']::text[])
);
--> statement-breakpoint
ALTER TABLE "chat_webhooks" ADD CONSTRAINT "chat_webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;