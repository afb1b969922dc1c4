CREATE TABLE "issue_field_values" (
	"item_id" uuid NOT NULL,
	"field_node_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"value_key" text NOT NULL,
	"issue_updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "issue_field_values_item_id_field_node_id_pk" PRIMARY KEY("item_id","field_node_id")
);
--> statement-breakpoint
ALTER TABLE "issue_field_values" ADD CONSTRAINT "issue_field_values_item_id_project_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."project_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_field_values" ADD CONSTRAINT "issue_field_values_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_field_values_list_idx" ON "issue_field_values" USING btree ("workspace_id","field_node_id","value_key","issue_updated_at","issue_id");--> statement-breakpoint
CREATE INDEX "issue_field_values_issue_idx" ON "issue_field_values" USING btree ("issue_id");--> statement-breakpoint
-- The key a `field:` filter value is looked up by, from a card's stored value or from the one-key
-- object the filter builds (`{optionId}`, `{iterationId}`, `{number}`, `{date}`, `{text}`): the
-- same function on both sides, so they cannot disagree. Numbers lose trailing zeros (jsonb
-- containment holds 1 and 1.0 equal); text is hashed so a long value still fits an index entry.
CREATE FUNCTION svc_field_value_key(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v ? 'optionId' THEN 'o:' || (v->>'optionId')
    WHEN v ? 'iterationId' THEN 'i:' || (v->>'iterationId')
    WHEN jsonb_typeof(v->'number') = 'number' THEN 'n:' || trim_scale((v->>'number')::numeric)::text
    WHEN v ? 'date' THEN 'd:' || (v->>'date')
    WHEN v ? 'text' THEN 't:' || md5(v->>'text')
  END
$$;--> statement-breakpoint
-- The rows of a set of cards (those not archived, on an issue of the cache).
CREATE FUNCTION svc_insert_issue_field_values(item_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO issue_field_values (item_id, field_node_id, workspace_id, issue_id, value_key, issue_updated_at)
  -- One issue per card even while a transferred issue's old row, with the same node id, is still cached.
  SELECT DISTINCT ON (pi.id, kv.key) pi.id, kv.key, pi.workspace_id, i.id, svc_field_value_key(kv.value), i.codehost_updated_at
    FROM project_items pi
    JOIN issues i ON i.workspace_id = pi.workspace_id AND i.node_id = pi.content_node_id
    CROSS JOIN LATERAL jsonb_each(pi.field_values) kv
   WHERE pi.id = ANY(item_ids) AND NOT pi.archived AND svc_field_value_key(kv.value) IS NOT NULL
   ORDER BY pi.id, kv.key, i.codehost_updated_at DESC, i.id
  ON CONFLICT (item_id, field_node_id) DO UPDATE SET value_key = excluded.value_key, issue_id = excluded.issue_id,
                                                   issue_updated_at = excluded.issue_updated_at
$$;--> statement-breakpoint
CREATE FUNCTION svc_project_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM svc_insert_issue_field_values(ARRAY(SELECT id FROM new_items WHERE NOT archived AND field_values <> '{}'::jsonb));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only cards whose values, archiving or content changed are rewritten: a resync writes every card
-- again, mostly unchanged.
CREATE FUNCTION svc_project_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  changed := ARRAY(SELECT n.id FROM new_items n JOIN old_items o ON o.id = n.id
                    WHERE o.field_values IS DISTINCT FROM n.field_values OR o.archived IS DISTINCT FROM n.archived
                       OR o.content_node_id IS DISTINCT FROM n.content_node_id);
  IF cardinality(changed) > 0 THEN
    DELETE FROM issue_field_values WHERE item_id = ANY(changed);
    PERFORM svc_insert_issue_field_values(changed);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER project_items_field_values_inserted AFTER INSERT ON project_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION svc_project_items_inserted();--> statement-breakpoint
CREATE TRIGGER project_items_field_values_updated AFTER UPDATE ON project_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION svc_project_items_updated();--> statement-breakpoint
-- A card can reach the cache before its issue (a project backfill ahead of the repository's).
CREATE FUNCTION svc_issues_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM svc_insert_issue_field_values(ARRAY(
    SELECT pi.id FROM new_issues n
      JOIN project_items pi ON pi.workspace_id = n.workspace_id AND pi.content_node_id = n.node_id
     WHERE NOT pi.archived AND pi.field_values <> '{}'::jsonb));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER issues_field_values_inserted AFTER INSERT ON issues
  REFERENCING NEW TABLE AS new_issues FOR EACH STATEMENT EXECUTE FUNCTION svc_issues_inserted();--> statement-breakpoint
-- Per row, and only when the sort key moved: a transition table would copy every updated issue.
CREATE FUNCTION svc_issue_updated_at_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issue_field_values SET issue_updated_at = NEW.codehost_updated_at WHERE issue_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER issues_field_values_updated_at AFTER UPDATE OF codehost_updated_at ON issues
  FOR EACH ROW WHEN (OLD.codehost_updated_at IS DISTINCT FROM NEW.codehost_updated_at)
  EXECUTE FUNCTION svc_issue_updated_at_moved();--> statement-breakpoint
-- The cache as it stands.
INSERT INTO issue_field_values (item_id, field_node_id, workspace_id, issue_id, value_key, issue_updated_at)
SELECT DISTINCT ON (pi.id, kv.key) pi.id, kv.key, pi.workspace_id, i.id, svc_field_value_key(kv.value), i.codehost_updated_at
  FROM project_items pi
  JOIN issues i ON i.workspace_id = pi.workspace_id AND i.node_id = pi.content_node_id
  CROSS JOIN LATERAL jsonb_each(pi.field_values) kv
 WHERE NOT pi.archived AND svc_field_value_key(kv.value) IS NOT NULL
 ORDER BY pi.id, kv.key, i.codehost_updated_at DESC, i.id;
