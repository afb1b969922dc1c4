-- The last webhook delivery a workspace received, for the GitHub settings page (GET /v1/codehost/installation's
-- lastWebhookAt): an index walk to one row, however many deliveries other workspaces receive.
-- IF NOT EXISTS since decision 0085: a database that took this migration under its first, earlier
-- timestamp in the journal takes it again, as one that skipped it for that timestamp takes it first.
CREATE INDEX IF NOT EXISTS "codehost_webhook_deliveries_workspace_received_idx" ON "codehost_webhook_deliveries" USING btree ("workspace_id","received_at");
