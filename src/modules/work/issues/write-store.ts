import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../../db/pool.js';
import type { CachedActor } from '../../../db/schema/cache.js';

/** A repository as a write needs it: where it lives on the code host and whether it takes writes. */
export interface RepositoryTarget {
  repositoryId: string;
  ownerLogin: string;
  name: string;
  fullName: string;
  archived: boolean;
  removed: boolean;
  syncEnabled: boolean;
  /** Null when the workspace has no installation connected. */
  installationId: number | null;
  installationSuspended: boolean;
}

/** The cached issue before a write, in the fields a write can change. */
export interface IssueSnapshot {
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  stateReason: string | null;
  labels: string[];
  assignees: string[];
  milestone: { codehostId: number; title: string | null } | null;
  type: string | null;
}

export interface IssueTarget extends RepositoryTarget {
  issueId: string;
  number: number;
  before: IssueSnapshot;
}

export interface CommentTarget {
  id: string;
  codehostId: number;
  body: string;
  author: CachedActor | null;
  /** The workspace person recorded as having written it through the service, if any. */
  writtenByUserId: string | null;
  writtenByService: boolean;
  /** A public reply typed on the code host (public-replies.ts). */
  publicReply: boolean;
}

const repositoryColumns = sql`
  r.id as repository_id, r.owner_login, r.name, r.full_name, r.archived, r.removed, r.sync_enabled,
  inst.installation_id, coalesce(inst.suspended, false) as installation_suspended`;

function repositoryOf(r: Record<string, unknown>): RepositoryTarget {
  return {
    repositoryId: r.repository_id as string,
    ownerLogin: r.owner_login as string,
    name: r.name as string,
    fullName: r.full_name as string,
    archived: r.archived as boolean,
    removed: r.removed as boolean,
    syncEnabled: r.sync_enabled as boolean,
    installationId: r.installation_id === null ? null : Number(r.installation_id),
    installationSuspended: r.installation_suspended as boolean,
  };
}

function issueTargetOf(r: Record<string, unknown>): IssueTarget {
  return {
    ...repositoryOf(r),
    issueId: r.issue_id as string,
    number: r.number as number,
    before: {
      title: r.title as string,
      body: r.body as string | null,
      state: r.state === 'closed' ? 'closed' : 'open',
      stateReason: r.state_reason as string | null,
      labels: (r.labels as Array<{ name: string }>).map((l) => l.name),
      assignees: (r.assignees as Array<CachedActor | null>).flatMap((a) => (a ? [a.login] : [])),
      milestone: r.milestone_codehost_id === null ? null : { codehostId: Number(r.milestone_codehost_id), title: r.milestone_title as string | null },
      type: (r.issue_type as { name: string } | null)?.name ?? null,
    },
  };
}

export const writeStore = {
  async repository(tx: Executor, workspaceId: string, repositoryId: string): Promise<RepositoryTarget | null> {
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      select ${repositoryColumns}
        from repositories r
        left join codehost_installations inst on inst.workspace_id = r.workspace_id
       where r.workspace_id = ${workspaceId} and r.id = ${repositoryId}`);
    return rows[0] ? repositoryOf(rows[0]) : null;
  },

  async issue(tx: Executor, workspaceId: string, issueId: string): Promise<IssueTarget | null> {
    return (await writeStore.issues(tx, workspaceId, [issueId])).get(issueId) ?? null;
  },

  /** The workspace's issues among `issueIds`, by id; an id of no issue of the workspace is absent. */
  async issues(tx: Executor, workspaceId: string, issueIds: string[]): Promise<Map<string, IssueTarget>> {
    if (!issueIds.length) return new Map();
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      select ${repositoryColumns}, i.id as issue_id, i.number, i.title, i.body, i.state, i.state_reason, i.labels, i.assignees,
             i.milestone_codehost_id, m.title as milestone_title, i.issue_type
        from issues i
        join repositories r on r.id = i.repository_id and r.workspace_id = i.workspace_id
        left join codehost_installations inst on inst.workspace_id = i.workspace_id
        left join milestones m on m.repository_id = i.repository_id and m.codehost_id = i.milestone_codehost_id
       where i.workspace_id = ${workspaceId} and i.id in (${sql.join(issueIds.map((id) => sql`${id}`), sql`, `)})`);
    return new Map(rows.map((r) => [r.issue_id as string, issueTargetOf(r)]));
  },

  async issueIdOf(tx: Executor, repositoryId: string, codehostId: number): Promise<string | null> {
    const { rows } = await tx.execute<{ id: string }>(sql`select id from issues where repository_id = ${repositoryId} and codehost_id = ${codehostId}`);
    return rows[0]?.id ?? null;
  },

  async milestone(tx: Executor, workspaceId: string, milestoneId: string): Promise<{ repositoryId: string; number: number } | null> {
    const { rows } = await tx.execute<{ repository_id: string; number: number }>(
      sql`select repository_id, number from milestones where workspace_id = ${workspaceId} and id = ${milestoneId}`,
    );
    return rows[0] ? { repositoryId: rows[0].repository_id, number: rows[0].number } : null;
  },

  /** A comment of the issue, with whether the service wrote it (recorded, or authored by our bot). */
  async comment(tx: Executor, workspaceId: string, issue: { repositoryId: string; number: number }, commentId: string, botLogin: string | null): Promise<CommentTarget | null> {
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      select c.id, c.codehost_id, c.body, c.author, sc.author_user_id, (sc.id is not null) as recorded, coalesce(pr.is_public, false) as public_reply
        from comments c
        left join service_comments sc on sc.repository_id = c.repository_id and sc.codehost_comment_id = c.codehost_id
        left join codehost_public_replies pr on pr.repository_id = c.repository_id and pr.codehost_comment_id = c.codehost_id
       where c.workspace_id = ${workspaceId} and c.repository_id = ${issue.repositoryId}
         and c.issue_number = ${issue.number} and c.id = ${commentId}`);
    const r = rows[0];
    if (!r) return null;
    const author = r.author as CachedActor | null;
    return {
      id: r.id as string,
      codehostId: Number(r.codehost_id),
      body: r.body as string,
      author,
      writtenByUserId: (r.author_user_id as string | null) ?? null,
      writtenByService: Boolean(r.recorded) || (botLogin !== null && author?.login === botLogin),
      publicReply: Boolean(r.public_reply),
    };
  },

  async commentIdOf(tx: Executor, repositoryId: string, codehostId: number): Promise<string> {
    const { rows } = await tx.execute<{ id: string }>(sql`select id from comments where repository_id = ${repositoryId} and codehost_id = ${codehostId}`);
    return rows[0].id;
  },

  async recordServiceComment(tx: Executor, row: { workspaceId: string; repositoryId: string; codehostCommentId: number; authorUserId: string | null; postedAs: 'app' | 'user' }) {
    await tx.execute(sql`
      insert into service_comments (id, workspace_id, repository_id, codehost_comment_id, author_user_id, posted_as)
      values (${uuidv7()}, ${row.workspaceId}, ${row.repositoryId}, ${row.codehostCommentId}, ${row.authorUserId}, ${row.postedAs})
      on conflict (repository_id, codehost_comment_id) do nothing`);
  },

  /** False when the comment was already gone (the deletion's webhook was applied first). */
  async deleteComment(tx: Executor, workspaceId: string, commentId: string, repositoryId: string, codehostId: number): Promise<boolean> {
    const { rows } = await tx.execute(sql`delete from comments where workspace_id = ${workspaceId} and id = ${commentId} returning id`);
    await tx.execute(sql`delete from service_comments where repository_id = ${repositoryId} and codehost_comment_id = ${codehostId}`);
    await tx.execute(sql`delete from codehost_public_replies where repository_id = ${repositoryId} and codehost_comment_id = ${codehostId}`);
    return rows.length > 0;
  },

  async commentCached(tx: Executor, repositoryId: string, codehostId: number): Promise<boolean> {
    const { rows } = await tx.execute(sql`select 1 from comments where repository_id = ${repositoryId} and codehost_id = ${codehostId}`);
    return rows.length > 0;
  },

  /**
   * Locks the issue's row for the rest of the transaction. Comment writes take it first, in the
   * order the webhook appliers do (issue, then comment), so the service's write and the echo of
   * it cannot deadlock; the second of them then sees what the first wrote.
   */
  async lockIssue(tx: Executor, workspaceId: string, issueId: string) {
    await tx.execute(sql`select id from issues where workspace_id = ${workspaceId} and id = ${issueId} for update`);
  },

  /**
   * A comment added or deleted moves the issue's count; its code-host updated_at is left alone so
   * the next delivery of the issue itself still applies.
   */
  async adjustCommentsCount(tx: Executor, workspaceId: string, issueId: string, by: number) {
    await tx.execute(sql`update issues set comments_count = greatest(0, comments_count + ${by}) where workspace_id = ${workspaceId} and id = ${issueId}`);
  },
};
