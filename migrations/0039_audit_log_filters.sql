-- The audit log's filters (docs/decisions/0076-chat-and-audit-settings.md): who did it (a member,
-- whatever credential, or one API key), alone or with an action, and one object's history. Each
-- index ends in (created_at, id), the log's order, so a page of any filter combination the settings
-- page offers, with or without a time range, is read in order and stops after its rows. The actor
-- indexes are partial: a customer's or the payments provider's entries carry no member or key.
-- IF NOT EXISTS since decision 0085: a database that took this migration under its first, earlier
-- timestamp in the journal takes it again, as one that skipped it for that timestamp takes it first.
CREATE INDEX IF NOT EXISTS "audit_entries_member_idx" ON "audit_entries" USING btree ("workspace_id",("actor" ->> 'membershipId'),"created_at","id") WHERE ("actor" ->> 'membershipId') IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_entries_member_action_idx" ON "audit_entries" USING btree ("workspace_id",("actor" ->> 'membershipId'),"action","created_at","id") WHERE ("actor" ->> 'membershipId') IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_entries_api_key_idx" ON "audit_entries" USING btree ("workspace_id",(("actor" -> 'credential') ->> 'apiKeyId'),"created_at","id") WHERE (("actor" -> 'credential') ->> 'apiKeyId') IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_entries_api_key_action_idx" ON "audit_entries" USING btree ("workspace_id",(("actor" -> 'credential') ->> 'apiKeyId'),"action","created_at","id") WHERE (("actor" -> 'credential') ->> 'apiKeyId') IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_entries_target_idx" ON "audit_entries" USING btree ("workspace_id","target_type","target_id","created_at","id");
