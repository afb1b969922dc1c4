import { sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../../db/pool.js';
import type { NotificationActor, NotificationEmailMode, NotificationKind, NotificationSubject } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';

export const INBOX_MAIL_TASK = 'inbox_mail';
export const INBOX_DIGEST_TASK = 'inbox_digest';

/** Kinds by precedence: a higher rank is more specific. SQL and TypeScript share this order. */
export const kindRank: Record<NotificationKind, number> = { request_new: 1, request_held: 2, comment: 3, request_status: 4, mentioned: 5, assigned: 6 };
const rankSql = (column: SQL) =>
  sql`array_position(array['request_new','request_held','comment','request_status','mentioned','assigned']::text[], ${column})`;

export type StoredPreferences = Partial<Record<NotificationKind, { inbox: boolean; email: NotificationEmailMode }>>;

/** A member who may hear of an event, with what the event needs to know of them. */
export interface Candidate {
  membershipId: string;
  userId: string;
  codehostUserId: number | null;
  /** Lower case. */
  login: string | null;
  /** Their explicit follow of the event's issue: true, false (stopped following), or null (never said). */
  following: boolean | null;
  preferences: StoredPreferences;
}

export interface IssueFacts {
  id: string;
  codehostId: number;
  number: number;
  title: string;
  body: string | null;
  htmlUrl: string;
  repository: string;
  authorCodehostId: number | null;
  assigneeCodehostIds: number[];
}

export interface NewNotification {
  id: string;
  membershipId: string;
  kind: NotificationKind;
  email: NotificationEmailMode;
}

export interface NotificationEvent {
  workspaceId: string;
  eventKey: string;
  issueId: string | null;
  requestId: string | null;
  actor: NotificationActor;
  subject: NotificationSubject;
  excerpt: string | null;
}

export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  actor: NotificationActor;
  subject: NotificationSubject;
  excerpt: string | null;
  issue_id: string | null;
  request_id: string | null;
  created_at: string;
  read_at: string | null;
};

export interface PendingMail {
  id: string;
  kind: NotificationKind;
  actor: NotificationActor;
  subject: NotificationSubject;
  excerpt: string | null;
  createdAt: string;
  read: boolean;
}

const when = (v: Date | string) => new Date(v).toISOString();

export const inboxStore = {
  /** The issue as the cache holds it, with who authored it and who is assigned (code-host ids). */
  async issueFacts(tx: Executor, workspaceId: string, issueId: string): Promise<IssueFacts | null> {
    const { rows } = await tx.execute<{ id: string; codehost_id: string; number: number; title: string; body: string | null; html_url: string; full_name: string; author: { id?: number } | null; assignees: Array<{ id?: number } | null> }>(sql`
      select i.id, i.codehost_id, i.number, i.title, i.body, i.html_url, r.full_name, i.author, i.assignees
        from issues i join repositories r on r.id = i.repository_id
       where i.workspace_id = ${workspaceId} and i.id = ${issueId}`);
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      codehostId: Number(r.codehost_id),
      number: r.number,
      title: r.title,
      body: r.body,
      htmlUrl: r.html_url,
      repository: r.full_name,
      authorCodehostId: typeof r.author?.id === 'number' ? r.author.id : null,
      assigneeCodehostIds: r.assignees.flatMap((a) => (a && typeof a.id === 'number' ? [Number(a.id)] : [])),
    };
  },

  /**
   * The workspace's people an event may reach: whose linked code-host account has one of these ids
   * or logins, who said anything about following the issue, or who asked for `optIn` kinds. Each
   * comes with their preferences (rows that differ from the defaults).
   */
  async candidates(
    tx: Executor,
    workspaceId: string,
    reach: { issueId: string | null; codehostIds: number[]; logins: string[]; followers: boolean; optIn: NotificationKind | null },
  ): Promise<Candidate[]> {
    const { rows } = await tx.execute<{ membership_id: string; user_id: string; codehost_user_id: string | null; login: string | null; following: boolean | null; prefs: StoredPreferences }>(sql`
      select m.id as membership_id, m.user_id, ci.codehost_user_id, lower(ci.login) as login, f.following,
             coalesce((select jsonb_object_agg(p.kind, jsonb_build_object('inbox', p.inbox, 'email', p.email))
                         from notification_preferences p where p.membership_id = m.id), '{}'::jsonb) as prefs
        from memberships m
        left join codehost_identities ci on ci.user_id = m.user_id
        left join issue_follows f on f.issue_id = ${reach.issueId}::uuid and f.membership_id = m.id and ${reach.followers}::boolean
       where m.workspace_id = ${workspaceId}
         and (ci.codehost_user_id = any(${sql.param(reach.codehostIds)}::bigint[])
              or lower(ci.login) = any(${sql.param(reach.logins)}::text[])
              or f.membership_id is not null
              or exists (select 1 from notification_preferences p
                          where p.membership_id = m.id and p.kind = ${reach.optIn}::text and p.inbox))`);
    return rows.map((r) => ({
      membershipId: r.membership_id,
      userId: r.user_id,
      codehostUserId: r.codehost_user_id === null ? null : Number(r.codehost_user_id),
      login: r.login,
      following: r.following,
      preferences: r.prefs,
    }));
  },

  /** The workspace member behind a code-host account, if one linked it. */
  async memberOfCodehostUser(tx: Executor, workspaceId: string, codehostUserId: number): Promise<{ userId: string; name: string } | null> {
    const { rows } = await tx.execute<{ user_id: string; name: string }>(sql`
      select u.id as user_id, u.name from codehost_identities ci
        join memberships m on m.user_id = ci.user_id and m.workspace_id = ${workspaceId}
        join auth_users u on u.id = ci.user_id
       where ci.codehost_user_id = ${codehostUserId}`);
    return rows[0] ? { userId: rows[0].user_id, name: rows[0].name } : null;
  },

  /**
   * Adds the event's notifications, one per person: a person who already has one of this event
   * (the other of the service's write and its webhook echo told of it first) keeps it, raised to
   * the more specific kind while unread; `source: 'write'` also puts its actor (who is known only to
   * the write) in place of the webhook's. The unread counters move by what was added, in the same
   * statement. Rows are written in membership order, so two events reaching the same people lock
   * them in the same order. Answers who has a notification now waiting for an immediate e-mail.
   */
  async insert(tx: Executor, event: NotificationEvent, rows: NewNotification[], source: 'write' | 'delivery'): Promise<string[]> {
    if (!rows.length) return [];
    const sorted = [...rows].sort((a, b) => (a.membershipId < b.membershipId ? -1 : a.membershipId > b.membershipId ? 1 : 0));
    const { rows: immediate } = await tx.execute<{ membership_id: string }>(sql`
      with incoming as (
        select * from unnest(${sql.param(sorted.map((r) => r.id))}::uuid[], ${sql.param(sorted.map((r) => r.membershipId))}::uuid[],
                             ${sql.param(sorted.map((r) => r.kind))}::text[], ${sql.param(sorted.map((r) => r.email))}::text[])
                   with ordinality as x(id, membership_id, kind, email, position)
      ),
      written as (
        insert into notifications as n (id, workspace_id, membership_id, kind, event_key, issue_id, request_id, actor, subject, excerpt, email)
        select i.id, ${event.workspaceId}::uuid, i.membership_id, i.kind, ${event.eventKey}, ${event.issueId}::uuid, ${event.requestId}::uuid,
               ${JSON.stringify(event.actor)}::jsonb, ${JSON.stringify(event.subject)}::jsonb, ${event.excerpt}, i.email
          from incoming i order by i.position
        on conflict (membership_id, event_key) do update set
          kind = case when ${rankSql(sql`excluded.kind`)} > ${rankSql(sql`n.kind`)} then excluded.kind else n.kind end,
          email = case when n.mailed_at is null and ${rankSql(sql`excluded.kind`)} > ${rankSql(sql`n.kind`)} then excluded.email else n.email end,
          actor = case when ${source === 'write'}::boolean then excluded.actor else n.actor end
        where n.read_at is null and (${source === 'write'}::boolean or ${rankSql(sql`excluded.kind`)} > ${rankSql(sql`n.kind`)})
        returning n.membership_id, (xmax = 0) as inserted, n.email, n.mailed_at
      ),
      counted as (
        insert into notification_counters (membership_id, workspace_id, unread)
        select membership_id, ${event.workspaceId}::uuid, count(*) from written where inserted group by membership_id order by membership_id
        on conflict (membership_id) do update set unread = notification_counters.unread + excluded.unread
      )
      select distinct membership_id from written where email = 'immediate' and mailed_at is null`);
    return immediate.map((r) => r.membership_id);
  },

  /**
   * Settles which key an event's notifications take, and whether they are made at all: a webhook
   * delivery of an event a write already told of makes none (null); a write whose webhook came first
   * takes that key (and completes its notifications); a second write with the same key (two writes
   * to one issue within one of the code host's whole seconds) takes a key of its own.
   */
  async claimEvent(tx: Executor, workspaceId: string, eventKey: string, source: 'write' | 'delivery'): Promise<string | null> {
    // Both sources hold the issue's lock here (the cache writers take it), so they decide in turn.
    const { rows } = await tx.execute<{ written: boolean }>(sql`
      select written from notification_events where workspace_id = ${workspaceId} and event_key = ${eventKey} for update`);
    const before = rows[0]?.written ?? null;
    if (before === null || (source === 'write' && !before)) {
      await tx.execute(sql`
        insert into notification_events as e (workspace_id, event_key, written) values (${workspaceId}, ${eventKey}, ${source === 'write'}::boolean)
        on conflict (workspace_id, event_key) do update set written = e.written or excluded.written`);
    }
    if (source === 'delivery') return before ? null : eventKey;
    if (!before) return eventKey;
    return `${eventKey}#${uuidv7()}`;
  },

  /** Events older than the cut-off are forgotten (their webhooks were delivered long ago). */
  async pruneEvents(tx: Executor, before: Date): Promise<number> {
    const result = await tx.execute(sql`delete from notification_events where created_at < ${before.toISOString()}`);
    return result.rowCount ?? 0;
  },

  /** A person's own action is no news to them: what the webhook echo gave them of it goes. */
  async removeOwn(tx: Executor, workspaceId: string, userId: string, eventKey: string): Promise<void> {
    await tx.execute(sql`
      with gone as (
        delete from notifications n using memberships m
         where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and n.membership_id = m.id and n.event_key = ${eventKey}
        returning n.membership_id, n.read_at is null as unread
      )
      update notification_counters c set unread = c.unread - g.count
        from (select membership_id, count(*) as count from gone where unread group by membership_id) g
       where c.membership_id = g.membership_id`);
  },

  /**
   * Queues one e-mail job per person, `seconds` from the first ask: notifications arriving meanwhile
   * join the same e-mail (graphile-worker's `job_key` with `preserve_run_at`).
   */
  async scheduleMail(tx: Executor, schema: string, membershipIds: string[], seconds: number): Promise<void> {
    if (!membershipIds.length) return;
    await tx.execute(sql`
      select ${sql.identifier(schema)}.add_job(
        ${INBOX_MAIL_TASK}, json_build_object('membershipId', m, 'mode', 'immediate'),
        run_at => now() + make_interval(secs => ${seconds}),
        max_attempts => 10::smallint,
        job_key => 'inbox-mail:' || m::text,
        job_key_mode => 'preserve_run_at')
        from unnest(${sql.param(membershipIds)}::uuid[]) as m order by m`);
  },

  /** The daily digest: a job for each person with notifications waiting for it. */
  async queueDigests(tx: Executor, schema: string): Promise<number> {
    const { rows } = await tx.execute(sql`
      select ${sql.identifier(schema)}.add_job(
        ${INBOX_MAIL_TASK}, json_build_object('membershipId', membership_id, 'mode', 'daily'),
        max_attempts => 10::smallint,
        job_key => 'inbox-digest:' || membership_id::text)
        from (select distinct membership_id from notifications
               where mailed_at is null and email <> 'none' and email = 'daily') pending`);
    return rows.length;
  },

  /** Newest first, by (created_at, id). */
  async page(tx: Executor, workspaceId: string, membershipId: string, unread: boolean | undefined, after: SortValue[] | null, limit: number): Promise<NotificationRow[]> {
    const { rows } = await tx.execute<NotificationRow>(sql`
      select id, kind, actor, subject, excerpt, issue_id, request_id, created_at, read_at
        from notifications
       where workspace_id = ${workspaceId} and membership_id = ${membershipId}
         ${unread === true ? sql`and read_at is null` : unread === false ? sql`and read_at is not null` : sql``}
         ${after ? sql`and ${keysetAfter([sql`created_at`, sql`id`], after, 'desc')}` : sql``}
       order by created_at desc nulls last, id desc nulls last
       limit ${limit + 1}`);
    return rows;
  },

  async unreadCount(tx: Executor, workspaceId: string, membershipId: string): Promise<number> {
    const { rows } = await tx.execute<{ unread: number }>(sql`
      select unread from notification_counters where workspace_id = ${workspaceId} and membership_id = ${membershipId}`);
    return rows[0]?.unread ?? 0;
  },

  /**
   * Marks unread notifications of this person read (the given ids, or all); anybody else's ids
   * match nothing. Answers how many moved to read and the unread count after.
   */
  async markRead(tx: Executor, workspaceId: string, membershipId: string, which: { ids: string[] } | 'all'): Promise<{ marked: number; unread: number }> {
    const { rows } = await tx.execute<{ marked: number }>(sql`
      with marked as (
        update notifications set read_at = now()
         where workspace_id = ${workspaceId} and membership_id = ${membershipId} and read_at is null
           ${which === 'all' ? sql`` : sql`and id = any(${sql.param(which.ids)}::uuid[])`}
        returning 1
      )
      select count(*)::int as marked from marked`);
    const marked = rows[0]?.marked ?? 0;
    if (marked > 0) {
      await tx.execute(sql`update notification_counters set unread = unread - ${marked} where membership_id = ${membershipId} and workspace_id = ${workspaceId}`);
    }
    return { marked, unread: await inboxStore.unreadCount(tx, workspaceId, membershipId) };
  },

  async preferences(tx: Executor, workspaceId: string, membershipId: string): Promise<StoredPreferences> {
    const { rows } = await tx.execute<{ kind: NotificationKind; inbox: boolean; email: NotificationEmailMode }>(sql`
      select kind, inbox, email from notification_preferences where workspace_id = ${workspaceId} and membership_id = ${membershipId}`);
    return Object.fromEntries(rows.map((r) => [r.kind, { inbox: r.inbox, email: r.email }]));
  },

  async setPreferences(tx: Executor, workspaceId: string, membershipId: string, rows: Array<{ kind: NotificationKind; inbox: boolean; email: NotificationEmailMode }>): Promise<void> {
    if (!rows.length) return;
    await tx.execute(sql`
      insert into notification_preferences (membership_id, workspace_id, kind, inbox, email, updated_at)
      select ${membershipId}::uuid, ${workspaceId}::uuid, k, i, e, now()
        from unnest(${sql.param(rows.map((r) => r.kind))}::text[], ${sql.param(rows.map((r) => r.inbox))}::boolean[], ${sql.param(rows.map((r) => r.email))}::text[]) as x(k, i, e)
      on conflict (membership_id, kind) do update set inbox = excluded.inbox, email = excluded.email, updated_at = now()`);
  },

  /** The caller's follow of an issue of this workspace: null when the issue is not the workspace's. */
  async followOf(tx: Executor, workspaceId: string, issueId: string, membershipId: string): Promise<{ following: boolean | null } | null> {
    const { rows } = await tx.execute<{ following: boolean | null }>(sql`
      select f.following from issues i
        left join issue_follows f on f.issue_id = i.id and f.membership_id = ${membershipId}
       where i.workspace_id = ${workspaceId} and i.id = ${issueId}`);
    return rows[0] ?? null;
  },

  /** Sets (or, with `onlyIfUnset`, adds when there is none) the person's follow of the issue. */
  async setFollow(tx: Executor, workspaceId: string, issueId: string, membershipId: string, following: boolean, onlyIfUnset = false): Promise<void> {
    await tx.execute(sql`
      insert into issue_follows (issue_id, membership_id, workspace_id, following)
      select i.id, ${membershipId}::uuid, i.workspace_id, ${following}::boolean from issues i where i.workspace_id = ${workspaceId} and i.id = ${issueId}
      on conflict (issue_id, membership_id) do ${onlyIfUnset ? sql`nothing` : sql`update set following = excluded.following, updated_at = now()`}`);
  },

  /** Who the person is, to write to them; null when the membership is gone. */
  async recipient(tx: Executor, membershipId: string): Promise<{ workspaceId: string; workspaceName: string; name: string; email: string } | null> {
    const { rows } = await tx.execute<{ workspace_id: string; workspace_name: string; name: string; email: string }>(sql`
      select m.workspace_id, w.name as workspace_name, u.name, u.email
        from memberships m join workspaces w on w.id = m.workspace_id join auth_users u on u.id = m.user_id
       where m.id = ${membershipId}`);
    const r = rows[0];
    return r ? { workspaceId: r.workspace_id, workspaceName: r.workspace_name, name: r.name, email: r.email } : null;
  },

  /** The person's notifications waiting for an e-mail of this mode, oldest first, locked until the transaction ends. */
  async pendingMail(tx: Executor, membershipId: string, mode: 'immediate' | 'daily'): Promise<PendingMail[]> {
    const { rows } = await tx.execute<{ id: string; kind: NotificationKind; actor: NotificationActor; subject: NotificationSubject; excerpt: string | null; created_at: string; read_at: string | null }>(sql`
      select id, kind, actor, subject, excerpt, created_at, read_at from notifications
       where membership_id = ${membershipId} and email = ${mode} and email <> 'none' and mailed_at is null
       order by created_at, id for update`);
    return rows.map((r) => ({ id: r.id, kind: r.kind, actor: r.actor, subject: r.subject, excerpt: r.excerpt, createdAt: when(r.created_at), read: r.read_at !== null }));
  },

  async markMailed(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length) await tx.execute(sql`update notifications set mailed_at = now() where id = any(${sql.param(ids)}::uuid[])`);
  },

  /** The nightly cleanup's part: read notifications made before the cut-off go, a batch at a time. */
  async pruneRead(tx: Executor, before: Date, batch = 5000): Promise<number> {
    const result = await tx.execute(sql`
      delete from notifications where id in (
        select id from notifications where read_at is not null and created_at < ${before.toISOString()} limit ${batch})`);
    return result.rowCount ?? 0;
  },

  /** The portal's name and the request's reference, for what a request notification names. */
  async requestFacts(tx: Executor, workspaceId: string, requestId: string): Promise<{ portalId: string; portalName: string; reference: string; title: string; issueId: string | null } | null> {
    const { rows } = await tx.execute<{ portal_id: string; name: string; reference: string; title: string; issue_id: string | null }>(sql`
      select p.id as portal_id, p.name, p.reference_prefix || '-' || r.number as reference, r.title, i.id as issue_id
        from requests r join portals p on p.id = r.portal_id
        left join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
       where r.workspace_id = ${workspaceId} and r.id = ${requestId}`);
    const r = rows[0];
    return r ? { portalId: r.portal_id, portalName: r.name, reference: r.reference, title: r.title, issueId: r.issue_id } : null;
  },

  /** Who made the issue's latest recorded change (its activity), as a notification names an actor. */
  async latestActorOf(tx: Executor, workspaceId: string, issueId: string): Promise<Record<string, unknown> | null> {
    const { rows } = await tx.execute<{ actor: Record<string, unknown> }>(sql`
      select actor from issue_activity where workspace_id = ${workspaceId} and issue_id = ${issueId} order by created_at desc, id desc limit 1`);
    return rows[0]?.actor ?? null;
  },
};
