import type pg from 'pg';

/**
 * A workspace's cache as connecting and a backfill leave it, written straight into the tables
 * with generate_series (a million issues in a minute or two, not the hours a walk would take).
 *
 * Shape, deterministic from each issue's index i:
 * - repositories: one large (a fifth of the issues, as a monorepo holds) and the rest spread evenly;
 *   three milestones each (the first closed), six labels each;
 * - issues: ~30% closed, 0-2 labels (`customer` on a third), 60% assigned to one of seven people,
 *   half in a milestone, 70% typed, 0-39 comments, created every 10 minutes from 2024 on and
 *   updated within two days of that, titles and bodies from a vocabulary of twenty words;
 * - one project with a Status field and a card for 30% of the issues (codehost id 0, 3 or 6 mod
 *   10), Status values spread by `STATUS_OPTIONS`' shares.
 */
export interface IssueCacheShape {
  issues: number;
  repositories: number;
}

export const STATUS_FIELD = 'PVTSSF_status';
export const STATUS_OPTIONS = [
  { id: 'opt_todo', name: 'Todo', color: 'GRAY', share: 0.4 },
  { id: 'opt_progress', name: 'In Progress', color: 'YELLOW', share: 0.2 },
  { id: 'opt_review', name: 'In Review', color: 'BLUE', share: 0.1 },
  { id: 'opt_done', name: 'Done', color: 'GREEN', share: 0.29 },
  // A rare value: the planner finds its few cards through the GIN index instead of walking the list.
  { id: 'opt_blocked', name: 'Blocked', color: 'RED', share: 0.01 },
];
/** Share of the issues that have a card on the project. */
export const CARD_SHARE = 0.3;

/** Repository k (0-based) of issue i: 0 for every fifth issue, else one of the others in turn. */
const repositoryOfIssue = (repositories: number) => `case when i % 5 = 0 then 0 else 1 + (i / 5 * 4 + i % 5 - 1) % ${repositories - 1} end`;

/** Writes the cache for `workspaceId` (which must have no cache yet); returns the milliseconds it took. */
export async function seedIssueCache(pool: pg.Pool, workspaceId: string, shape: IssueCacheShape): Promise<number> {
  const t0 = performance.now();
  const client = await pool.connect();
  try {
    // Index builds and the GIN pending lists take what they are given.
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query('begin');
    await client.query(
      `insert into codehost_installations (id, workspace_id, installation_id, account_login, account_type, repository_selection)
       values (gen_random_uuid(), $1, 1, 'bench-org', 'Organization', 'all')`,
      [workspaceId],
    );
    await client.query(
      `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
       select gen_random_uuid(), $1, r, 'R_' || r, 'bench-org', 'repo-' || r, 'bench-org/repo-' || r, r % 2 = 0,
              'https://github.com/bench-org/repo-' || r, true
         from generate_series(1, $2::int) r`,
      [workspaceId, shape.repositories],
    );
    await client.query(
      `insert into milestones (id, workspace_id, repository_id, codehost_id, node_id, number, title, description, state, due_on, codehost_updated_at)
       select gen_random_uuid(), r.workspace_id, r.id, r.codehost_id * 10 + m, 'MI_' || r.codehost_id || '_' || m, m, 'v' || m || '.0', null,
              case when m = 1 then 'closed' else 'open' end, timestamptz '2026-01-01' + m * interval '60 days', now()
         from repositories r, generate_series(1, 3) m where r.workspace_id = $1`,
      [workspaceId],
    );
    await client.query(
      `insert into labels (id, workspace_id, repository_id, codehost_id, node_id, name, color)
       select gen_random_uuid(), r.workspace_id, r.id, r.codehost_id * 10 + l, 'LA_' || r.codehost_id || '_' || l,
              (array['bug','enhancement','documentation','question','customer','priority: high'])[l], 'ededed'
         from repositories r, generate_series(1, 6) l where r.workspace_id = $1`,
      [workspaceId],
    );
    // In slices, so no single statement holds a million rows' worth of sorting and JSON at once.
    const slice = 100_000;
    for (let from = 0; from < shape.issues; from += slice) {
      await client.query(
        `with words as (select array['login','export','billing','search','dashboard','invoice','sync','upload','report','email',
                                     'portal','cache','timeout','crash','slow','button','layout','api','webhook','token'] w),
              repos as (select id, codehost_id, row_number() over (order by codehost_id) - 1 as k from repositories where workspace_id = $1)
         insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, state_reason, author,
                             assignees, assignee_logins, labels, label_names, milestone_codehost_id, issue_type, issue_type_name,
                             sub_issues, comments_count, locked, html_url, created_at, codehost_updated_at, closed_at)
         select gen_random_uuid(), $1, r.id, i, 'I_' || i, i + 1,
                initcap(w[1 + (i * 7) % 20]) || ' ' || w[1 + (i * 11) % 20] || ' issue ' || i,
                'The ' || w[1 + (i * 13) % 20] || ' ' || w[1 + (i * 17) % 20] || ' needs attention.',
                case when i % 10 < 3 then 'closed' else 'open' end,
                case when i % 10 < 3 then 'completed' end,
                jsonb_build_object('id', 1000 + i % 50, 'login', 'user-' || i % 50, 'avatarUrl', null, 'type', 'User'),
                case when i % 10 < 6 then jsonb_build_array(jsonb_build_object('id', 1000 + i % 7, 'login', 'user-' || i % 7, 'avatarUrl', null, 'type', 'User')) else '[]'::jsonb end,
                case when i % 10 < 6 then array['user-' || i % 7] else '{}'::text[] end,
                (select coalesce(jsonb_agg(jsonb_build_object('nodeId', 'LA_' || r.codehost_id || '_' || l, 'name', n, 'color', 'ededed')), '[]'::jsonb)
                   from unnest(lbl.names) with ordinality as x(n, l)),
                lbl.names,
                case when i % 2 = 0 then r.codehost_id * 10 + 1 + i / 2 % 3 end,
                case when i % 10 < 7 then jsonb_build_object('id', 1 + i % 3, 'nodeId', 'IT_' || i % 3, 'name', (array['Task','Bug','Feature'])[1 + i % 3], 'color', null) end,
                case when i % 10 < 7 then lower((array['Task','Bug','Feature'])[1 + i % 3]) end,
                null, (i * 31) % 40, false, 'https://github.com/bench-org/' || 'repo-' || r.codehost_id || '/issues/' || (i + 1),
                timestamptz '2024-01-01' + (i * interval '10 minutes'),
                timestamptz '2024-01-01' + (i * interval '10 minutes') + ((i * 37) % 2880) * interval '1 minute',
                case when i % 10 < 3 then timestamptz '2024-01-01' + (i * interval '10 minutes') + interval '1 day' end
           from generate_series($2::int, $3::int - 1) i
           cross join words
           join repos r on r.k = ${repositoryOfIssue(shape.repositories)}
           cross join lateral (select case i % 3 when 0 then '{}'::text[]
                                                 when 1 then array[(array['bug','enhancement','documentation','question','customer','priority: high'])[1 + i % 6]]
                                                 else array['customer', (array['bug','enhancement','documentation','question'])[1 + i % 4]] end as names) lbl`,
        [workspaceId, from, Math.min(shape.issues, from + slice)],
      );
    }
    await seedProject(client, workspaceId);
    await client.query('commit');
    await client.query('vacuum analyze issues');
    await client.query('vacuum analyze project_items');
    await client.query('analyze');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return Math.round(performance.now() - t0);
}

/** One project as the GraphQL backfill leaves it, with a card for `CARD_SHARE` of the issues. */
async function seedProject(client: pg.PoolClient, workspaceId: string) {
  await client.query(
    `insert into projects (id, workspace_id, node_id, number, title, owner_login, closed, url, codehost_updated_at)
     values (gen_random_uuid(), $1, 'PVT_bench', 1, 'Roadmap', 'bench-org', false, 'https://github.com/orgs/bench-org/projects/1', now())`,
    [workspaceId],
  );
  const options = STATUS_OPTIONS.map(({ id, name, color }) => ({ id, name, color, description: null }));
  await client.query(
    `insert into project_fields (id, workspace_id, project_id, node_id, name, data_type, options, position)
     select gen_random_uuid(), $1, p.id, f.node_id, f.name, f.data_type, f.options, f.position
       from projects p,
            (values ('PVTF_title', 'Title', 'TITLE', null::jsonb, 0), ($2, 'Status', 'SINGLE_SELECT', $3::jsonb, 1)) f(node_id, name, data_type, options, position)
      where p.workspace_id = $1`,
    [workspaceId, STATUS_FIELD, JSON.stringify(options)],
  );
  // Cumulative shares as thresholds over a card's bucket (0-999, from a hash of the issue) pick its option.
  let cumulative = 0;
  const thresholds = STATUS_OPTIONS.map((o) => (cumulative += Math.round(o.share * 1000)));
  await client.query(
    `with opts as (select $3::jsonb o, $4::int[] t)
     insert into project_items (id, workspace_id, project_id, node_id, content_type, content_node_id, content, field_values, position)
     select gen_random_uuid(), $1, p.id, 'PVTI_' || i.codehost_id, 'Issue', i.node_id,
            jsonb_build_object('number', i.number, 'title', i.title, 'state', i.state, 'repositoryFullName', r.full_name),
            jsonb_build_object($2::text, jsonb_build_object('type', 'single_select', 'optionId', opt->>'id', 'name', opt->>'name', 'color', opt->>'color')),
            i.codehost_id
       from issues i
       join repositories r on r.id = i.repository_id
       join projects p on p.workspace_id = i.workspace_id
       cross join opts
       cross join lateral (select opts.o->(select count(*)::int from unnest(opts.t) x where x <= abs(hashint8(i.codehost_id)) % 1000) as opt) pick
      where i.workspace_id = $1 and i.codehost_id % 10 in (0, 3, 6)`,
    [workspaceId, STATUS_FIELD, JSON.stringify(STATUS_OPTIONS), thresholds],
  );
}
