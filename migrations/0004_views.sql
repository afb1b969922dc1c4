CREATE TABLE "views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"owner_membership_id" uuid,
	"name" text NOT NULL,
	"visibility" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"filter" jsonb NOT NULL,
	"sort" text NOT NULL,
	"sort_order" text NOT NULL,
	"layout" text NOT NULL,
	"group_by" jsonb,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "views_visibility_check" CHECK ("views"."visibility" in ('shared','personal')),
	CONSTRAINT "views_layout_check" CHECK ("views"."layout" in ('list','board')),
	CONSTRAINT "views_sort_check" CHECK ("views"."sort" in ('updated','created','number','title','comments')),
	CONSTRAINT "views_sort_order_check" CHECK ("views"."sort_order" in ('asc','desc'))
);
--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_owner_membership_id_memberships_id_fk" FOREIGN KEY ("owner_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "views_workspace_position_idx" ON "views" USING btree ("workspace_id","position","id");