ALTER TABLE "requests" ADD COLUMN "requester_company_id" uuid;--> statement-breakpoint
-- Copied from the requester on every write of a request that names one (a removed requester is
-- set null by its foreign key, which is such a write)...
CREATE FUNCTION svc_request_requester_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.requester_company_id := (SELECT company_id FROM portal_customers WHERE id = NEW.requester_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_requester_company BEFORE INSERT OR UPDATE OF requester_id ON requests
  FOR EACH ROW EXECUTE FUNCTION svc_request_requester_company();--> statement-breakpoint
-- ...and to their requests when the requester moves (a deleted company sets its customers' null,
-- which is such a move).
CREATE FUNCTION svc_customer_company_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET requester_company_id = NEW.company_id WHERE requester_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER portal_customers_company_moved AFTER UPDATE OF company_id ON portal_customers
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION svc_customer_company_moved();--> statement-breakpoint
UPDATE requests r SET requester_company_id = c.company_id FROM portal_customers c WHERE c.id = r.requester_id AND c.company_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_portal_company_created_idx" ON "requests" USING btree ("portal_id","requester_company_id","created_at","id");
