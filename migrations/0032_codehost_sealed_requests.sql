-- A request that is not public, filed in a public repository, reaches the code host as its
-- reference only (src/modules/requests/codehost-exposure.ts): the request records that it was filed
-- so, and a customer's comment whose words stay here keeps them beside its placeholder.
ALTER TABLE "portal_comments" ADD COLUMN "sealed_body" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "sealed_on_codehost" boolean DEFAULT false NOT NULL;