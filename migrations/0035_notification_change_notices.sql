-- Live notifications (docs/decisions/0071-live-notifications.md): a notification added to a person's
-- inbox, changed (read, raised to a more specific kind, its issue gone from the cache) or deleted
-- tells that person's open pages on `svc_changes`, in the transaction that made the change, as
-- migrations 0033 and 0034 do for the cache and the requests. The notifications have many writers
-- (a write through the service, its webhook echo, a redelivery, a request's status, marking read in
-- any tab, the nightly pruning, an issue leaving the cache), so triggers send the notices.
--
-- A notice is `{"workspaceId", "kind": "notification", "membershipId", "notificationId"}`: one per
-- person (membership) a statement touched, naming the notification when it was the only one of
-- theirs, else `notificationId` null (marking several or all read, a pruning). No unread count: the
-- page reads it again (see the decision for why a count read here could arrive out of order). The
-- stream sends the notice only to the streams of that membership (src/modules/work/events).
CREATE FUNCTION svc_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'notification', 'membershipId', c.membership_id, 'notificationId', c.notification_id)::text)
     FROM (SELECT workspace_id, membership_id,
                  CASE WHEN count(DISTINCT id) = 1 THEN (array_agg(id))[1] END AS notification_id
             FROM changed_rows GROUP BY workspace_id, membership_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update tells only of rows that changed in something but `mailed_at` (the e-mail's bookkeeping,
-- which the inbox does not show): sending an e-mail refetches nobody's inbox.
CREATE FUNCTION svc_notifications_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'notification', 'membershipId', c.membership_id, 'notificationId', c.notification_id)::text)
     FROM (SELECT n.workspace_id, n.membership_id,
                  CASE WHEN count(DISTINCT n.id) = 1 THEN (array_agg(n.id))[1] END AS notification_id
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE to_jsonb(n) - 'mailed_at' IS DISTINCT FROM to_jsonb(o) - 'mailed_at'
            GROUP BY n.workspace_id, n.membership_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_changed_inserted AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_notifications_changed();--> statement-breakpoint
CREATE TRIGGER notifications_changed_updated AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_notifications_updated();--> statement-breakpoint
CREATE TRIGGER notifications_changed_deleted AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_notifications_changed();
