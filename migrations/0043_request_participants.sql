-- Participants on a request (docs/decisions/0087-participants.md): customers of the request's portal
-- whom its requester, or a manager of the requester's company, put on it. They see the request as
-- the requester does once it is filed (the sight predicate), and follow it from when they are added.
-- added_by is the customer who added them (null once that customer is gone).
--> statement-breakpoint
CREATE TABLE "request_participants" (
	"request_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"added_by" uuid,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_participants_request_id_customer_id_pk" PRIMARY KEY("request_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "request_participants" ADD CONSTRAINT "request_participants_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_participants" ADD CONSTRAINT "request_participants_customer_id_portal_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."portal_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_participants" ADD CONSTRAINT "request_participants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_participants" ADD CONSTRAINT "request_participants_added_by_portal_customers_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."portal_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_participants_customer_idx" ON "request_participants" USING btree ("customer_id");
