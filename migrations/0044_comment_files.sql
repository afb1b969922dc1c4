-- Files on comments (docs/decisions/0086-files-on-comments.md): an attachment names the comment it
-- belongs to as the code host names it (repository and comment id), for a customer's comment and a
-- member's reply alike; an attachment belongs to one request or one comment, never both.
ALTER TABLE "attachments" ADD COLUMN "comment_repository_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "comment_codehost_id" bigint;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_comment_repository_id_repositories_id_fk" FOREIGN KEY ("comment_repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_comment_idx" ON "attachments" USING btree ("comment_repository_id","comment_codehost_id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_one_owner" CHECK ("attachments"."request_id" is null or "attachments"."comment_codehost_id" is null);--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_comment_whole" CHECK (("attachments"."comment_repository_id" is null) = ("attachments"."comment_codehost_id" is null));
