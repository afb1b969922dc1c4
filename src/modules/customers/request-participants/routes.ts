import { defineRoute } from '../../../http/route.js';
import { ok, okSchema } from '../../../platform/schemas.js';
import { referenceParam } from '../portal-requests/schemas.js';
import { addParticipantBody, participantParams, PARTICIPANTS_MAX, portalParticipantsSchema } from './schemas.js';
import { participantService } from './service.js';

const customer = { kind: 'customer' } as const;
const WHO =
  "The requester, or a manager of the requester's company, manages the people on a request; others who can see it get 403, anyone who cannot see it 404 (exactly as a reference that names nothing). Participants are always customers of this portal: they see the request (once the team accepted it), its public comments and status, may comment and vote, and follow it (they are e-mailed) from when they are added. Names only: no customer sees another's e-mail address.";

export const participantRoutes = [
  defineRoute({
    operationId: 'listPortalRequestParticipants',
    method: 'GET',
    path: '/portal/requests/:reference/participants',
    summary: 'People on a request',
    description: `The customers put on this request, oldest first, by display name; whether the asker may manage them or is one of them (and may leave); and, for those who may manage, the requester's company's customers who could be added by id. ${WHO}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: portalParticipantsSchema,
    handler: ({ services, auth, request, params }) => participantService.list(services, request.portal!, auth.customer, params.reference),
  }),

  defineRoute({
    operationId: 'addPortalRequestParticipant',
    method: 'POST',
    path: '/portal/requests/:reference/participants',
    summary: 'Add someone to a request',
    description: `By \`customerId\`: a colleague, a customer of the requester's company on this portal (422 for an id that is no customer of this portal, one of another company, the asker or the requester). By \`email\`: anyone; a customer of this portal with that address is added, an address that is none is invited to the portal (a sign-in link is mailed, as \`POST /portal/colleagues\` does; on an invite-only portal this makes them a customer) and is on the request from then on. The answer is the same whether or not the address had an account, so nobody learns who is a customer; a customer the team removed is not brought back. Adding someone already on it changes nothing. At most ${PARTICIPANTS_MAX} people per request (409, \`detail.reason\` \`too_many_participants\`); 409 \`rejected\` for a request the team rejected. The team reads who added whom in the issue's activity (\`request.participant_added\`). Answers the people on the request. \`Idempotency-Key\` replays the first answer to a retry. ${WHO}`,
    tags: ['Portal'],
    access: customer,
    creates: true,
    status: 200,
    params: referenceParam,
    body: addParticipantBody,
    response: portalParticipantsSchema,
    handler: ({ services, auth, request, params, body }) => participantService.add(services, request.portal!, auth.customer, params.reference, body, request.id),
  }),

  defineRoute({
    operationId: 'removePortalRequestParticipant',
    method: 'DELETE',
    path: '/portal/requests/:reference/participants/:customerId',
    summary: 'Remove someone from a request, or leave it',
    description: `The requester or a manager of the requester's company removes anyone on it; a participant removes themself (leaves). Either way they stop following it (no more e-mails) and no longer see it unless they could anyway. 404 for someone who is not on it. The team reads it in the issue's activity (\`request.participant_removed\`, \`detail.left\` when they left). ${WHO}`,
    tags: ['Portal'],
    access: customer,
    params: participantParams,
    response: okSchema,
    async handler({ services, auth, request, params }) {
      await participantService.remove(services, request.portal!, auth.customer, params.reference, params.customerId, request.id);
      return ok;
    },
  }),
];
