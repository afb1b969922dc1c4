import { expect } from 'vitest';
import type { Config } from '../../src/config.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';
import { startTestApp } from './app.js';
import { codehostConfigFor, startCodehost } from './codehost.js';
import { createWorkspace, signUp, unique } from './fixtures.js';
import { hostClient, httpClient } from './http.js';
import { confirmPortalAddress } from './portal-address.js';
import { startSmtpCapture } from './smtp.js';

export interface PortalWorldOptions {
  /** The workspace's name; its owner is "<name> owner". */
  workspace: string;
  /** Names the organisation (made unique) whose repository `web` the workspace mirrors. */
  prefix: string;
  /** A private repository takes the customers' words in full; a public one gets placeholders (codehost-exposure). */
  privateRepository?: boolean;
  /** More of the app's configuration (`smtpUrl` and `codehost` are the world's). */
  app?: Partial<Config>;
  /** A job worker in the app, for what is sent or swept in the background (e-mail, status sweeps). */
  worker?: boolean;
  /** GitHub tells the service by webhook of what people change there directly. */
  webhooks?: boolean;
  portal: { name: string; access: 'open' | 'invite_only'; defaultVisibility?: 'private' | 'company' | 'public'; referencePrefix?: string };
  /** The request type's body beyond its destination (default: a "Question" without form fields). */
  requestType?: Record<string, unknown>;
}

export interface PortalCustomerSession {
  token: string;
  id: string;
  email: string;
  name: string;
}

/**
 * The world most portal tests start from: a real SMTP capture, the GitHub emulator, the app, a
 * team owner whose workspace mirrors one repository, and one portal with a request type that files
 * there. Each test file makes its own and closes it.
 */
export async function startPortalWorld(o: PortalWorldOptions) {
  const smtp = await startSmtpCapture();
  const gh = await startCodehost();
  const t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), ...o.app }, { worker: o.worker });
  const call = httpClient(t.url);
  const owner = await signUp(call, `${o.workspace} owner`);
  const ws = await createWorkspace(call, owner, o.workspace);
  const web = await mirroredWebRepository(t, gh, ws.id, o.prefix, { private: o.privateRepository ?? false });
  if (o.webhooks) gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  const as = () => ({ token: owner.token, workspaceId: ws.id });
  const made = await call('POST', '/v1/portals', {
    ...as(),
    body: { name: o.portal.name, slug: unique(o.prefix).toLowerCase(), access: o.portal.access, defaultVisibility: o.portal.defaultVisibility ?? 'public', referencePrefix: o.portal.referencePrefix },
  });
  expect(made.status, made.text).toBe(201);
  const portal = made.body as { id: string; host: string; slug: string; reopenDays: number };
  const type = await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', ...o.requestType, destination: { repositoryId: web.repositoryId } } });
  expect(type.status, type.text).toBe(201);
  const on = (p: { host: string } = portal) => hostClient(t.url, p.host);
  const customerIdOf = async (userId: string) => (await t.database.pool.query<{ id: string }>('select id from portal_customers where user_id = $1', [userId])).rows[0].id;

  return {
    smtp,
    gh,
    t,
    call,
    owner,
    ws,
    org: web.org,
    installationId: web.installationId,
    repositoryId: web.repositoryId as string,
    portal,
    typeId: type.body.id as string,
    as,
    on,

    /** A customer the team invites, signed in through the sign-in link mailed to them. */
    async invitedCustomer(name: string, setup: { email?: string; companyId?: string | null; role?: 'customer' | 'manager' } = {}): Promise<PortalCustomerSession> {
      const email = setup.email ?? `${unique('c')}@customer.test`;
      const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name, ...(setup.companyId !== undefined && { companyId: setup.companyId }), ...(setup.role && { role: setup.role }) } });
      expect(res.status, res.text).toBe(201);
      const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
      const signedIn = await on()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
      expect(signedIn.status, signedIn.text).toBe(200);
      return { token: signedIn.body.token as string, id: res.body.id as string, email, name };
    },

    /**
     * A customer who signs up with a password on the (open) portal and confirms the address from
     * the mailed link, so the team can release their requests (decision 0083); then, if asked, put
     * in a company with a role by the team.
     */
    async signedUpCustomer(name: string, setup?: { role: 'customer' | 'manager'; companyId: string | null }): Promise<PortalCustomerSession> {
      const email = `${unique('c')}@customer.test`;
      const res = await on()('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
      expect(res.status, res.text).toBe(200);
      const token = res.headers.get('set-auth-token')!;
      await confirmPortalAddress(on(), smtp, { token, email });
      const id = await customerIdOf(res.body.user.id);
      if (setup) {
        const changed = await call('PATCH', `/v1/portals/${portal.id}/customers/${id}`, { ...as(), body: setup });
        expect(changed.status, changed.text).toBe(200);
      }
      return { token, id, email, name };
    },

    async close() {
      await t.close();
      await gh.close();
      await smtp.close();
    },
  };
}

export type PortalWorld = Awaited<ReturnType<typeof startPortalWorld>>;
