-- Customers may mark a request done or reopen it themselves (issue 33, item 6;
-- docs/decisions/0080-customers-close-and-reopen.md): a closed request can be reopened by its requester
-- or their company's manager for this many days after its issue closed; each portal sets its own,
-- 14 by default, 0 to turn reopening off.
ALTER TABLE "portals" ADD COLUMN "reopen_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_reopen_days_check" CHECK ("portals"."reopen_days" between 0 and 365);
