import type pg from 'pg';

/**
 * A workspace's portals and requests at the inbox's scale, written with SQL as bench/requests-inbox.ts
 * and bench/requests-app.ts both measure them:
 *
 * - one repository with an issue per request (`I_<slug>_<i>`, ~30% closed);
 * - a portal per share (made through the API, so its settings are the service's own), each with 50
 *   companies and 1,000 customers spread over them;
 * - `rows` requests, request i one minute after request i - 1 and in the portal its place in each
 *   thousand names (so every portal's requests span the whole time range); 1% held, 1% rejected,
 *   the rest filed against issue i; votes 0 to 40; half public, 30% private, 20% for the
 *   requester's company; customer activity up to 30 days after each submission.
 */
export type CreatePortal = (body: { name: string; slug: string; access: 'open'; referencePrefix: string }) => Promise<{ id: string }>;

export interface RequestSeed {
  repositoryId: string;
  portals: Array<{ id: string; companies: string[] }>;
}

/** Seeds `workspace` (which has no repository or portal yet); `shares` are the portals' parts of `rows` (summing to 1). */
export async function seedRequests(pool: pg.Pool, createPortal: CreatePortal, workspace: { id: string; slug: string }, rows: number, shares: number[]): Promise<RequestSeed> {
  const { id: workspaceId, slug } = workspace;
  const repositoryId = (
    await pool.query(
      `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
       values (gen_random_uuid(), $1, floor(random() * 1e9)::bigint, 'R_' || $2, $2, 'app', $2 || '/app', true, 'https://github.com/' || $2 || '/app', true) returning id`,
      [workspaceId, slug],
    )
  ).rows[0].id as string;
  await pool.query(
    `insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, state_reason, author, assignees, assignee_logins,
                         labels, label_names, comments_count, locked, html_url, created_at, codehost_updated_at, closed_at)
     select gen_random_uuid(), $1, $2, i, 'I_' || $3 || '_' || i, i, 'Issue ' || i, 'Body ' || i,
            case when i % 10 < 3 then 'closed' else 'open' end, case when i % 10 < 3 then 'completed' end,
            jsonb_build_object('id', 1, 'login', 'bench', 'avatarUrl', null, 'type', 'User'), '[]'::jsonb, '{}'::text[], '[]'::jsonb, '{}'::text[],
            0, false, 'https://github.com/x/app/issues/' || i,
            timestamptz '2025-01-01' + i * interval '5 minutes', timestamptz '2025-01-01' + i * interval '5 minutes',
            case when i % 10 < 3 then timestamptz '2025-01-02' + i * interval '5 minutes' end
       from generate_series(1, $4::int) i`,
    [workspaceId, repositoryId, slug, rows],
  );
  const portals: Array<{ id: string; companies: string[] }> = [];
  for (const n of shares.keys()) {
    const portal = await createPortal({ name: `Portal ${n}`, slug: `${slug}-p${n}`, access: 'open', referencePrefix: `P${n}` });
    await pool.query(`insert into companies (id, workspace_id, portal_id, name) select gen_random_uuid(), $1, $2, 'Company ' || k from generate_series(1, 50) k`, [workspaceId, portal.id]);
    await pool.query(
      `with co as (select id, row_number() over (order by name, id) as k from companies where portal_id = $2),
            u as (insert into portal_auth_users (id, name, email, email_verified)
                  select gen_random_uuid(), 'Customer ' || k, 'c' || k || '@' || $3 || '.bench.test', true from generate_series(1, 1000) k returning id, name)
       insert into portal_customers (id, workspace_id, portal_id, user_id, email, role, company_id)
       select gen_random_uuid(), $1, $2, u.id, lower(replace(u.name, ' ', '')) || '@' || $3 || '.bench.test', 'customer',
              (select id from co where co.k = 1 + (substring(u.name from 10)::int) % 50)
         from u`,
      [workspaceId, portal.id, `${slug}-p${n}`],
    );
    const companies = (await pool.query<{ id: string }>('select id from companies where portal_id = $1 order by name, id', [portal.id])).rows.map((r) => r.id);
    portals.push({ id: portal.id, companies });
  }
  // Request i goes to the portal its place in each thousand names.
  const bounds = shares.map((_, k) => Math.round(1000 * shares.slice(0, k + 1).reduce((a, b) => a + b, 0)));
  const portalOf = `case ${bounds.map((b, k) => `when i % 1000 < ${b} then ${k + 1}`).join(' ')} else ${shares.length} end`;
  await pool.query(
    `with p as (select id, ordinality as k from unnest($2::uuid[]) with ordinality id),
          cu as (select id, portal_id, row_number() over (partition by portal_id order by id) - 1 as k from portal_customers where workspace_id = $1),
          g as (select i, ${portalOf} as pk from generate_series(1, $3::int) i),
          s as (select g.i, p.id as portal_id, row_number() over (partition by p.id order by g.i) as number from g join p on p.k = g.pk)
     insert into requests (id, workspace_id, portal_id, number, requester_id, title, visibility, state, issue_node_id, vote_count,
                           created_at, updated_at, last_customer_activity_at)
     select gen_random_uuid(), $1, s.portal_id, s.number, cu.id, 'Request ' || s.i,
            case when s.i % 10 < 5 then 'public' when s.i % 10 < 8 then 'private' else 'company' end,
            case when s.i % 100 = 7 then 'held' when s.i % 100 = 8 then 'rejected' else 'filed' end,
            case when s.i % 100 in (7, 8) then null else 'I_' || $4 || '_' || s.i end,
            case when s.i % 100 in (7, 8) then 0 else (s.i * 7919) % 41 end,
            timestamptz '2025-01-01' + s.i * interval '1 minute', timestamptz '2025-01-01' + s.i * interval '1 minute',
            timestamptz '2025-01-01' + s.i * interval '1 minute' + ((s.i::bigint * 104729) % 43200) * interval '1 minute'
       from s join cu on cu.portal_id = s.portal_id and cu.k = s.i % 1000`,
    [workspaceId, portals.map((p) => p.id), rows, slug],
  );
  await pool.query('update portals p set next_request_number = (select coalesce(max(number), 0) + 1 from requests where portal_id = p.id) where workspace_id = $1', [workspaceId]);
  return { repositoryId, portals };
}
