CREATE TABLE "portal_customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"portal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"company_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_customers_role_check" CHECK ("portal_customers"."role" in ('customer','manager'))
);
--> statement-breakpoint
ALTER TABLE "portal_customers" ADD CONSTRAINT "portal_customers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_customers" ADD CONSTRAINT "portal_customers_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_customers" ADD CONSTRAINT "portal_customers_user_id_portal_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_customers" ADD CONSTRAINT "portal_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_customers_user_key" ON "portal_customers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_customers_portal_email_key" ON "portal_customers" USING btree ("portal_id","email");--> statement-breakpoint
CREATE INDEX "portal_customers_company_idx" ON "portal_customers" USING btree ("company_id");