import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../harness/fixtures.js';
import { startPortalWorld, type PortalWorld } from '../harness/portal-world.js';
import { restList } from '../issues/cache-fixture.js';

/** A customer downloads what the service holds about them, then erases themselves from it and from the code host. */
let w: PortalWorld;
const as = () => w.as();
const on = () => w.on();
const invited = (name: string, email: string) => w.invitedCustomer(name, { email });

beforeAll(async () => {
  // Private, so the customer's words and name are on the code host for the erasure to rewrite.
  w = await startPortalWorld({
    workspace: 'Customer data',
    prefix: 'dorg',
    privateRepository: true,
    portal: { name: 'Data help', access: 'invite_only' },
    requestType: { form: [{ key: 'contact', label: 'Contact', type: 'email' }, { key: 'details', label: 'Details', type: 'textarea' }] },
  });
}, 60_000);

afterAll(() => w?.close());

/** Every text and JSON value in the service's tables that contains `needle` (any case), as `table.column`. */
async function everywhere(needle: string): Promise<string[]> {
  const { rows: columns } = await w.t.database.pool.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await w.t.database.pool.query(`select 1 from "${table_name}" where "${column_name}"::text ilike $1 limit 1`, [`%${needle}%`]);
    if (rows.length) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe("the customer's own data", () => {
  it('downloads as one document, then erases them everywhere: tables, the issue and the comment on the code host', async () => {
    const name = `Zelda ${randomUUID().slice(0, 8)}`;
    const email = `${unique('zelda')}@customer.test`;
    const zelda = await invited(name, email);
    const other = await invited('Otto Other', `${unique('otto')}@customer.test`);
    const submitted = await on()('POST', '/portal/requests', {
      token: zelda.token,
      headers: { 'idempotency-key': `erase-${randomUUID()}` },
      body: { requestTypeId: w.typeId, title: 'Please call me back', values: { contact: email, details: `Regards, ${name}` } },
    });
    expect(submitted.status, submitted.text).toBe(201);
    const ref = submitted.body.reference;
    expect((await on()('POST', `/portal/requests/${ref}/comments`, { token: zelda.token, body: { body: 'Any news?' } })).status).toBe(201);
    // Nobody votes for their own request: Zelda votes for Otto's, Otto for hers.
    const ottos = await on()('POST', '/portal/requests', {
      token: other.token,
      headers: { 'idempotency-key': `erase-${randomUUID()}` },
      body: { requestTypeId: w.typeId, title: 'Otto asks too', values: { contact: 'otto@customer.test', details: 'Me too' } },
    });
    expect(ottos.status, ottos.text).toBe(201);
    const ottoRef = ottos.body.reference;
    expect((await on()('POST', `/portal/requests/${ottoRef}/vote`, { token: zelda.token })).body.voteCount).toBe(1);
    expect((await on()('POST', `/portal/requests/${ref}/vote`, { token: other.token })).body.voteCount).toBe(1);
    // The team's read of Zelda's request names who follows it and who voted, by name only.
    const listed = await w.call('GET', `/v1/portals/${w.portal.id}/requests?limit=100`, as());
    const requestId = listed.body.data.find((r: { reference: string }) => r.reference === ref).id;
    const teamRead = await w.call('GET', `/v1/portals/${w.portal.id}/requests/${requestId}`, as());
    expect(teamRead.status, teamRead.text).toBe(200);
    expect(teamRead.body.followers.map((p: { name: string }) => p.name)).toEqual([name]);
    expect(teamRead.body.voters.map((p: { name: string }) => p.name)).toEqual(['Otto Other']);
    expect(teamRead.body.files).toEqual([]);
    expect(JSON.stringify(teamRead.body.followers)).not.toContain('@');

    const data = await on()('GET', '/portal/me/data', { token: zelda.token });
    expect(data.status, data.text).toBe(200);
    expect(data.headers.get('content-disposition')).toContain('attachment');
    expect(data.body).toMatchObject({
      profile: { id: zelda.id, name, email, role: 'customer', company: null },
      preferences: { emailUpdates: true, followOwnRequests: true },
      requests: [{ reference: ref, title: 'Please call me back', values: { contact: email, details: `Regards, ${name}` }, state: 'filed' }],
      comments: [{ reference: ref, body: expect.stringContaining('Any news?') }],
      votes: [{ reference: ottoRef }],
      subscriptions: [{ reference: ref }],
    });
    expect(data.body.sessions.length).toBeGreaterThan(0);
    expect((await everywhere(name)).length).toBeGreaterThan(0);

    const erased = await on()('DELETE', '/portal/me', { token: zelda.token });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toEqual({ ok: true });
    expect((await on()('GET', '/portal/me', { token: zelda.token })).status).toBe(401);

    // Nothing of them in any table, nor on the code host.
    expect(await everywhere(name)).toEqual([]);
    expect(await everywhere(email)).toEqual([]);
    const { token } = w.gh.control.installationToken(w.installationId);
    const issues = await restList<any>(w.gh, token, `/repos/${w.org}/web/issues?state=all`);
    const comments = await restList<any>(w.gh, token, `/repos/${w.org}/web/issues/comments`);
    const onCodehost = JSON.stringify([issues.map((i) => [i.title, i.body]), comments.map((c) => c.body)]);
    expect(onCodehost.toLowerCase()).not.toContain(name.toLowerCase());
    expect(onCodehost.toLowerCase()).not.toContain(email.toLowerCase());
    const issue = issues.find((i) => i.title === 'Please call me back');
    expect(issue.body).toContain(`Submitted by **a deleted customer** through the Data help portal as ${ref}.`);
    expect(comments.find((c) => c.body.includes('Any news?')).body).toContain('Posted by **a deleted customer** through the Data help portal.');

    // The request stays, by a deleted customer, with the other customer's vote.
    const seen = await on()('GET', `/portal/requests/${ref}`, { token: other.token });
    expect(seen.body).toMatchObject({ submittedBy: 'a deleted customer', voteCount: 1 });
    // Hers on Otto's request went with her.
    expect((await on()('GET', `/portal/requests/${ottoRef}`, { token: other.token })).body.voteCount).toBe(0);
    const portalComments = await on()('GET', `/portal/requests/${ref}/comments`, { token: other.token });
    expect(portalComments.body.data).toEqual([expect.objectContaining({ body: 'Any news?', author: { name: 'a deleted customer', kind: 'customer' } })]);
    const member = (await w.call('GET', `/v1/portals/${w.portal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref);
    expect(member.requester.name).toBe('a deleted customer');
  });

  it('erases nothing when the code host cannot take the rewrite, and can be repeated', async () => {
    const name = `Yuri ${randomUUID().slice(0, 8)}`;
    const email = `${unique('yuri')}@customer.test`;
    const yuri = await invited(name, email);
    const submitted = await on()('POST', '/portal/requests', { token: yuri.token, body: { requestTypeId: w.typeId, title: 'Another one', values: {} } });
    expect(submitted.status, submitted.text).toBe(201);
    w.gh.control.addFault({ method: 'PATCH', path: `/repos/${w.org}/web/issues/*`, status: 502, body: { message: 'Server Error' } });
    const failed = await on()('DELETE', '/portal/me', { token: yuri.token });
    expect(failed.status, failed.text).toBe(503);
    expect((await on()('GET', '/portal/me', { token: yuri.token })).body.name).toBe(name);
    const again = await on()('DELETE', '/portal/me', { token: yuri.token });
    expect(again.status, again.text).toBe(200);
    expect(await everywhere(name)).toEqual([]);
  });
});
