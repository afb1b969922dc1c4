import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/pool.js';
import { preparedRows } from '../../../db/prepared.js';
import { timestamp } from '../../../platform/schemas.js';
import { memberRequestSchema, type MemberRequest } from './schemas.js';
import { memberParticipantSchema } from '../request-participants/schemas.js';
import { participantStore } from '../request-participants/store.js';

const person = z.object({
  id: z.uuid().describe("The customer's id (`id` in the portal's customers)."),
  name: z.string(),
  company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});

/**
 * One request as its page in the team's application shows it: what the list gives, plus the
 * files the customer attached (their ids get fresh links from `GET /v1/attachments/{id}/link`),
 * the customers who follow it (they are e-mailed about its public replies and status) and those
 * who voted for it. Names only: a follower's address is theirs, the requester's is in `requester`.
 */
export const memberRequestDetailSchema = memberRequestSchema
  .extend({
    files: z
      .array(z.object({ id: z.uuid(), filename: z.string(), contentType: z.string(), size: z.number().int(), createdAt: timestamp() }))
      .describe('Files attached to the request, oldest first.'),
    followers: z.array(person).describe('Customers who follow the request (the requester from the start, unless they stopped), by name.'),
    voters: z.array(person).describe('Customers who voted for it, earliest first.'),
    participants: z
      .array(memberParticipantSchema)
      .describe("Customers the requester (or a manager of the requester's company) put on the request, in the order they were added: they see it, comment and are e-mailed like its requester. Removed customers are not listed."),
  })
  .meta({ id: 'PortalRequestDetail' });

export type MemberRequestDetail = z.input<typeof memberRequestDetailSchema>;

type PersonRow = { kind: 'follower' | 'voter'; id: string; name: string | null; companyId: string | null; companyName: string | null; at: Date | string };
type FileRow = { id: string; filename: string; contentType: string; size: number | string; createdAt: Date | string };

const iso = (at: Date | string) => new Date(at).toISOString();

/** The files, followers, voters and participants of one request, in three round trips. */
export async function requestDetailOf(tx: Executor, request: MemberRequest): Promise<MemberRequestDetail> {
  const [people, files, participants] = await Promise.all([
    preparedRows<PersonRow>(
      tx,
      sql`select x.kind, c.id, u.name, co.id as "companyId", co.name as "companyName", x.at
            from (select 'follower' as kind, customer_id, created_at as at from request_subscriptions where request_id = ${request.id}
                  union all
                  select 'voter', customer_id, created_at from request_votes where request_id = ${request.id}) x
            join portal_customers c on c.id = x.customer_id
            left join portal_auth_users u on u.id = c.user_id
            left join companies co on co.id = c.company_id
           order by x.at, c.id`,
    ),
    preparedRows<FileRow>(
      tx,
      sql`select id, filename, content_type as "contentType", size, created_at as "createdAt"
            from attachments where request_id = ${request.id} order by created_at, id`,
    ),
    participantStore.list(tx, request.id),
  ]);
  const personOf = (row: PersonRow) => ({
    id: row.id,
    name: row.name ?? '',
    company: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null,
  });
  return {
    ...request,
    files: files.map((f) => ({ id: f.id, filename: f.filename, contentType: f.contentType, size: Number(f.size), createdAt: iso(f.createdAt) })),
    followers: people.filter((p) => p.kind === 'follower').map(personOf),
    voters: people.filter((p) => p.kind === 'voter').map(personOf),
    participants: participants.map((r) => ({
      id: r.customerId,
      name: r.name,
      email: r.email,
      company: r.companyId ? { id: r.companyId, name: r.companyName ?? '' } : null,
      addedBy: r.addedById ? { id: r.addedById, name: r.addedByName ?? '' } : null,
      addedAt: iso(r.addedAt),
    })),
  };
}
