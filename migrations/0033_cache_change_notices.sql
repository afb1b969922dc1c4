-- Live updates (docs/decisions/0067-live-updates.md): every change to a cached issue, comment or
-- project card tells every process on the channel `svc_changes`, delivered on commit, so a page
-- open on any process refetches what changed. The cache has many writers (webhook appliers, writes
-- through to the code host, backfill pages, reconciles, refreshes, deletions cascading from a
-- repository or a workspace), so triggers send the notices rather than each writer.
--
-- A notice is `{"workspaceId", "kind", "issueId", "repositoryId"}`, about 170 bytes (NOTIFY takes
-- at most 8000): never a title or a body. One statement sends one notice per issue it touched; past
-- 20 issues of a repository (a backfill page, a label renamed, a repository removed) it sends one
-- for the repository instead, `issueId` null. Postgres folds identical notices of one transaction
-- into one. Statement triggers with transition tables: one call per statement, whatever its rows.
CREATE FUNCTION svc_issues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', c.workspace_id, 'kind', 'issue', 'issueId', c.issue_id, 'repositoryId', c.repository_id)::text)
     FROM (SELECT workspace_id, repository_id,
                  unnest(CASE WHEN count(DISTINCT id) <= 20 THEN array_agg(DISTINCT id) ELSE ARRAY[NULL::uuid] END) AS issue_id
             FROM changed_rows GROUP BY workspace_id, repository_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A comment names its issue by number: the issue's id is looked up (by the unique index on
-- repository and number) for 20 issues or fewer. A comment whose issue is not cached (deleted in the
-- same statement, as a deleted issue's comments are) is not shown anywhere: no notice.
CREATE FUNCTION svc_comments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', n.workspace_id, 'kind', 'comment', 'issueId', n.issue_id, 'repositoryId', n.repository_id)::text)
     FROM (WITH c AS (SELECT workspace_id, repository_id, array_agg(DISTINCT issue_number) AS numbers
                        FROM changed_rows GROUP BY workspace_id, repository_id)
           SELECT c.workspace_id, c.repository_id, i.id AS issue_id
             FROM c JOIN issues i ON i.repository_id = c.repository_id AND i.number = ANY (c.numbers)
            WHERE cardinality(c.numbers) <= 20
           UNION ALL
           SELECT c.workspace_id, c.repository_id, NULL FROM c WHERE cardinality(c.numbers) > 20) n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A card's values are part of its issue as the reads show it (`projectItems`): an `issue` notice
-- for each issue of the cache whose card changed (a card of a pull request or a draft is nobody's
-- issue: no notice). Cards span repositories, so past 20 issues the notice is about the whole
-- workspace (`issueId` and `repositoryId` null).
CREATE FUNCTION svc_project_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_changes', json_build_object('workspaceId', n.workspace_id, 'kind', 'issue', 'issueId', n.issue_id, 'repositoryId', n.repository_id)::text)
     FROM (WITH c AS (SELECT workspace_id, array_agg(DISTINCT content_node_id) AS nodes
                        FROM changed_rows WHERE content_node_id IS NOT NULL GROUP BY workspace_id)
           SELECT c.workspace_id, i.repository_id, i.id AS issue_id
             FROM c JOIN issues i ON i.workspace_id = c.workspace_id AND i.node_id = ANY (c.nodes)
            WHERE cardinality(c.nodes) <= 20
           UNION ALL
           SELECT c.workspace_id, NULL, NULL FROM c WHERE cardinality(c.nodes) > 20) n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER issues_changed_inserted AFTER INSERT ON issues
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_issues_changed();--> statement-breakpoint
CREATE TRIGGER issues_changed_updated AFTER UPDATE ON issues
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_issues_changed();--> statement-breakpoint
CREATE TRIGGER issues_changed_deleted AFTER DELETE ON issues
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_issues_changed();--> statement-breakpoint
CREATE TRIGGER comments_changed_inserted AFTER INSERT ON comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_comments_changed();--> statement-breakpoint
CREATE TRIGGER comments_changed_updated AFTER UPDATE ON comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_comments_changed();--> statement-breakpoint
CREATE TRIGGER comments_changed_deleted AFTER DELETE ON comments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_comments_changed();--> statement-breakpoint
CREATE TRIGGER project_items_changed_inserted AFTER INSERT ON project_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_items_changed();--> statement-breakpoint
CREATE TRIGGER project_items_changed_updated AFTER UPDATE ON project_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_items_changed();--> statement-breakpoint
CREATE TRIGGER project_items_changed_deleted AFTER DELETE ON project_items
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION svc_project_items_changed();
