import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../../db/pool.js';
import type { SortValue } from '../../../platform/pagination.js';
import { publicCommentCondition } from '../../work/issues/public-comment-sql.js';

export type PortalCommentRow = {
  id: string;
  body: string;
  createdAt: string;
  customerName: string | null;
  /** Set when a customer wrote it (through the portal). */
  customerId: string | null;
  memberName: string | null;
  /** The customer's words when the code host has only a placeholder. */
  sealedBody: string | null;
  /** A public reply a member typed on the code host: its marker is theirs, not the service's. */
  typedReply: boolean;
  repositoryId: string;
  codehostId: number;
};

export const portalCommentStore = {
  /**
   * The comments of an issue a customer may read, oldest first: those the service wrote with the
   * public marker (a customer's, always public, or a member's public reply), and public replies a
   * member typed on the code host. A marker typed by anybody else on the code host does not count,
   * and internal comments never come back.
   */
  async page(tx: Executor, issueId: string, botLogin: string | null, after: SortValue[] | null, limit: number): Promise<PortalCommentRow[]> {
    const { rows } = await tx.execute<PortalCommentRow>(sql`
      select cm.id, cm.body, to_char(cm.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
             pc.customer_id as "customerId", pu.name as "customerName", u.name as "memberName", pc.sealed_body as "sealedBody",
             (pr.is_public is true) as "typedReply", cm.repository_id as "repositoryId", cm.codehost_id::float8 as "codehostId"
        from issues i
        join comments cm on cm.repository_id = i.repository_id and cm.issue_number = i.number
        left join service_comments sc on sc.repository_id = cm.repository_id and sc.codehost_comment_id = cm.codehost_id
        left join codehost_public_replies pr on pr.repository_id = cm.repository_id and pr.codehost_comment_id = cm.codehost_id and pr.is_public
        left join portal_comments pc on pc.repository_id = cm.repository_id and pc.codehost_comment_id = cm.codehost_id
        left join portal_customers c on c.id = pc.customer_id
        left join portal_auth_users pu on pu.id = c.user_id
        left join auth_users u on u.id = coalesce(sc.author_user_id, pr.member_user_id)
       where i.id = ${issueId}
         and ${publicCommentCondition(botLogin)}
         ${after ? sql`and (cm.created_at, cm.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
       order by cm.created_at, cm.id
       limit ${limit}`);
    return rows;
  },

  /** The customer's comment, recorded once; a new one moves the request's latest customer activity to now (never back). */
  async record(tx: Executor, row: { workspaceId: string; requestId: string; customerId: string; repositoryId: string; codehostCommentId: number; sealedBody: string | null }): Promise<void> {
    await tx.execute(sql`
      with added as (
        insert into portal_comments (id, workspace_id, request_id, customer_id, repository_id, codehost_comment_id, sealed_body)
        values (${uuidv7()}, ${row.workspaceId}, ${row.requestId}, ${row.customerId}, ${row.repositoryId}, ${row.codehostCommentId}, ${row.sealedBody})
        on conflict (repository_id, codehost_comment_id) do nothing
        returning request_id)
      update requests set last_customer_activity_at = greatest(last_customer_activity_at, now())
       where id in (select request_id from added) and workspace_id = ${row.workspaceId}`);
  },
};
