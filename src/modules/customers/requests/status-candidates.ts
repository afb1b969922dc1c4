import { sql, type SQL } from 'drizzle-orm';
import type { StatusId } from '../../../db/schema/index.js';
import { DONE_VALUES, IN_PROGRESS_VALUES, PLANNED_VALUES, WAITING_LABELS } from './status.js';

/**
 * A condition every request of a derived status meets (others may too), over the columns of
 * `recordSelect` (r: the request, t: its type, i: the cached issue). The status is decided by the
 * rules in code at every read; this only lets a status filter skip, in SQL, the rows that cannot
 * match, so a page of a rare status is not read 200 rows at a time. A request type with rules of
 * its own is always a candidate (its rules decide), and so is anything the default rules are not
 * sure of. Every comparison mirrors `squash` in status.ts (case, spaces, dashes, underscores).
 */
const squashed = (column: SQL) => sql`lower(regexp_replace(${column}, '[[:space:]_-]+', '', 'g'))`;
const list = (values: Set<string>) => sql`array[${sql.join([...values].map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The issue is on a card whose Status field says one of these: one set of the workspace's cards, hashed once, not a probe per request. */
function statusFieldSays(workspaceId: string, values: Set<string>): SQL {
  return sql`r.issue_node_id in (
    select pi.content_node_id from project_items pi
      cross join lateral jsonb_each(pi.field_values) kv
      join project_fields f on f.workspace_id = pi.workspace_id and f.project_id = pi.project_id and f.node_id = kv.key
     where pi.workspace_id = ${workspaceId} and pi.content_node_id is not null and not pi.archived
       and kv.value->>'type' = 'single_select' and ${squashed(sql`f.name`)} = 'status'
       and ${squashed(sql`kv.value->>'name'`)} = any(${list(values)}))`;
}

export function statusCandidates(status: StatusId, workspaceId: string): SQL {
  const ownRules = sql`coalesce(jsonb_array_length(t.status_map), 0) > 0`;
  const filed = sql`r.state = 'filed' and i.id is not null`;
  const open = sql`${filed} and i.state <> 'closed'`;
  const closed = sql`${filed} and i.state = 'closed'`;
  const byDefaults: Record<StatusId, SQL> = {
    open: sql`r.state = 'held' or (r.state = 'filed' and i.id is null) or (${open})`,
    merged: sql`${closed} and i.state_reason = 'duplicate'`,
    completed: sql`(${closed} and i.state_reason = 'completed') or (${open} and ${statusFieldSays(workspaceId, DONE_VALUES)})`,
    closed: sql`r.state = 'rejected' or (${closed})`,
    waiting_on_you: sql`${open} and exists (select 1 from unnest(i.label_names) l where ${squashed(sql`l`)} = any(${list(WAITING_LABELS)}))`,
    in_progress: sql`${open} and ${statusFieldSays(workspaceId, IN_PROGRESS_VALUES)}`,
    planned: sql`${open} and (i.milestone_codehost_id is not null or ${statusFieldSays(workspaceId, PLANNED_VALUES)})`,
  };
  const candidates = sql`((${ownRules}) or (${byDefaults[status]}))`;
  // In progress is the one status only a card gives under the default rules: the same test on the
  // request row alone lets Postgres drop the rest before it joins anything.
  if (status !== 'in_progress') return candidates;
  const typeHasRules = sql`r.request_type_id in (select id from request_types where coalesce(jsonb_array_length(status_map), 0) > 0)`;
  return sql`(${typeHasRules} or ${statusFieldSays(workspaceId, IN_PROGRESS_VALUES)}) and ${candidates}`;
}
