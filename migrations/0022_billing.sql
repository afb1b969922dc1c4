CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"workspace_id" uuid,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_billing" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"interval" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_subscription_item_id" text,
	"provider_status" text,
	"trial_ends_at" timestamp (3) with time zone,
	"current_period_end" timestamp (3) with time zone,
	"trial_started_at" timestamp (3) with time zone,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_billing_plan_check" CHECK ("workspace_billing"."plan" in ('free','team','business')),
	CONSTRAINT "workspace_billing_interval_check" CHECK ("workspace_billing"."interval" is null or "workspace_billing"."interval" in ('monthly','annual'))
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_billing" ADD CONSTRAINT "workspace_billing_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_billing_customer_key" ON "workspace_billing" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_billing_subscription_key" ON "workspace_billing" USING btree ("provider_subscription_id");