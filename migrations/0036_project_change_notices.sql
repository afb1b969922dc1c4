-- Live boards (docs/decisions/0073-live-projects.md): a project, one of its fields or one of its
-- cards added, changed or deleted tells every process on `svc_changes`, in the transaction that made
-- the change, as migrations 0033 to 0035 do for the cache, the requests and the notifications. A
-- card's change is also told as its issue's (0033), but only for a card of a cached issue: a draft's
-- or a pull request's card, a new project, a renamed column told no one, and a board opened before
-- the first projects walk finished stayed empty until reloaded.
--
-- A notice is `{"workspaceId", "kind": "project", "projectId"}`: one per project a statement touched,
-- or, past 20 projects of a workspace (a walk's page of projects), one with `projectId` null.
CREATE FUNCTION svc_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'project', 'projectId', c.project_id)::text)
     FROM (SELECT workspace_id,
                  unnest(CASE WHEN count(DISTINCT id) <= 20 THEN array_agg(DISTINCT id) ELSE ARRAY[NULL::uuid] END) AS project_id
             FROM changed_rows GROUP BY workspace_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A field or a card names its project by `project_id`.
CREATE FUNCTION svc_project_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'project', 'projectId', c.project_id)::text)
     FROM (SELECT workspace_id,
                  unnest(CASE WHEN count(DISTINCT project_id) <= 20 THEN array_agg(DISTINCT project_id) ELSE ARRAY[NULL::uuid] END) AS project_id
             FROM changed_rows GROUP BY workspace_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER projects_changed_inserted AFTER INSERT ON projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_projects_changed();--> statement-breakpoint
CREATE TRIGGER projects_changed_updated AFTER UPDATE ON projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_projects_changed();--> statement-breakpoint
CREATE TRIGGER projects_changed_deleted AFTER DELETE ON projects
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_projects_changed();--> statement-breakpoint
CREATE TRIGGER project_fields_changed_inserted AFTER INSERT ON project_fields
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_parts_changed();--> statement-breakpoint
CREATE TRIGGER project_fields_changed_updated AFTER UPDATE ON project_fields
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_parts_changed();--> statement-breakpoint
CREATE TRIGGER project_fields_changed_deleted AFTER DELETE ON project_fields
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_parts_changed();--> statement-breakpoint
CREATE TRIGGER project_cards_changed_inserted AFTER INSERT ON project_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_parts_changed();--> statement-breakpoint
CREATE TRIGGER project_cards_changed_updated AFTER UPDATE ON project_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_parts_changed();--> statement-breakpoint
CREATE TRIGGER project_cards_changed_deleted AFTER DELETE ON project_items
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_parts_changed();
