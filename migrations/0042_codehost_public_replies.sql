-- Public replies typed on GitHub (docs/decisions/0082-public-replies-from-github.md): whether a
-- comment that starts with "Public reply:" counted, decided when it or its edit arrived from the
-- writer's linked account and role at that moment, so a reply once told to customers stays told
-- when its author later leaves or unlinks. decided_for is the comment's updated_at, so an older
-- edit delivered late never overrides a newer decision.
CREATE TABLE "codehost_public_replies" (
	"repository_id" uuid NOT NULL,
	"codehost_comment_id" bigint NOT NULL,
	"workspace_id" uuid NOT NULL,
	"is_public" boolean NOT NULL,
	"member_user_id" uuid,
	"decided_for" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "codehost_public_replies_repository_id_codehost_comment_id_pk" PRIMARY KEY("repository_id","codehost_comment_id")
);
--> statement-breakpoint
ALTER TABLE "codehost_public_replies" ADD CONSTRAINT "codehost_public_replies_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codehost_public_replies" ADD CONSTRAINT "codehost_public_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;