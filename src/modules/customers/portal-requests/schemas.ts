import { z } from 'zod';
import { pageQuery } from '../../../platform/pagination.js';
import { booleanQuery } from '../../../platform/query-values.js';
import { timestamp } from '../../../platform/schemas.js';
import { attachmentSchema, commentAttachmentIds, commentFiles } from '../attachments/schemas.js';
import { formValueSchema } from '../requests/form-values.js';
import { requestVisibilitySchema, statusIds } from '../requests/schemas.js';

export const referenceParam = z.object({
  reference: z.string().min(1).max(40).describe('`<PREFIX>-<number>` (the prefix in any case) or the number alone.'),
});

export const customerRequestSchema = z
  .object({
    reference: z.string(),
    title: z.string(),
    status: z.object({ id: z.enum(statusIds), label: z.string() }).describe('Derived from the issue at this read; a held request is Open to its requester, a rejected one Closed.'),
    visibility: requestVisibilitySchema,
    requestType: z.string().nullable().describe("The request type's name; null when it was deleted or the team shared an issue without one."),
    submittedBy: z.string().describe("The requester's display name, never an e-mail address; the portal's team for an issue the team shared."),
    company: z.string().nullable().describe("The requester's company, if any."),
    mine: z.boolean().describe('Whether this customer submitted it.'),
    held: z
      .boolean()
      .describe(
        "True only on the requester's own request while it waits in the hold queue (an open portal's newcomer's first request, and any sent while one is held): the team has not accepted it yet, nothing reached the code host, nobody else sees it, and it takes no votes or comments (409) until a member releases it. Its `status` stays Open. False for everybody else's requests (nobody else sees a held one).",
      ),
    rejected: z
      .boolean()
      .describe(
        "True only on the requester's own request that the team declined from the hold queue: nothing reached the code host, nobody else sees it, it takes no votes or comments (409), and its `status` is Closed.",
      ),
    attachments: z
      .array(attachmentSchema)
      .describe(
        'The files attached when it was submitted, oldest first, to whoever may see the request. Get a download link with `GET /portal/attachments/{attachmentId}/link` (it works for 15 minutes: ask for one when the person opens the file).',
      ),
    values: z.record(z.string(), z.string()).nullable().describe("The form's answers, by field key: to the requester only (null for everybody else)."),
    closing: z
      .object({
        mayMarkDone: z.boolean().describe('Whether this customer may mark it done now (`POST /portal/requests/{reference}/done`): they asked for it or manage the company of whoever did, and it is accepted and not closed.'),
        reopenableUntil: timestamp()
          .nullable()
          .describe("Until when this customer may reopen it (`POST /portal/requests/{reference}/reopen`): its issue's closing plus the portal's reopen period, while it is Completed or Closed; null when they may not (someone else's request, open, merged, or the portal allows no reopening). A time already past says the period is over."),
      })
      .describe('What this customer may do to close the loop on the request.'),
    voteCount: z.number().int(),
    viewerVoted: z.boolean(),
    viewerSubscribed: z.boolean(),
    unread: z.boolean().describe('Since this customer last opened it (or submitted it), its status changed or somebody else added a public comment. Opening it (`GET /portal/requests/{reference}`) clears it; a request never opened is not unread.'),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'PortalCustomerRequest' });

export const customerRequestListQuery = z
  .object({
    ...pageQuery,
    filter: z.enum(['mine', 'company', 'public']).optional().describe("`mine`: this customer's own; `company`: their company's (within what they may see); `public`: the portal's public ones. Default: everything they may see."),
    status: z.enum(statusIds).optional().describe('The stable status id, applied after the status rules run.'),
    q: z.string().trim().min(1).max(200).optional().describe('Words in the title.'),
    sort: z.enum(['newest', 'votes']).default('newest').describe('`newest` first, or most `votes` first (then newest).'),
    unread: booleanQuery('unread').optional().describe('`true`: only requests with something new since this customer last opened them (a status other than the one they saw, or a public comment by somebody else); `false`: only the others.'),
  })
  .strict();

export const submitRequestBody = z.object({
  requestTypeId: z.uuid(),
  title: z.string().trim().min(3).max(200).describe("The issue's title and the line in the customer's list."),
  values: z.record(z.string(), formValueSchema).default({}).describe("Answers by the form field's key: strings (a number or a checkbox may also be sent as a JSON number or boolean)."),
  attachmentIds: z.array(z.string().max(100)).max(10).default([]).describe('Files uploaded to this portal first (at most 10).'),
  visibility: requestVisibilitySchema.optional().describe("`private` or `public`, and no wider than the portal's default (which is also the default here); `company` is a member's decision."),
  challengeToken: z.string().max(4096).optional().describe('The challenge widget\'s response; required on an open portal (422 without, 403 failed or solved on another site, 502 verifier unreachable).'),
});

export const portalCommentSchema = z
  .object({
    id: z.uuid(),
    body: z.string(),
    author: z.object({ name: z.string(), kind: z.enum(['customer', 'team']) }),
    attachments: commentFiles.describe('The files attached to the comment, oldest first, each with a fresh download link.'),
    createdAt: timestamp(),
  })
  .meta({ id: 'PortalComment' });

export const portalCommentBody = z.object({ body: z.string().min(1).max(20_000), attachmentIds: commentAttachmentIds });

export const closingBody = z
  .strictObject({
    comment: z.string().trim().min(1).max(20_000).optional().describe("Why: posted as this customer's public comment on the request, as a portal comment is."),
  })
  .nullish()
  .describe('Optional: no body, or `{}`, closes the loop without a comment.');

export const inviteColleagueBody = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(200).optional(),
});

export type CustomerRequest = z.input<typeof customerRequestSchema>;
