import { z } from 'zod';
import type { CachedActor } from '../../../db/schema/cache.js';
import { iso, isoOrNull, timestamp } from '../../../platform/schemas.js';
import { fieldValuesSchema } from '../projects/schemas.js';
import { commentFiles, withoutCommentFiles, type CommentFile } from './comment-files.js';
import { readCommentVisibility } from './comment-visibility.js';

export const actorSchema = z
  .object({
    id: z.number().int().describe('Code-host user id.'),
    login: z.string(),
    avatarUrl: z.url().nullable(),
    type: z.enum(['User', 'Bot', 'Organization']),
  })
  .meta({ id: 'CodehostActor' });

export const milestoneSchema = z
  .object({
    id: z.uuid(),
    nodeId: z.string(),
    repositoryId: z.uuid(),
    number: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    state: z.enum(['open', 'closed']),
    dueOn: timestamp().nullable(),
  })
  .meta({ id: 'Milestone' });


export const issueSchema = z
  .object({
    id: z.uuid(),
    nodeId: z.string(),
    number: z.number().int(),
    title: z.string(),
    body: z.string().nullable(),
    state: z.enum(['open', 'closed']),
    stateReason: z.enum(['completed', 'not_planned', 'duplicate', 'reopened']).nullable().describe('Null while open.'),
    repository: z.object({
      id: z.uuid(),
      nodeId: z.string(),
      fullName: z.string(),
      ownerLogin: z.string(),
      name: z.string(),
      private: z.boolean(),
    }),
    author: actorSchema.nullable().describe('Null only when the code host no longer knows the account.'),
    assignees: z.array(actorSchema.nullable()),
    labels: z.array(z.object({ nodeId: z.string(), name: z.string(), color: z.string() })),
    milestone: milestoneSchema.nullable(),
    issueType: z
      .object({ id: z.number().int(), nodeId: z.string(), name: z.string(), color: z.string().nullable() })
      .nullable()
      .describe('The organization issue type, when the organization uses them.'),
    subIssues: z.object({ total: z.number(), completed: z.number(), percentCompleted: z.number() }).nullable(),
    projectItems: z
      .array(
        z.object({
          itemNodeId: z.string(),
          projectId: z.uuid(),
          projectNodeId: z.string(),
          projectTitle: z.string(),
          fieldValues: fieldValuesSchema,
        }),
      )
      .describe('The cards of this issue on the workspace\'s projects (archived cards left out). `itemNodeId` is what the project item routes take.'),
    requests: z
      .array(
        z.object({
          id: z.uuid(),
          portalId: z.uuid(),
          portalSlug: z.string(),
          portalName: z.string(),
          number: z.string(),
          visibility: z.enum(['private', 'company', 'public']),
          voteCount: z.number().int(),
        }),
      )
      .describe('Portal requests that point at this issue, at most one per portal, by portal name. `number` is the portal-local request number (the reference is `<referencePrefix>-<number>`); `voteCount`: the votes of customers on the request.'),
    commentsCount: z.number().int(),
    locked: z.boolean(),
    htmlUrl: z.url().describe('The issue on the code host.'),
    createdAt: timestamp(),
    updatedAt: timestamp().describe("The code host's updated_at."),
    closedAt: timestamp().nullable(),
    syncedAt: timestamp().describe('When the service last read this issue from the code host.'),
  })
  .meta({ id: 'Issue' });

export const commentSchema = z
  .object({
    id: z.uuid(),
    nodeId: z.string(),
    body: z.string().describe('Without the hidden visibility marker; a public reply typed on the code host without its `Public reply:`.'),
    author: actorSchema.nullable(),
    visibility: z
      .enum(['public', 'internal'])
      .describe('`public`: a customer of the portal can see it; `internal`: never reaches a customer.'),
    customer: z
      .object({
        id: z.uuid(),
        name: z.string(),
        company: z.string().nullable(),
        portalId: z.uuid(),
        portalName: z.string(),
        wordsKeptInService: z
          .boolean()
          .describe(
            "The customer's words are not on the code host: the request is not public and the repository is, so the code host shows a placeholder and `body` here is what the customer wrote.",
          ),
      })
      .nullable()
      .describe('The portal customer who wrote it through their portal (posted by the app with a line naming them); null for anything else.'),
    mine: z
      .boolean()
      .describe(
        "Whether the caller may edit and delete it (PATCH and DELETE on the comment): one they wrote through the service, or one their linked code-host account authored on the code host. False for everyone else's, so a client offers those actions only where they will be allowed.",
      ),
    attachments: commentFiles.describe(
      "The files attached to it through the service, oldest first, each with a download link made at this read (15 minutes). A public comment's files are what its portal's customers see with it; an internal comment's never reach a customer.",
    ),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    htmlUrl: z.url(),
  })
  .meta({ id: 'Comment' });

/** One row of the issue list query: the issue with its repository and milestone joined. */
export interface IssueRow {
  id: string;
  node_id: string;
  number: number;
  title: string;
  body: string | null;
  state: string;
  state_reason: string | null;
  author: CachedActor | null;
  assignees: Array<CachedActor | null>;
  labels: Array<{ nodeId: string; name: string; color: string }>;
  issue_type: { id: number; nodeId: string; name: string; color: string | null } | null;
  sub_issues: { total: number; completed: number; percentCompleted: number } | null;
  comments_count: number;
  locked: boolean;
  html_url: string;
  created_at: Date;
  codehost_updated_at: Date;
  closed_at: Date | null;
  synced_at: Date;
  title_key: string;
  repository_id: string;
  repository_node_id: string;
  repository_full_name: string;
  repository_owner_login: string;
  repository_name: string;
  repository_private: boolean;
  milestone_id: string | null;
  milestone_node_id: string | null;
  milestone_number: number | null;
  milestone_title: string | null;
  milestone_description: string | null;
  milestone_state: string | null;
  milestone_due_on: Date | null;
}

export interface MilestoneRow {
  id: string;
  nodeId: string;
  repositoryId: string;
  number: number;
  title: string;
  description: string | null;
  state: string;
  dueOn: Date | null;
}

export const presentMilestone = (m: MilestoneRow): z.input<typeof milestoneSchema> => ({
  id: m.id,
  nodeId: m.nodeId,
  repositoryId: m.repositoryId,
  number: m.number,
  title: m.title,
  description: m.description,
  state: m.state === 'closed' ? 'closed' : 'open',
  dueOn: isoOrNull(m.dueOn),
});

export type IssueProjectItem = z.input<typeof issueSchema>['projectItems'][number];

export function presentIssue(r: IssueRow, projectItems: IssueProjectItem[] = [], requests: z.input<typeof issueSchema>['requests'] = []): z.input<typeof issueSchema> {
  return {
    id: r.id,
    nodeId: r.node_id,
    number: r.number,
    title: r.title,
    body: r.body,
    state: r.state === 'closed' ? 'closed' : 'open',
    stateReason: r.state_reason as z.input<typeof issueSchema>['stateReason'],
    repository: {
      id: r.repository_id,
      nodeId: r.repository_node_id,
      fullName: r.repository_full_name,
      ownerLogin: r.repository_owner_login,
      name: r.repository_name,
      private: r.repository_private,
    },
    author: r.author,
    assignees: r.assignees,
    labels: r.labels,
    milestone:
      r.milestone_id === null
        ? null
        : presentMilestone({
            id: r.milestone_id,
            nodeId: r.milestone_node_id!,
            repositoryId: r.repository_id,
            number: r.milestone_number!,
            title: r.milestone_title!,
            description: r.milestone_description,
            state: r.milestone_state!,
            dueOn: r.milestone_due_on,
          }),
    issueType: r.issue_type,
    subIssues: r.sub_issues,
    projectItems,
    requests,
    commentsCount: r.comments_count,
    locked: r.locked,
    htmlUrl: r.html_url,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.codehost_updated_at),
    closedAt: isoOrNull(r.closed_at),
    syncedAt: iso(r.synced_at),
  };
}

export interface CommentRow {
  id: string;
  /** The code host's id of the comment: its files are linked by it. */
  codehostId?: number;
  nodeId: string;
  body: string;
  author: CachedActor | null;
  htmlUrl: string;
  createdAt: Date;
  codehostUpdatedAt: Date;
  /** Posted by the service's bot or recorded as written through the service: only then does the marker count. */
  writtenByService: boolean;
  /** Typed on the code host with the public-reply marker by a member who may write (public-replies.ts). */
  publicReply?: boolean;
  /** The workspace person recorded as having written it through the service, if any (the list reads it). */
  writtenByUserId?: string | null;
  /** The portal customer who wrote it, when one did. */
  customer?: { id: string; name: string; company: string | null; portalId: string; portalName: string; sealedBody: string | null } | null;
}

/** `mine`: whether the caller may edit and delete it (`isOwnComment`). */
export function presentComment(c: CommentRow, mine: boolean, attachments: CommentFile[] = []): z.input<typeof commentSchema> {
  const { visibility, body: marked } = readCommentVisibility(c.body, c.writtenByService, c.publicReply === true);
  const body = withoutCommentFiles(marked);
  const customer = c.customer ?? null;
  return {
    id: c.id,
    nodeId: c.nodeId,
    body: customer?.sealedBody ?? body,
    author: c.author,
    visibility,
    customer: customer && {
      id: customer.id,
      name: customer.name,
      company: customer.company,
      portalId: customer.portalId,
      portalName: customer.portalName,
      wordsKeptInService: customer.sealedBody !== null,
    },
    mine,
    attachments,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.codehostUpdatedAt),
    htmlUrl: c.htmlUrl,
  };
}

/** A parameter that may be sent several times: arrives as a string or an array; always an array here. */
export const repeatable = (description: string) =>
  z
    .union([z.string().max(200), z.array(z.string().max(200)).max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .describe(`${description} One value or a list of them.`);
