import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';

/** What the service holds about one portal customer, table by table. */
export const customerDataStore = {
  async profile(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ id: string; name: string; email: string; role: string; company: string | null; portal: string; created_at: string }>(sql`
      select c.id, u.name, c.email, c.role, co.name as company, p.name as portal,
             to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from portal_customers c join portal_auth_users u on u.id = c.user_id join portals p on p.id = c.portal_id
        left join companies co on co.id = c.company_id
       where c.id = ${customerId}`);
    return rows[0];
  },

  async requests(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ id: string; reference: string; title: string; values: Record<string, string>; visibility: string; state: string; created_at: string }>(sql`
      select r.id, p.reference_prefix || '-' || r.number as reference, r.title, r.values, r.visibility, r.state,
             to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from requests r join portals p on p.id = r.portal_id where r.requester_id = ${customerId} order by r.created_at, r.id`);
    return rows;
  },

  /**
   * The customer's portal comments with their text (the cached one, or the words kept here when the
   * code host has a placeholder) and where they live on the code host.
   */
  async comments(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ id: string | null; portal_comment_id: string; reference: string; body: string | null; sealed: boolean; repository_id: string; codehost_comment_id: number; created_at: string }>(sql`
      select cm.id, pc.id as portal_comment_id, p.reference_prefix || '-' || r.number as reference, coalesce(pc.sealed_body, cm.body) as body,
             pc.sealed_body is not null as sealed, pc.repository_id, pc.codehost_comment_id,
             to_char(pc.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from portal_comments pc join requests r on r.id = pc.request_id join portals p on p.id = r.portal_id
        left join comments cm on cm.repository_id = pc.repository_id and cm.codehost_id = pc.codehost_comment_id
       where pc.customer_id = ${customerId} order by pc.created_at`);
    return rows;
  },

  async votes(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ reference: string; created_at: string }>(sql`
      select p.reference_prefix || '-' || r.number as reference, to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from request_votes v join requests r on r.id = v.request_id join portals p on p.id = r.portal_id
       where v.customer_id = ${customerId} order by v.created_at`);
    return rows;
  },

  async subscriptions(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ reference: string; created_at: string }>(sql`
      select p.reference_prefix || '-' || r.number as reference, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from request_subscriptions s join requests r on r.id = s.request_id join portals p on p.id = r.portal_id
       where s.customer_id = ${customerId} order by s.created_at`);
    return rows;
  },

  /** Every satisfaction ask they had, answered or not: the answer is their words. */
  async ratings(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ reference: string; asked_at: string; rating: number | null; comment: string | null; rated_at: string | null }>(sql`
      select p.reference_prefix || '-' || r.number as reference, to_char(g.asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as asked_at,
             g.rating, g.comment, to_char(g.rated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as rated_at
        from request_ratings g join requests r on r.id = g.request_id join portals p on p.id = r.portal_id
       where g.customer_id = ${customerId} order by g.asked_at, g.id`);
    return rows;
  },

  async participations(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ reference: string; added_at: string }>(sql`
      select p.reference_prefix || '-' || r.number as reference, to_char(x.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as added_at
        from request_participants x join requests r on r.id = x.request_id join portals p on p.id = r.portal_id
       where x.customer_id = ${customerId} order by x.added_at`);
    return rows;
  },

  async attachments(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ id: string; workspace_id: string; portal_id: string | null; uploaded_by_customer_id: string | null; request_id: string | null; filename: string; content_type: string; size: number; created_at: string; reference: string | null; on_comment: boolean; comment_codehost_id: number | null; uploaded_by_user_id: string | null }>(sql`
      select a.*, case when r.id is null then null else p.reference_prefix || '-' || r.number end as reference, (a.comment_codehost_id is not null) as on_comment
        from attachments a
        left join portal_comments pc on pc.repository_id = a.comment_repository_id and pc.codehost_comment_id = a.comment_codehost_id
        left join requests r on r.id = coalesce(a.request_id, pc.request_id) left join portals p on p.id = r.portal_id
       where a.uploaded_by_customer_id = ${customerId} order by a.created_at, a.id`);
    return rows;
  },

  async sessions(tx: Executor, userId: string) {
    const { rows } = await tx.execute<{ created_at: string; expires_at: string; ip_address: string | null; user_agent: string | null }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
             to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at, ip_address, user_agent
        from portal_auth_sessions where user_id = ${userId} order by created_at`);
    return rows;
  },

  /** A comment's words kept here (the code host has a placeholder), rewritten. */
  async rewriteSealedComment(tx: Executor, portalCommentId: string, body: string) {
    await tx.execute(sql`update portal_comments set sealed_body = ${body} where id = ${portalCommentId}`);
  },

  /** The filed requests' issues, with the cached body the attribution line is in. */
  async filedIssues(tx: Executor, customerId: string) {
    const { rows } = await tx.execute<{ issue_id: string; repository_id: string; number: number; body: string | null }>(sql`
      select i.id as issue_id, i.repository_id, i.number, i.body
        from requests r join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
       where r.requester_id = ${customerId} and r.state = 'filed'`);
    return rows;
  },

  /**
   * Erases the person: votes (and the counts they made), follows and participations, sessions, sign-in accounts and links, and
   * every copy of their name and addresses in the service's own records (audit and activity
   * entries, remembered answers), leaving the membership as "a deleted customer" so the requests
   * and comments keep an author.
   */
  async erase(tx: Executor, p: { workspaceId: string; customerId: string; userId: string; needles: string[]; replacement: string; erasedEmail: string; erasedIdentity: string }) {
    await tx.execute(sql`update requests r set vote_count = r.vote_count - 1 from request_votes v where v.request_id = r.id and v.customer_id = ${p.customerId}`);
    await tx.execute(sql`delete from request_votes where customer_id = ${p.customerId}`);
    await tx.execute(sql`delete from request_subscriptions where customer_id = ${p.customerId}`);
    await tx.execute(sql`delete from request_participants where customer_id = ${p.customerId}`);
    await tx.execute(sql`delete from request_reads where customer_id = ${p.customerId}`);
    // Their words in a rating go; the score stays, nobody's, in the portal's figures.
    await tx.execute(sql`update request_ratings set comment = null where customer_id = ${p.customerId}`);
    // What their comments told others by e-mail (sent or still pending) goes with them.
    await tx.execute(sql`delete from request_notifications where actor_customer_id = ${p.customerId}`);
    await tx.execute(sql`delete from portal_auth_sessions where user_id = ${p.userId}`);
    await tx.execute(sql`delete from portal_auth_accounts where user_id = ${p.userId}`);
    await tx.execute(sql`delete from idempotency_keys where scope = ${`customer:${p.customerId}`}`);
    for (const needle of p.needles) {
      await tx.execute(sql`delete from portal_auth_verifications where value ilike ${`%${needle}%`}`);
      // Only the entries about this customer, their requests and their requests' issues: a short
      // name must not be replaced in anybody else's records.
      const about = {
        audit_entries: sql`(actor->>'customerId' = ${p.customerId} or target_id = ${p.customerId}
                            or target_id in (select id::text from requests where requester_id = ${p.customerId})
                            or target_id in (select i.id::text from requests r join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id where r.requester_id = ${p.customerId}))`,
        issue_activity: sql`(actor->>'customerId' = ${p.customerId} or detail->'participant'->>'customerId' = ${p.customerId}
                             or issue_id in (select i.id from requests r join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id where r.requester_id = ${p.customerId}))`,
      };
      for (const [table, column] of [['audit_entries', 'actor'], ['audit_entries', 'before'], ['audit_entries', 'after'], ['issue_activity', 'actor'], ['issue_activity', 'detail']] as const) {
        // The value as JSON writes it inside a string (quotes and backslashes escaped).
        const inJson = JSON.stringify(needle).slice(1, -1);
        await tx.execute(sql`
          update ${sql.identifier(table)} set ${sql.identifier(column)} = replace(${sql.identifier(column)}::text, ${inJson}, ${p.replacement})::jsonb
           where workspace_id = ${p.workspaceId} and strpos(${sql.identifier(column)}::text, ${inJson}) > 0 and ${about[table]}`);
      }
    }
    for (const needle of p.needles) {
      const inJson = JSON.stringify(needle).slice(1, -1);
      await tx.execute(sql`update requests set values = replace(values::text, ${inJson}, '[removed]')::jsonb where requester_id = ${p.customerId} and strpos(values::text, ${inJson}) > 0`);
    }
    await tx.execute(sql`update portal_customers set email = ${p.erasedEmail}, removed_at = coalesce(removed_at, now()) where id = ${p.customerId}`);
    await tx.execute(sql`update portal_auth_users set name = ${p.replacement}, email = ${p.erasedIdentity}, image = null where id = ${p.userId}`);
  },
};
