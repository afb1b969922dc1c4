import { z } from 'zod';
import { timestamp } from '../../../platform/schemas.js';
import { referenceParam } from '../portal-requests/schemas.js';

/** Most people one request may have on it: an address added by e-mail may invite someone to the portal, so this also bounds what one request can send. */
export const PARTICIPANTS_MAX = 20;

export const participantParams = referenceParam.extend({
  customerId: z.uuid().describe("The participant's portal membership id (`id` in the request's participant list)."),
});

export const portalParticipantSchema = z
  .object({
    id: z.uuid().describe("The participant's portal membership id."),
    name: z.string().describe('Their display name; never their e-mail address.'),
    you: z.boolean().describe('Whether this is the customer asking.'),
    addedBy: z.string().nullable().describe('Display name of who added them (null once that customer is gone).'),
    addedAt: timestamp(),
  })
  .meta({ id: 'PortalRequestParticipant' });

export const portalParticipantsSchema = z
  .object({
    data: z.array(portalParticipantSchema).describe('Oldest first.'),
    mayManage: z.boolean().describe("Whether the asker may add and remove people: the requester, or a manager of the requester's company."),
    participating: z.boolean().describe('Whether the asker is a participant (and so may leave).'),
    colleagues: z
      .array(z.object({ id: z.uuid(), name: z.string().describe('Display name only.') }))
      .describe("Only for those who may manage: the requester's company's customers who are not on the request yet (nor its requester), by name; whom `customerId` may add. Empty for others, and when the requester has no company."),
  })
  .meta({ id: 'PortalRequestParticipants' });

export const addParticipantBody = z
  .strictObject({
    customerId: z.uuid().optional().describe("A colleague: a customer of the requester's company on this portal (from `colleagues`)."),
    email: z
      .email()
      .max(320)
      .optional()
      .describe('Anyone, by address: a customer of this portal is added; an address that is not one is invited to the portal and is on the request once they sign in.'),
    name: z.string().trim().min(1).max(200).optional().describe("With `email`, for an invitation: the name to greet them by (default: the address's part before @). Ignored for an address that is a customer already."),
  })
  .refine((b) => (b.customerId === undefined) !== (b.email === undefined), { message: 'Send either customerId or email.' })
  .refine((b) => b.name === undefined || b.email !== undefined, { message: 'name goes with email.', path: ['name'] });

export const memberParticipantSchema = z
  .object({
    id: z.uuid().describe("The customer's portal membership id."),
    name: z.string(),
    email: z.string().describe("Their address, as the portal's customer list shows it to members."),
    company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    addedBy: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('The customer who added them (null once that customer is gone).'),
    addedAt: timestamp(),
  })
  .meta({ id: 'PortalRequestMemberParticipant' });
