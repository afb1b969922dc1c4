CREATE TABLE "request_reads" (
	"request_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	"seen_status" text NOT NULL,
	CONSTRAINT "request_reads_request_id_customer_id_pk" PRIMARY KEY("request_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "request_reads" ADD CONSTRAINT "request_reads_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reads" ADD CONSTRAINT "request_reads_customer_id_portal_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."portal_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reads" ADD CONSTRAINT "request_reads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_reads_customer_idx" ON "request_reads" USING btree ("customer_id");