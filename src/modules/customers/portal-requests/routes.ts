import { defineRoute } from '../../../http/route.js';
import { conflict, forbidden } from '../../../platform/errors.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { z } from 'zod';
import { customerActorOf } from '../../audit/recorder.js';
import { customerService } from '../portal-customers/service.js';
import { colleagueSchema, customerSchema } from '../portal-customers/schemas.js';
import {
  customerRequestListQuery,
  customerRequestSchema,
  closingBody,
  inviteColleagueBody,
  portalCommentBody,
  portalCommentSchema,
  referenceParam,
  submitRequestBody,
} from './schemas.js';
import { portalRequestService } from './service.js';
import { closeTheLoop } from './closing.js';
import { CODEHOST_EXPOSURE_RULE } from '../requests/codehost-exposure.js';

const customer = { kind: 'customer' } as const;
const SIGHT =
  'A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing.';

export const portalRequestRoutes = [
  defineRoute({
    operationId: 'listMyPortalRequests',
    method: 'GET',
    path: '/portal/requests',
    summary: 'Requests this customer may see',
    description: `Newest first. ${SIGHT} \`status\` is the derived status, applied after the rules run, with full pages.`,
    tags: ['Portal'],
    access: customer,
    query: customerRequestListQuery,
    response: pageOf(customerRequestSchema),
    handler: ({ services, auth, request, query }) => portalRequestService.list(services, request.portal!, auth.customer, query),
  }),

  defineRoute({
    operationId: 'submitPortalRequest',
    method: 'POST',
    path: '/portal/requests',
    summary: 'Submit a request',
    description:
      `Every signed-in customer may submit. \`values\` are checked against the request type's form (required fields, \`select\` options, \`email\`, \`url\`, \`number\`, \`date\` as YYYY-MM-DD, \`checkbox\`; a key the form lacks is refused), each 422 naming \`values.<key>\`. On an \`open\` portal \`challengeToken\` is checked as on sign-up, and a customer's first request waits in the hold queue (nothing reaches the code host; it is Open to them and seen by nobody else) until a member releases it; while one of theirs is held, later ones are held too. Otherwise the issue is created at once in the request type's repository, through the installation's lane: the form's answers as headed sections and a line naming the requester and their company (never an e-mail address), with the type's labels, issue type, project card and initial field values. If any of that fails, the issue is taken back and nothing is kept (502/503/504 as the code host failed). \`Idempotency-Key\` replays the first answer to a retry (a fresh \`challengeToken\` in the retry does not count as a different request). ${CODEHOST_EXPOSURE_RULE} The portal's request types say where a public request would be published (\`publishedOnCodehost\` of \`GET /portal\`).`,
    tags: ['Portal'],
    access: customer,
    creates: true,
    codehost: true,
    body: submitRequestBody,
    response: customerRequestSchema,
    handler: ({ services, auth, request, body }) =>
      portalRequestService.submit(services, request.portal!, auth.customer, body, { ip: request.ip, requestId: request.id, log: request.log }),
  }),

  defineRoute({
    operationId: 'getMyPortalRequest',
    method: 'GET',
    path: '/portal/requests/:reference',
    summary: 'One request, by reference',
    description: SIGHT,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params }) => portalRequestService.read(services, request.portal!, auth.customer, params.reference),
  }),

  defineRoute({
    operationId: 'voteForPortalRequest',
    method: 'POST',
    path: '/portal/requests/:reference/vote',
    summary: 'Vote for a request',
    description: `Idempotent in effect: a second vote counts once. Answers the request with \`voteCount\` and \`viewerVoted\`. A held or rejected request takes no votes (409, \`detail.reason\` its state), and nobody votes for their own request (409, \`detail.reason: own_request\`): votes count how many others want it. ${SIGHT}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params }) => portalRequestService.setVote(services, request.portal!, auth.customer, params.reference, true, request.id),
  }),

  defineRoute({
    operationId: 'withdrawPortalRequestVote',
    method: 'DELETE',
    path: '/portal/requests/:reference/vote',
    summary: 'Take back a vote',
    description: `Idempotent in effect: taking back a vote that is not there changes nothing. Answers the request. ${SIGHT}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params }) => portalRequestService.setVote(services, request.portal!, auth.customer, params.reference, false, request.id),
  }),

  defineRoute({
    operationId: 'subscribeToPortalRequest',
    method: 'POST',
    path: '/portal/requests/:reference/subscription',
    summary: 'Follow a request',
    description: `Idempotent in effect. The requester follows their request from the start. Answers the request with \`viewerSubscribed\`. ${SIGHT}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params }) => portalRequestService.setSubscription(services, request.portal!, auth.customer, params.reference, true, request.id),
  }),

  defineRoute({
    operationId: 'unsubscribeFromPortalRequest',
    method: 'DELETE',
    path: '/portal/requests/:reference/subscription',
    summary: 'Stop following a request',
    description: `Idempotent in effect. Answers the request. ${SIGHT}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params }) => portalRequestService.setSubscription(services, request.portal!, auth.customer, params.reference, false, request.id),
  }),

  defineRoute({
    operationId: 'listPortalRequestComments',
    method: 'GET',
    path: '/portal/requests/:reference/comments',
    summary: "A request's comments",
    description:
      "Oldest first: the public ones only (customers' comments, and replies the team made public, in the service or on GitHub with `Public reply:`), never an internal comment. A held or rejected request has none. Authors are named by display name with `kind` `customer` or `team`, never by e-mail address. Each comment's `attachments` carry download links made at this read (15 minutes): only files of the public comments listed, so a reply made internal later takes its files out of the portal too.",
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    query: z.object(pageQuery).strict(),
    response: pageOf(portalCommentSchema),
    handler: ({ services, auth, request, params, query }) => portalRequestService.comments(services, request.portal!, auth.customer, params.reference, query),
  }),

  defineRoute({
    operationId: 'commentOnPortalRequest',
    method: 'POST',
    path: '/portal/requests/:reference/comments',
    summary: 'Comment on a request',
    description:
      "Posted to the issue on the code host as the service's bot, ending with a line naming the customer and their company and the hidden marker that makes it public; it is always public. 409 while the request is held (or after it was rejected). Where the request's words may not reach the code host, the issue gets a placeholder naming the reference and the comment's text stays in the service (the portal and the team read it as written). `attachmentIds`: the customer's own uploads (`POST /portal/attachments`) not yet attached to a request or comment, at most 10; any other id is 422 and nothing is posted. The comment on the code host links each file to `/v1/attachments/{id}/open` (numbered, without names, where the words may not reach the code host); the portal lists them with fresh links. " + CODEHOST_EXPOSURE_RULE,
    tags: ['Portal'],
    access: customer,
    creates: true,
    params: referenceParam,
    body: portalCommentBody,
    response: portalCommentSchema,
    handler: ({ services, auth, request, params, body }) =>
      portalRequestService.comment(services, request.portal!, auth.customer, params.reference, body.body, { requestId: request.id, attachmentIds: body.attachmentIds }),
  }),

  defineRoute({
    operationId: 'markPortalRequestDone',
    method: 'POST',
    path: '/portal/requests/:reference/done',
    summary: 'Mark a request done',
    description: `The requester, or a manager of the requester's company, says the request is done for them: its issue is closed as completed on the code host, through the installation's lane, and the optional \`comment\` is posted as their public comment (as \`POST /portal/requests/{reference}/comments\` posts one). The team reads who did it in the issue's activity. 403 for anyone else who can see the request; 409 while it is held (or after it was rejected) and when it is closed already (\`detail.reason\` \`already_closed\`). When the code host refuses, nothing changes (502/503/504). Answers the request. ${SIGHT}`,
    tags: ['Portal'],
    access: customer,
    codehost: true,
    params: referenceParam,
    body: closingBody,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params, body }) => closeTheLoop(services, request.portal!, auth.customer, params.reference, 'done', body?.comment, { requestId: request.id }),
  }),

  defineRoute({
    operationId: 'reopenPortalRequest',
    method: 'POST',
    path: '/portal/requests/:reference/reopen',
    summary: 'Reopen a request',
    description: `The requester, or a manager of the requester's company, reopens a request that is Completed or Closed, within the portal's \`reopenDays\` after its issue closed (14 unless the team changed it; the request's \`closing.reopenableUntil\` says until when): the issue is reopened on the code host through the installation's lane, and the optional \`comment\` is posted as their public comment. Past the period: 409 with \`detail.reason\` \`reopen_period_over\` and \`detail.reopenableUntil\` (submit a new request instead). 409 \`not_closed\` for a request that is not closed, \`merged\` for one merged into another; 403 for anyone else who can see the request; 409 while held. When the code host refuses, nothing changes. Answers the request. ${SIGHT}`,
    tags: ['Portal'],
    access: customer,
    codehost: true,
    params: referenceParam,
    body: closingBody,
    response: customerRequestSchema,
    handler: ({ services, auth, request, params, body }) => closeTheLoop(services, request.portal!, auth.customer, params.reference, 'reopen', body?.comment, { requestId: request.id }),
  }),

  defineRoute({
    operationId: 'listPortalColleagues',
    method: 'GET',
    path: '/portal/colleagues',
    summary: "My company's customers (managers)",
    description:
      "A manager's company on this portal: every customer in it who was not removed (the manager included, `you: true`), oldest first, by display name and role. Never an e-mail address: the spec shows no customer another's address, a manager included. 403 for a customer who is not a manager; 409 (`detail.reason` `no_company`) for a manager without a company.",
    tags: ['Portal'],
    access: customer,
    query: z.object(pageQuery).strict(),
    response: pageOf(colleagueSchema),
    handler: ({ services, auth, request, query }) => customerService.colleagues(services, request.portal!, auth.customer, query),
  }),

  defineRoute({
    operationId: 'invitePortalColleague',
    method: 'POST',
    path: '/portal/colleagues',
    summary: 'Invite a colleague into my company',
    description:
      "A manager invites a person into their own company on this portal, as a customer: a sign-in link to this portal is mailed to them. 403 for a customer who is not a manager; 409 for a manager without a company, or an address that is a customer here already.",
    tags: ['Portal'],
    access: customer,
    creates: true,
    body: inviteColleagueBody,
    response: customerSchema,
    async handler({ services, auth, request, body }) {
      const me = auth.customer;
      if (me.role !== 'manager') throw forbidden('Only a manager may invite colleagues.');
      if (!me.companyId) throw conflict('You are not in a company; ask the team to put you in one.', { reason: 'no_company' });
      return customerService.inviteInto(services, request.portal!, customerActorOf(me), { email: body.email, name: body.name, role: 'customer', companyId: me.companyId }, request.id);
    },
  }),
];
