CREATE TABLE "codehost_tombstones" (
	"workspace_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"codehost_id" bigint NOT NULL,
	"deleted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codehost_tombstones_repository_id_kind_codehost_id_pk" PRIMARY KEY("repository_id","kind","codehost_id")
);
--> statement-breakpoint
ALTER TABLE "codehost_tombstones" ADD CONSTRAINT "codehost_tombstones_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codehost_tombstones" ADD CONSTRAINT "codehost_tombstones_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codehost_tombstones_deleted_idx" ON "codehost_tombstones" USING btree ("deleted_at");