CREATE TABLE "codehost_read_points" (
	"codehost" text NOT NULL,
	"installation_id" bigint NOT NULL,
	"resource" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "codehost_read_points_codehost_installation_id_resource_at_pk" PRIMARY KEY("codehost","installation_id","resource","at")
);
