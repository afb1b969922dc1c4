CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"portal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"request_type_id" uuid,
	"requester_id" uuid,
	"shared_by_membership_id" uuid,
	"title" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visibility" text NOT NULL,
	"state" text NOT NULL,
	"release_failure" text,
	"issue_node_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_visibility_check" CHECK ("requests"."visibility" in ('private','company','public')),
	CONSTRAINT "requests_state_check" CHECK ("requests"."state" in ('held','rejected','filed')),
	CONSTRAINT "requests_filed_has_issue_check" CHECK (("requests"."state" = 'filed') = ("requests"."issue_node_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_request_type_id_request_types_id_fk" FOREIGN KEY ("request_type_id") REFERENCES "public"."request_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_id_portal_customers_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."portal_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_shared_by_membership_id_memberships_id_fk" FOREIGN KEY ("shared_by_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_portal_number_key" ON "requests" USING btree ("portal_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_portal_issue_key" ON "requests" USING btree ("portal_id","issue_node_id") WHERE "requests"."issue_node_id" is not null;--> statement-breakpoint
CREATE INDEX "requests_portal_created_idx" ON "requests" USING btree ("portal_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_workspace_issue_idx" ON "requests" USING btree ("workspace_id","issue_node_id");--> statement-breakpoint
CREATE INDEX "requests_requester_idx" ON "requests" USING btree ("requester_id");