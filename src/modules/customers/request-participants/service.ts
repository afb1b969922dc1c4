import type { z } from 'zod';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import { portalScopedEmail } from '../../../auth/portal-identity.js';
import type { Executor, Tx } from '../../../db/pool.js';
import { conflict, forbidden, invalidRequest, notFound } from '../../../platform/errors.js';
import { iso } from '../../../platform/schemas.js';
import type { Services } from '../../../services.js';
import { customerActorOf, recordAudit } from '../../audit/recorder.js';
import { recordActivity } from '../../work/activity/recorder.js';
import { customerService } from '../portal-customers/service.js';
import { customerStore } from '../portal-customers/store.js';
import { mayCloseTheLoop } from '../portal-requests/closing-rules.js';
import { visibleRequest } from '../portal-requests/service.js';
import type { PortalRow } from '../portals/schemas.js';
import { requestStore, type RequestRecord } from '../requests/store.js';
import { PARTICIPANTS_MAX, type addParticipantBody, type portalParticipantsSchema } from './schemas.js';
import { participantStore } from './store.js';

type Addition = z.infer<typeof addParticipantBody>;

const referenceOf = (portal: PortalRow, record: RequestRecord) => `${portal.referencePrefix}-${record.number}`;

async function listFor(db: Executor, customer: PortalCustomer, record: RequestRecord): Promise<z.input<typeof portalParticipantsSchema>> {
  const manage = mayCloseTheLoop(customer, record);
  const [rows, colleagues] = await Promise.all([participantStore.list(db, record.id), manage ? participantStore.candidates(db, record) : Promise.resolve([])]);
  return {
    data: rows.map((r) => ({ id: r.customerId, name: r.name, you: r.customerId === customer.id, addedBy: r.addedByName, addedAt: iso(new Date(r.addedAt)) })),
    mayManage: manage,
    participating: rows.some((r) => r.customerId === customer.id),
    colleagues: colleagues.filter((c) => c.customerId !== customer.id).map((c) => ({ id: c.customerId, name: c.name })),
  };
}

function refuseWhenFull(count: number): void {
  if (count >= PARTICIPANTS_MAX) throw conflict(`A request can have at most ${PARTICIPANTS_MAX} people on it; remove someone first.`, { reason: 'too_many_participants', max: PARTICIPANTS_MAX });
}

/** The audit entry and, once the request has an issue, the issue's activity entry the team reads. */
async function recordChange(
  tx: Tx,
  ctx: { portal: PortalRow; customer: PortalCustomer; record: RequestRecord; requestId: string },
  action: 'request.participant_added' | 'request.participant_removed',
  participant: { customerId: string; name: string },
) {
  const { portal, customer, record, requestId } = ctx;
  const actor = customerActorOf(customer);
  await recordAudit(tx, { workspaceId: portal.workspaceId, action, actor, target: { type: 'request', id: record.id }, after: { participantId: participant.customerId }, requestId });
  if (record.issueId) {
    const detail = { portalId: portal.id, portalRequestId: record.id, reference: referenceOf(portal, record), participant, left: participant.customerId === customer.id };
    await recordActivity(tx, { workspaceId: portal.workspaceId, issueId: record.issueId, action, actor, detail, requestId });
  }
}

/**
 * People on a request (docs/decisions/0087-participants.md): its requester, or a manager of the
 * requester's company, puts customers of this portal on it; they see it as the requester does once
 * it is filed (the sight predicate), follow it, and may leave.
 */
export const participantService = {
  async list(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string) {
    const record = await visibleRequest(services, portal, customer, reference);
    return listFor(services.database.db, customer, record);
  },

  async add(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, body: Addition, requestId: string) {
    const db = services.database.db;
    const record = await visibleRequest(services, portal, customer, reference);
    if (!mayCloseTheLoop(customer, record)) throw forbidden("Only the person who asked, or a manager of their company, may add people to this request.");
    if (record.state === 'rejected') throw conflict('This request was not accepted by the team.', { reason: 'rejected' });
    const ctx = { portal, customer, record, requestId };

    const put = (target: { customerId: string; name: string }) =>
      db.transaction(async (tx) => {
        // One request's additions one at a time, so the cap holds under concurrent adds.
        await participantStore.lockRequest(tx, record.id);
        if (!(await participantStore.list(tx, record.id)).some((p) => p.customerId === target.customerId)) refuseWhenFull(await participantStore.count(tx, record.id));
        if (!(await participantStore.add(tx, { requestId: record.id, customerId: target.customerId, workspaceId: portal.workspaceId, addedBy: customer.id }))) return;
        await requestStore.subscribe(tx, { id: record.id, workspaceId: portal.workspaceId }, target.customerId);
        await recordChange(tx, ctx, 'request.participant_added', target);
      });

    if (body.customerId !== undefined) {
      const target = await customerStore.find(db, portal.id, body.customerId);
      if (!target) throw invalidRequest('No customer of this portal has that id.', { field: 'customerId' });
      if (target.id === customer.id) throw invalidRequest('You cannot add yourself.', { field: 'customerId', reason: 'self' });
      if (target.id === record.requesterId) throw invalidRequest('That customer asked for this request; they are on it already.', { field: 'customerId', reason: 'requester' });
      if (!record.companyId || target.companyId !== record.companyId) {
        throw invalidRequest("Only a colleague of the requester's company can be added by id.", { field: 'customerId', reason: 'not_a_colleague' }, 'Add anybody else by their e-mail address.');
      }
      await put({ customerId: target.id, name: target.name });
      return listFor(db, customer, record);
    }

    // By address: the answer is the same whether the address is a customer here or not (the asker
    // never learns who has an account); an address that is not one is invited to the portal.
    const email = body.email!.toLowerCase();
    if (email === customer.email.toLowerCase()) throw invalidRequest('You cannot add yourself.', { field: 'email', reason: 'self' });
    const existing = await customerStore.byScopedEmail(db, portalScopedEmail(portal.id, email));
    if (existing?.customerId && !existing.removedAt) {
      const target = await customerStore.find(db, portal.id, existing.customerId);
      if (target && target.id !== record.requesterId) await put({ customerId: target.id, name: target.name });
    } else if (!existing?.customerId) {
      refuseWhenFull(await participantStore.count(db, record.id));
      const invited = await customerService.inviteInto(services, portal, customerActorOf(customer), { email, name: body.name, role: 'customer', companyId: null }, requestId);
      await put({ customerId: invited.id, name: invited.name });
    }
    // A removed customer stays out: the team removed them, and a customer may not bring them back.
    return listFor(db, customer, record);
  },

  async remove(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, customerId: string, requestId: string) {
    const record = await visibleRequest(services, portal, customer, reference);
    const leaving = customerId === customer.id;
    if (!leaving && !mayCloseTheLoop(customer, record)) throw forbidden("Only the person who asked, or a manager of their company, may remove people from this request; you may only leave it.");
    await services.database.db.transaction(async (tx) => {
      const target = (await participantStore.list(tx, record.id)).find((p) => p.customerId === customerId);
      if (!target || !(await participantStore.remove(tx, record.id, customerId))) throw notFound('participant');
      // Leaving (or being removed) ends the e-mails too.
      await requestStore.unsubscribe(tx, record.id, customerId);
      await recordChange(tx, { portal, customer, record, requestId }, 'request.participant_removed', { customerId, name: target.name });
    });
  },
};
