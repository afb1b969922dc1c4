-- Satisfaction (issue 33, item 9; docs/decisions/0081-satisfaction-ratings.md): each time a request
-- reaches Completed its requester is asked once to rate it 1 to 5; the ask and the answer are one row,
-- so a reopen and a new completion ask again. Read per request (newest first) and per portal over a
-- period of rating times (the partial index: only answered asks).
CREATE TABLE "request_ratings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"portal_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"asked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"rating" integer,
	"comment" text,
	"rated_at" timestamp (3) with time zone,
	CONSTRAINT "request_ratings_rating_check" CHECK ("request_ratings"."rating" is null or "request_ratings"."rating" between 1 and 5),
	CONSTRAINT "request_ratings_rated_check" CHECK (("request_ratings"."rating" is null) = ("request_ratings"."rated_at" is null))
);
--> statement-breakpoint
ALTER TABLE "request_ratings" ADD CONSTRAINT "request_ratings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_ratings" ADD CONSTRAINT "request_ratings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_ratings" ADD CONSTRAINT "request_ratings_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_ratings" ADD CONSTRAINT "request_ratings_customer_id_portal_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."portal_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_ratings_request_idx" ON "request_ratings" USING btree ("request_id","asked_at","id");--> statement-breakpoint
CREATE INDEX "request_ratings_portal_rated_idx" ON "request_ratings" USING btree ("portal_id","rated_at","id") WHERE "request_ratings"."rated_at" is not null;--> statement-breakpoint
CREATE INDEX "request_ratings_customer_idx" ON "request_ratings" USING btree ("customer_id");
