CREATE TABLE "codehost_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"codehost_user_id" bigint NOT NULL,
	"login" text NOT NULL,
	"access_token" text NOT NULL,
	"access_token_expires_at" timestamp (3) with time zone,
	"refresh_token" text,
	"refresh_token_expires_at" timestamp (3) with time zone,
	"writes_as_self" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codehost_installations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"installation_id" bigint NOT NULL,
	"account_login" text NOT NULL,
	"account_type" text NOT NULL,
	"repository_selection" text NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"connected_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repositories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"codehost_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"owner_login" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"private" boolean NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"html_url" text NOT NULL,
	"sync_enabled" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codehost_identities" ADD CONSTRAINT "codehost_identities_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codehost_installations" ADD CONSTRAINT "codehost_installations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codehost_identities_codehost_user_key" ON "codehost_identities" USING btree ("codehost_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "codehost_installations_workspace_key" ON "codehost_installations" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "codehost_installations_installation_key" ON "codehost_installations" USING btree ("installation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_workspace_codehost_key" ON "repositories" USING btree ("workspace_id","codehost_id");--> statement-breakpoint
CREATE INDEX "repositories_workspace_name_idx" ON "repositories" USING btree ("workspace_id",lower("full_name"),"id");