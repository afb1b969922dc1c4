import type pg from 'pg';

/**
 * A workspace's cache filled straight in SQL, as a finished backfill would leave it: one
 * installation, `repositories` repositories and `issues` issues spread over them (30% closed,
 * 0-1 labels, updated over two years). Smaller than issue-list.ts's seed (no projects, milestones
 * or types): for benchmarks that need a realistic list, not every filter.
 */
export async function seedIssues(pool: pg.Pool, workspaceId: string, options: { repositories: number; issues: number }): Promise<number> {
  const t0 = performance.now();
  await pool.query(
    `insert into codehost_installations (id, workspace_id, installation_id, account_login, account_type, repository_selection)
     values (gen_random_uuid(), $1, 1, 'bench-org', 'Organization', 'all')`,
    [workspaceId],
  );
  await pool.query(
    `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
     select gen_random_uuid(), $1, r, 'R_' || r, 'bench-org', 'repo-' || r, 'bench-org/repo-' || r, false, 'https://github.com/bench-org/repo-' || r, true
       from generate_series(1, $2::int) r`,
    [workspaceId, options.repositories],
  );
  await pool.query(
    `with repos as (select id, codehost_id, row_number() over (order by codehost_id) - 1 as k from repositories where workspace_id = $1)
     insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, state_reason, author,
                         assignees, assignee_logins, labels, label_names, comments_count, locked, html_url, created_at, codehost_updated_at, closed_at)
     select gen_random_uuid(), $1, r.id, i, 'I_' || i, i / $2 + 1, 'Issue ' || i, 'Body of issue ' || i,
            case when i % 10 < 3 then 'closed' else 'open' end, case when i % 10 < 3 then 'completed' end,
            jsonb_build_object('id', 1000 + i % 50, 'login', 'user-' || i % 50, 'avatarUrl', null, 'type', 'User'),
            '[]'::jsonb, '{}'::text[],
            case when i % 2 = 0 then jsonb_build_array(jsonb_build_object('nodeId', 'LA_' || r.codehost_id, 'name', 'bug', 'color', 'ededed')) else '[]'::jsonb end,
            case when i % 2 = 0 then array['bug'] else '{}'::text[] end,
            i % 40, false, 'https://github.com/bench-org/repo-' || r.codehost_id || '/issues/' || (i / $2 + 1),
            timestamptz '2024-01-01' + i * interval '10 minutes',
            timestamptz '2024-01-01' + i * interval '10 minutes' + ((i * 37) % 2880) * interval '1 minute',
            case when i % 10 < 3 then timestamptz '2024-01-02' + i * interval '10 minutes' end
       from generate_series(0, $3::int - 1) i
       join repos r on r.k = i % $2`,
    [workspaceId, options.repositories, options.issues],
  );
  await pool.query('analyze');
  return Math.round(performance.now() - t0);
}
