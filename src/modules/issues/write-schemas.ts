import { z } from 'zod';
import { timestamp } from '../../platform/schemas.js';

const stateReason = z.enum(['completed', 'not_planned', 'duplicate', 'reopened']);
const labelNames = z.array(z.string().min(1).max(50)).max(100).describe('Label names; replaces the set. A name the repository lacks is created by the code host.');
const assigneeLogins = z.array(z.string().min(1).max(39)).max(10).describe('Code-host logins; replaces the assignees. The code host drops anybody without repository access.');

export const createIssueBody = z.strictObject({
  repositoryId: z.uuid(),
  title: z.string().trim().min(1).max(256),
  body: z.string().max(65_536).nullable().optional(),
  labels: labelNames.optional(),
  assignees: assigneeLogins.optional(),
  milestoneId: z.uuid().nullable().optional().describe('A milestone of the same repository.'),
  type: z.string().min(1).max(100).nullable().optional().describe("Issue type name of the repository's organization."),
});

export const editIssueBody = z
  .strictObject({
    title: z.string().trim().min(1).max(256).optional(),
    body: z.string().max(65_536).nullable().optional(),
    state: z.enum(['open', 'closed']).optional(),
    stateReason: stateReason.optional().describe('`reopened` only with an open issue; the others only with a closed one.'),
    labels: labelNames.optional(),
    assignees: assigneeLogins.optional(),
    milestoneId: z.uuid().nullable().optional().describe("Null clears; must be a milestone of the issue's repository (else 422)."),
    type: z.string().min(1).max(100).nullable().optional().describe('Issue type name; null clears.'),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change.' });

export const createCommentBody = z.strictObject({
  body: z.string().min(1).max(65_000),
  visibility: z.enum(['internal', 'public']).default('internal').describe('`public`: customers of the portals that show this issue can read it.'),
});

export const editCommentBody = z.strictObject({ body: z.string().min(1).max(65_000) });

export const activityEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.string().describe('The object then what happened: `issue.created`, `issue.edited`, `issue.closed`, `comment.added`, ...'),
    actor: z.record(z.string(), z.unknown()).describe('`type` member (with the credential: session or named API key), customer, codehost or job.'),
    detail: z.record(z.string(), z.unknown()),
    createdAt: timestamp(),
  })
  .meta({ id: 'IssueActivity' });

const fieldValue = z
  .strictObject({
    optionId: z.string().min(1).optional(),
    optionName: z.string().min(1).optional(),
    text: z.string().optional(),
    number: z.number().optional(),
    date: z.iso.date().optional(),
    iterationId: z.string().min(1).optional(),
    optionIds: z.array(z.string().min(1)).optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, { message: 'Send exactly one key in value, or null to clear the field.' });

export const bulkBody = z.strictObject({
  issueIds: z
    .array(z.uuid())
    .min(1)
    .max(50)
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, { message: 'issueIds must be distinct.' }),
  change: z
    .strictObject({
      labels: labelNames.optional(),
      assignees: assigneeLogins.optional(),
      milestoneId: z.uuid().nullable().optional(),
      state: z.enum(['open', 'closed']).optional(),
      stateReason: stateReason.optional().describe('Only with `state`.'),
      field: z
        .strictObject({ projectId: z.uuid(), fieldNodeId: z.string().min(1), value: fieldValue.nullable() })
        .optional()
        .describe('A project field value; Assignees, Labels, Milestone and Repository cannot be set this way.'),
    })
    .superRefine((c, ctx) => {
      const kinds = (['labels', 'assignees', 'milestoneId', 'state', 'field'] as const).filter((k) => c[k] !== undefined);
      if (c.stateReason !== undefined && c.state === undefined) ctx.addIssue({ code: 'custom', message: 'stateReason goes only with state.', path: ['stateReason'] });
      if (kinds.length !== 1) ctx.addIssue({ code: 'custom', message: 'Send exactly one kind of change: labels, assignees, milestoneId, state (with optional stateReason) or field.' });
    }),
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
