-- The requests inbox (docs/decisions/0070-requests-inbox.md): every portal's requests of a workspace
-- in one list, GET /v1/requests, sorted by creation, votes or the latest customer activity.
--
-- A request's latest customer activity is the newest of its submission (its creation, for an issue
-- a member shared), a customer's comment on it and a customer's vote for it. From now on it moves
-- forward in the transaction of each vote and comment; requests that exist are given it from their
-- votes and comments (a vote already taken back is gone and does not count).
ALTER TABLE "requests" ADD COLUMN "last_customer_activity_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE requests r SET last_customer_activity_at = greatest(
  r.created_at,
  (SELECT max(v.created_at) FROM request_votes v WHERE v.request_id = r.id),
  (SELECT max(c.created_at) FROM portal_comments c WHERE c.request_id = r.id));--> statement-breakpoint
-- One index per order of the inbox, each led by the workspace and read backwards for newest first;
-- and the same three over the hold queue alone (few rows, so they cost little): its requests have
-- no votes yet and gather at one end of the full indexes, where a page of them would be read past
-- everything else. The first also serves the held count.
CREATE INDEX "requests_workspace_created_idx" ON "requests" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_workspace_votes_idx" ON "requests" USING btree ("workspace_id","vote_count","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_workspace_activity_idx" ON "requests" USING btree ("workspace_id","last_customer_activity_at","id");--> statement-breakpoint
-- With one portal named, the portal's own indexes serve creation and votes; this one activity.
CREATE INDEX "requests_portal_activity_idx" ON "requests" USING btree ("portal_id","last_customer_activity_at","id");--> statement-breakpoint
CREATE INDEX "requests_workspace_held_idx" ON "requests" USING btree ("workspace_id","created_at","id") WHERE "requests"."state" = 'held';--> statement-breakpoint
CREATE INDEX "requests_workspace_held_votes_idx" ON "requests" USING btree ("workspace_id","vote_count","created_at","id") WHERE "requests"."state" = 'held';--> statement-breakpoint
CREATE INDEX "requests_workspace_held_activity_idx" ON "requests" USING btree ("workspace_id","last_customer_activity_at","id") WHERE "requests"."state" = 'held';--> statement-breakpoint
-- Live updates (docs/decisions/0068-live-updates.md): a request created, changed (held to filed or
-- rejected, a vote, a customer's comment moving its activity, a member's edit) or deleted tells the
-- workspace's open pages on `svc_changes`, as migration 0033's triggers do for the cache, in the
-- transaction that made the change. A notice is `{"workspaceId", "kind": "request", "requestId",
-- "portalId"}`: one per request a statement touched, or past 20 requests of one portal (a portal
-- deleted, a customer moved to another company) one for the portal, `requestId` null. The stream
-- sends them only to callers who may read requests (src/modules/work/events/live-streams.ts).
CREATE FUNCTION svc_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'request', 'requestId', c.request_id, 'portalId', c.portal_id)::text)
     FROM (SELECT workspace_id, portal_id,
                  unnest(CASE WHEN count(DISTINCT id) <= 20 THEN array_agg(DISTINCT id) ELSE ARRAY[NULL::uuid] END) AS request_id
             FROM changed_rows GROUP BY workspace_id, portal_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update tells only of rows that changed in something but the status last announced to their
-- subscribers (`notified_status`, the change detector's bookkeeping, which no list shows).
CREATE FUNCTION svc_requests_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'request', 'requestId', c.request_id, 'portalId', c.portal_id)::text)
     FROM (SELECT n.workspace_id, n.portal_id,
                  unnest(CASE WHEN count(DISTINCT n.id) <= 20 THEN array_agg(DISTINCT n.id) ELSE ARRAY[NULL::uuid] END) AS request_id
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE to_jsonb(n) - 'notified_status' IS DISTINCT FROM to_jsonb(o) - 'notified_status'
            GROUP BY n.workspace_id, n.portal_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_changed_inserted AFTER INSERT ON requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_requests_changed();--> statement-breakpoint
CREATE TRIGGER requests_changed_updated AFTER UPDATE ON requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_requests_updated();--> statement-breakpoint
CREATE TRIGGER requests_changed_deleted AFTER DELETE ON requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_requests_changed();
