import { z } from 'zod';
import { commentAttachmentIds } from './comment-files.js';
import { timestamp } from '../../../platform/schemas.js';
import { fieldValueInputSchema } from '../projects/field-value-input.js';

const stateReason = z.enum(['completed', 'not_planned', 'duplicate', 'reopened']);
const labelNames = z.array(z.string().min(1).max(50)).max(100).describe('Label names; replaces the set. A name the repository lacks is created by the code host.');
const labelChanges = z.array(z.string().min(1).max(50)).min(1).max(20);
const assigneeLogins = z.array(z.string().min(1).max(39)).max(10).describe('Code-host logins; replaces the assignees. The code host drops anybody without repository access.');
const issueTitle = z.string().trim().min(1).max(256).describe('The title, 1 to 256 characters.');
const issueBody = z.string().max(65_536).nullable().optional();
const issueState = z.enum(['open', 'closed']);
const commentBody = z.string().min(1).max(65_000).describe('Markdown, as the code host renders it.');

export const createIssueBody = z.strictObject({
  repositoryId: z.uuid().describe('The repository to file it in (`id` in the repository list); it must be synced.'),
  title: issueTitle,
  body: issueBody.describe('Markdown; empty or null for none.'),
  labels: labelNames.optional(),
  assignees: assigneeLogins.optional(),
  milestoneId: z.uuid().nullable().optional().describe('A milestone of the same repository.'),
  type: z.string().min(1).max(100).nullable().optional().describe("Issue type name of the repository's organization."),
});

export const editIssueBody = z
  .strictObject({
    title: issueTitle.optional(),
    body: issueBody.describe('Markdown; replaces the whole body; null clears it.'),
    state: issueState.optional().describe('`closed` closes the issue, `open` reopens it.'),
    stateReason: stateReason.optional().describe('`reopened` only with an open issue; the others only with a closed one.'),
    labels: labelNames.optional(),
    assignees: assigneeLogins.optional(),
    milestoneId: z.uuid().nullable().optional().describe("Null clears; must be a milestone of the issue's repository (else refused as invalid_request)."),
    type: z.string().min(1).max(100).nullable().optional().describe('Issue type name; null clears.'),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change.' });

export const createCommentBody = z.strictObject({
  body: commentBody,
  visibility: z.enum(['internal', 'public']).default('internal').describe('`public`: customers of the portals that show this issue can read it.'),
  attachmentIds: commentAttachmentIds.describe(
    "At most 10 ids of files the caller uploaded (the attachment upload) and has not attached to anything yet; any other id (someone else's, a customer's, another workspace's, one attached already) is refused as invalid, naming it, and nothing is posted. The comment on the code host links each file by name to the service, where a member opens it. On a public reply customers see the files with it; on an internal note only the team does.",
  ),
});

export const editCommentBody = z.strictObject({ body: commentBody.describe('Markdown; replaces the whole comment.') });

export const activityEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.string().describe('The object then what happened: `issue.created`, `issue.edited`, `issue.closed`, `comment.added`, ...'),
    actor: z.record(z.string(), z.unknown()).describe('`type` member (with the credential: session or named API key), customer, codehost or job.'),
    detail: z.record(z.string(), z.unknown()),
    createdAt: timestamp(),
  })
  .meta({ id: 'IssueActivity' });

export const bulkBody = z.strictObject({
  issueIds: z
    .array(z.uuid())
    .min(1)
    .max(50)
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, { message: 'issueIds must be distinct.' })
    .describe('The issues to change (`id` of each), 1 to 50, each once.'),
  change: z
    .strictObject({
      labels: labelNames.optional(),
      addLabels: labelChanges
        .optional()
        .describe("Labels added to each issue's own set, which keeps the rest, including a label added on the code host meanwhile. A name the repository lacks is created by the code host. May go with removeLabels."),
      removeLabels: labelChanges
        .optional()
        .describe("Labels taken off each issue that carries them; the rest stay. An issue without one is left as it is. May go with addLabels."),
      assignees: assigneeLogins.optional(),
      milestoneId: z.uuid().nullable().optional().describe("A milestone of each issue's repository; null clears."),
      state: issueState.optional().describe('`closed` closes each issue, `open` reopens it.'),
      stateReason: stateReason.optional().describe('Only with `state`.'),
      field: z
        .strictObject({
          projectId: z.uuid().describe("The project's id (`id` in the project list)."),
          fieldNodeId: z.string().min(1).describe("The field's node id (`nodeId` of a field of the project)."),
          value: fieldValueInputSchema,
        })
        .optional()
        .describe('A project field value; Assignees, Labels, Milestone and Repository cannot be set this way.'),
    })
    .superRefine((c, ctx) => {
      // addLabels and removeLabels together are one kind: a change to each issue's labels.
      const kinds = (['labels', 'addLabels', 'assignees', 'milestoneId', 'state', 'field'] as const).filter((k) =>
        k === 'addLabels' ? c.addLabels !== undefined || c.removeLabels !== undefined : c[k] !== undefined,
      );
      if (c.stateReason !== undefined && c.state === undefined) ctx.addIssue({ code: 'custom', message: 'stateReason goes only with state.', path: ['stateReason'] });
      if (kinds.length !== 1) ctx.addIssue({ code: 'custom', message: 'Send exactly one kind of change: labels, addLabels and/or removeLabels, assignees, milestoneId, state (with optional stateReason) or field.' });
      const added = new Set((c.addLabels ?? []).map((n) => n.toLowerCase()));
      if ((c.removeLabels ?? []).some((n) => added.has(n.toLowerCase()))) {
        ctx.addIssue({ code: 'custom', message: 'A label cannot be both added and removed.', path: ['removeLabels'] });
      }
    })
    .describe('The one change made to every issue: exactly one of labels, addLabels and/or removeLabels, assignees, milestoneId, state (with stateReason) or field.'),
});

export const bulkResponse = z.object({
  results: z.array(
    z.object({
      issueId: z.uuid(),
      ok: z.boolean(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
