CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"portal_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"reference_prefix" text NOT NULL,
	"access" text NOT NULL,
	"default_visibility" text NOT NULL,
	"logo_url" text,
	"accent_color" text,
	"welcome_text" text,
	"next_request_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portals_access_check" CHECK ("portals"."access" in ('open','invite_only')),
	CONSTRAINT "portals_default_visibility_check" CHECK ("portals"."default_visibility" in ('private','public'))
);
--> statement-breakpoint
CREATE TABLE "request_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"portal_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"form" jsonb NOT NULL,
	"repository_id" uuid,
	"destination" jsonb NOT NULL,
	"status_map" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_types" ADD CONSTRAINT "request_types_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_types" ADD CONSTRAINT "request_types_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_types" ADD CONSTRAINT "request_types_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_portal_name_key" ON "companies" USING btree ("portal_id",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_portal_idx" ON "companies" USING btree ("portal_id",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "portals_slug_key" ON "portals" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "portals_workspace_idx" ON "portals" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_types_portal_position_idx" ON "request_types" USING btree ("portal_id","position","id");--> statement-breakpoint
CREATE INDEX "request_types_repository_idx" ON "request_types" USING btree ("repository_id");