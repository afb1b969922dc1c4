CREATE TABLE "codehost_write_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codehost_write_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codehost" text NOT NULL,
	"installation_id" bigint NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resource" text NOT NULL,
	"points" integer NOT NULL,
	"creates" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "codehost_write_log_installation_at_idx" ON "codehost_write_log" USING btree ("codehost","installation_id","at");