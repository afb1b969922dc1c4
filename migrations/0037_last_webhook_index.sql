-- The last webhook delivery a workspace received, for the GitHub settings page (GET /v1/codehost/installation's
-- lastWebhookAt): an index walk to one row, however many deliveries other workspaces receive.
CREATE INDEX "codehost_webhook_deliveries_workspace_received_idx" ON "codehost_webhook_deliveries" USING btree ("workspace_id","received_at");
