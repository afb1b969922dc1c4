CREATE TABLE "project_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"name" text NOT NULL,
	"data_type" text NOT NULL,
	"options" jsonb,
	"iterations" jsonb,
	"position" integer NOT NULL,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content_node_id" text,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" double precision NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"codehost_updated_at" timestamp (3) with time zone,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"owner_login" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"url" text NOT NULL,
	"codehost_updated_at" timestamp (3) with time zone NOT NULL,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_fields" ADD CONSTRAINT "project_fields_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_fields" ADD CONSTRAINT "project_fields_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_items" ADD CONSTRAINT "project_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_items" ADD CONSTRAINT "project_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_fields_project_node_key" ON "project_fields" USING btree ("project_id","node_id");--> statement-breakpoint
CREATE INDEX "project_fields_workspace_node_idx" ON "project_fields" USING btree ("workspace_id","node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_items_project_node_key" ON "project_items" USING btree ("project_id","node_id");--> statement-breakpoint
CREATE INDEX "project_items_project_position_idx" ON "project_items" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE INDEX "project_items_workspace_content_idx" ON "project_items" USING btree ("workspace_id","content_node_id");--> statement-breakpoint
CREATE INDEX "project_items_field_values_idx" ON "project_items" USING gin ("field_values" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "projects_workspace_node_key" ON "projects" USING btree ("workspace_id","node_id");--> statement-breakpoint
CREATE INDEX "projects_workspace_title_idx" ON "projects" USING btree ("workspace_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "issues_workspace_node_idx" ON "issues" USING btree ("workspace_id","node_id");