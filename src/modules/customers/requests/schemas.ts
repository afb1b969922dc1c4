import { z } from 'zod';
import type { StatusId } from '../../../db/schema/index.js';
import { pageQuery } from '../../../platform/pagination.js';
import { booleanQuery } from '../../../platform/query-values.js';
import { timestamp } from '../../../platform/schemas.js';
import { requestStatuses } from '../request-types/schemas.js';

export const statusIds = requestStatuses.map((s) => s.id) as [StatusId, ...StatusId[]];
export const requestVisibilitySchema = z.enum(['private', 'company', 'public']);

export const memberRequestSchema = z
  .object({
    id: z.uuid(),
    portalId: z.uuid().describe('The portal it belongs to (`id` in the portal list).'),
    portalName: z.string().describe("That portal's name."),
    reference: z.string().describe('`<referencePrefix>-<number>`; the number alone also finds it on the portal.'),
    number: z.number().int(),
    title: z.string(),
    status: z.object({ id: z.enum(statusIds), label: z.string() }).describe('Derived from the issue at this read (see the request type).'),
    visibility: requestVisibilitySchema,
    held: z.boolean().describe('In the hold queue: nothing has reached the code host.'),
    awaitingAddressVerification: z
      .boolean()
      .describe(
        'Held, and its requester signed up with a password and has not confirmed their address yet (the hold queue shows "address not verified"): it cannot be released until they do (409, `detail.reason` `address_not_verified`), and it may be rejected. Once they confirm, it stays held for the team\'s decision.',
      ),
    rejected: z.boolean(),
    requestType: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    requester: z
      .object({ id: z.uuid().describe("The customer's portal membership id: `id` in the portal's customer list, and the request lists' `customerId`."), name: z.string(), email: z.string(), company: z.object({ id: z.uuid(), name: z.string() }).nullable() })
      .nullable()
      .describe('The customer who submitted it; null for an issue a member shared.'),
    values: z.record(z.string(), z.string()).describe("The form's answers, by field key."),
    voteCount: z.number().int().describe("Customers' votes."),
    wordsKeptInService: z
      .boolean()
      .describe(
        "Filed as its reference only: the request is not public (or its portal is invite-only) and its repository is public, so the title, answers, files and requester are here and not on the code host, and so are the customer's later comments.",
      ),
    releaseFailure: z.string().nullable().describe('Why the last release from the hold queue failed (the request stayed held); null otherwise.'),
    issue: z.object({
      id: z.uuid().nullable().describe('The cached issue; null while held, rejected, or when its repository is no longer mirrored.'),
      number: z.number().int().nullable(),
      state: z.enum(['open', 'closed']).nullable().describe('null while held or rejected.'),
      htmlUrl: z.string().nullable(),
      repository: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
    }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    lastCustomerActivityAt: timestamp().describe(
      "The newest of its submission (its creation, for an issue a member shared), a customer's comment on it and a customer's vote for it: the inbox's `activity` order. A vote taken back does not move it back.",
    ),
  })
  .meta({ id: 'PortalRequest' });

export const shareIssueBody = z.object({
  issueId: z.uuid().describe('An issue of this workspace.'),
  visibility: z.enum(['private', 'public']).default('public').describe('`company` needs a requester; a shared issue has none.'),
  requestTypeId: z.uuid().nullable().default(null).describe('A request type of this portal (its status rules then apply).'),
  title: z.string().trim().min(3).max(200).optional().describe("Default: the issue's title."),
});

/** The filters both request lists share: the portal's and the inbox's. */
const requestFilters = {
  status: z.enum(statusIds).optional().describe('The stable status id; applied after the status rules run, so every page is full and in order.'),
  visibility: requestVisibilitySchema.optional().describe('Only requests of this visibility: `private` (the requester), `company` (their company) or `public` (every customer of the portal).'),
  held: booleanQuery('held').optional().describe('`true`: only the hold queue; `false`: only requests past it.'),
  companyId: z.uuid().optional().describe('Requests whose requester is in this company.'),
  requestTypeId: z.uuid().optional().describe('Only requests of this request type.'),
  customerId: z
    .uuid()
    .optional()
    .describe(
      "Only requests this customer submitted: the portal membership id, `id` in the portal's customer list and `requester.id` in a request, not the portal user's id. A customer of another workspace matches nothing; a removed customer's requests stay theirs. Shared issues have no requester and never match.",
    ),
};

export const requestListQuery = z
  .object({
    ...pageQuery,
    ...requestFilters,
    sort: z.enum(['oldest', 'votes']).default('oldest').describe('`oldest` first (the hold queue\'s order), or most `votes` first (then oldest).'),
  })
  .strict();

export const inboxSorts = ['newest', 'oldest', 'votes', 'activity'] as const;

export const inboxQuery = z
  .object({
    ...pageQuery,
    portalId: z
      .union([z.uuid(), z.array(z.uuid()).max(50)])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
      .describe("Only requests of this portal; repeat it for several (any of them matches), at most 50. A portal of another workspace matches nothing. Absent: every portal of the workspace."),
    ...requestFilters,
    sort: z
      .enum(inboxSorts)
      .default('newest')
      .describe(
        '`newest` first (the default), `oldest` first, most `votes` first (then newest), or latest customer `activity` first (`lastCustomerActivityAt`: a submission, a customer\'s comment or vote; then the newest id).',
      ),
  })
  .strict();

export const requestCountsSchema = z
  .object({
    held: z.number().int().describe('Requests in the hold queue of every portal of the workspace: submitted, not yet released or rejected.'),
    portals: z
      .array(z.object({ portalId: z.uuid(), held: z.number().int().describe('Of them, in this portal (more than 0).') }))
      .describe('The held requests by portal; a portal with none is left out.'),
  })
  .meta({ id: 'RequestCounts' });

export type MemberRequest = z.input<typeof memberRequestSchema>;

export const changeRequestBody = z
  .object({
    title: z.string().trim().min(3).max(200).describe("The request's own title, as customers see it in their lists; the issue's title is not changed."),
    visibility: requestVisibilitySchema.describe('`company` needs a requester (a shared issue has none).'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send title, visibility or both.' });
