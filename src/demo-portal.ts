import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Demo mode's customer portal, so the portal website has something to show on a first start: a
 * team account, its workspace connected to an organisation of its own on the GitHub emulator, an
 * open portal with two request types, and three requests from two customers (one of them still
 * in the hold queue, one answered by the team). Made once, through the service's own API (every
 * rule holds as for anybody), and kept across restarts like the rest of demo mode's data.
 */
export const demoPortal = {
  slug: 'demo',
  team: { email: 'team@demo.localhost', password: 'demo team password', login: 'demo-team', org: 'demo-co' },
  customers: [
    { name: 'Grace Customer', email: 'grace@customer.localhost', password: 'demo customer password' },
    { name: 'Alan Customer', email: 'alan@customer.localhost', password: 'demo customer password' },
  ],
};

/** What of the GitHub emulator the seeding needs (passed in by main.ts: the service never imports the emulator). */
export interface DemoCodehost {
  /** The team's person, their organisation with one repository and the app installed there: whatever of it is missing. */
  ensureOrganisation(input: { login: string; name: string; org: string; orgName: string; repo: string; description: string }): void;
}

class SeedFailure extends Error {}
/** The service began to stop while the portal was being made: not a failure; the next start goes on with it. */
export class DemoSeedStopped extends Error {}

/**
 * Makes the demo portal unless it exists; answers its address, or null when it was there already.
 * A start stopped part way leaves what it made, and the next start goes on from there: every step
 * up to the portal finds what is there before making it.
 */
export async function seedDemoPortal(
  app: FastifyInstance,
  codehost: DemoCodehost,
  options: {
    portalDomain: string;
    port: number;
    signal: AbortSignal;
    /** What the confirmation link would do: the demo customers' addresses have no mailbox. */
    confirmCustomerAddress: (portalId: string, email: string) => Promise<void>;
  },
): Promise<string | null> {
  const { team, customers, slug } = demoPortal;
  const portalHost = `${slug}.${options.portalDomain}`;
  const inject = async (opts: InjectOptions) => {
    if (options.signal.aborted) throw new DemoSeedStopped();
    try {
      return await app.inject(opts);
    } catch (error) {
      throw options.signal.aborted ? new DemoSeedStopped() : error;
    }
  };
  if ((await inject({ method: 'GET', url: '/portal', headers: { host: portalHost } })).statusCode === 200) return null;

  async function call<T = Record<string, unknown>>(method: InjectOptions['method'], url: string, init: { token?: string; body?: unknown; host?: string } = {}): Promise<{ body: T; headers: Record<string, unknown> }> {
    const res = await inject({
      method,
      url,
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.host ? { host: init.host } : {}) },
      ...(init.body === undefined ? {} : { payload: init.body as InjectOptions['payload'] }),
    });
    if (options.signal.aborted) throw new DemoSeedStopped();
    if (res.statusCode >= 300 && res.statusCode !== 302) throw new SeedFailure(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { body: (res.body ? JSON.parse(res.body) : {}) as T, headers: res.headers };
  }

  // On the emulator: the team's person, their organisation with one repository, the app installed there.
  codehost.ensureOrganisation({ login: team.login, name: 'Dana (demo team)', org: team.org, orgName: 'Demo Co', repo: 'product', description: "Where Demo Co's portal files its requests" });

  // The team: an account, a workspace, GitHub linked (the emulator approves as the team's person), connected, mirroring.
  const signUp = await inject({ method: 'POST', url: '/auth/sign-up/email', payload: { name: 'Dana Team', email: team.email, password: team.password } });
  const token =
    signUp.statusCode === 200
      ? (signUp.headers['set-auth-token'] as string)
      : ((await call('POST', '/auth/sign-in/email', { body: { email: team.email, password: team.password } })).headers['set-auth-token'] as string);
  const workspaces = (await call<{ data: unknown[] }>('GET', '/account/workspaces', { token })).body.data;
  if (!workspaces.length) await call('POST', '/v1/workspaces', { token, body: { name: 'Demo Co', slug: 'demo-co' } });
  const { url } = (await call<{ url: string }>('GET', '/v1/codehost/authorize-url', { token })).body;
  const consent = await fetch(`${url}&login=${team.login}`, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  await call('GET', `${back.pathname}${back.search}`);
  const available = (await call<{ data: Array<{ installationId: number; accountLogin: string; connection: string }> }>('GET', '/v1/codehost/installations/available', { token })).body.data;
  const installation = available.find((i) => i.accountLogin === team.org);
  if (!installation) throw new SeedFailure(`the installation on ${team.org} is not visible to ${team.login}`);
  if (installation.connection !== 'this_workspace') await call('POST', '/v1/codehost/installation', { token, body: { installationId: installation.installationId } });
  const repositories = (await call<{ data: Array<{ id: string }> }>('GET', '/v1/codehost/repositories?limit=10', { token })).body.data;
  await call('PATCH', '/v1/codehost/repositories', { token, body: { enable: repositories.map((r) => r.id) } });
  for (let tries = 0; ; tries++) {
    const jobs = (await call<{ jobs: Array<{ status: string }> }>('GET', '/v1/codehost/sync-status', { token })).body.jobs;
    if (jobs.length && jobs.every((j) => j.status === 'done')) break;
    if (tries > 600) throw new SeedFailure('the demo repository was not mirrored within a minute');
    if (options.signal.aborted) throw new DemoSeedStopped();
    await new Promise((r) => setTimeout(r, 100));
  }

  // The portal and its forms.
  const portal = (
    await call<{ id: string }>('POST', '/v1/portals', {
      token,
      body: {
        name: 'Demo Co help',
        slug,
        access: 'open',
        defaultVisibility: 'public',
        referencePrefix: 'DEMO',
        branding: { accentColor: '#0f766e', welcomeText: 'Tell the Demo Co team what is broken, or what you wish the product did.' },
      },
    })
  ).body;
  const typeOf = async (body: Record<string, unknown>) => (await call<{ id: string }>('POST', `/v1/portals/${portal.id}/request-types`, { token, body: { ...body, destination: { repositoryId: repositories[0].id } } })).body.id;
  const bug = await typeOf({
    name: 'Bug report',
    description: 'Something does not work as it should.',
    form: [
      { key: 'steps', label: 'Steps to reproduce', type: 'textarea', required: true, helpText: 'What you did, what happened, what you expected.' },
      { key: 'area', label: 'Area', type: 'select', required: true, options: ['Export', 'Import', 'Sign-in', 'Something else'] },
      { key: 'page', label: 'Page address', type: 'url' },
      { key: 'blocking', label: 'It blocks our work', type: 'checkbox' },
    ],
  });
  const idea = await typeOf({
    name: 'Idea',
    description: 'Something you wish the product did.',
    form: [{ key: 'why', label: 'What would it let you do?', type: 'textarea', required: true }],
  });

  // Two customers sign up on the portal's own host and ask for things; on an open portal a
  // newcomer's first request waits for the team, who release two of them and answer one.
  const tokens: string[] = [];
  for (const customer of customers) {
    const made = await call('POST', '/portal/auth/sign-up/email', { host: portalHost, body: customer });
    tokens.push(made.headers['set-auth-token'] as string);
    // A password sign-up's requests leave the hold queue once its address is confirmed.
    await options.confirmCustomerAddress(portal.id, customer.email);
  }
  const submit = async (customer: number, body: Record<string, unknown>) =>
    (await call<{ reference: string }>('POST', '/portal/requests', { host: portalHost, token: tokens[customer], body })).body.reference;
  await submit(0, { requestTypeId: bug, title: 'Export stops at 1,000 rows', values: { steps: 'Open a report with 5,000 rows.\nPress Export.\nThe file has 1,000 rows.', area: 'Export', blocking: 'true' } });
  await submit(1, { requestTypeId: idea, title: 'Dark mode', values: { why: 'We work late; a dark screen is easier on the eyes.' } });
  await submit(0, { requestTypeId: idea, title: 'Export to spreadsheet', values: { why: 'Our finance team lives in spreadsheets.' } });
  const held = (await call<{ data: Array<{ id: string; title: string }> }>('GET', `/v1/portals/${portal.id}/requests?held=true`, { token })).body.data;
  // Grace's two are released; Alan's stays in the hold queue, for the team to see one there.
  const releasing = held.filter((r) => r.title !== 'Dark mode');
  const released: Record<string, { issue: { id: string | null } }> = {};
  for (const request of releasing) {
    released[request.title] = (await call<{ issue: { id: string | null } }>('POST', `/v1/portals/${portal.id}/requests/${request.id}/release`, { token })).body;
  }
  const exportIssue = released['Export stops at 1,000 rows']?.issue.id;
  if (exportIssue) {
    await call('POST', `/v1/issues/${exportIssue}/comments`, { token, body: { body: 'Thanks, Grace: we can see it too, and a fix is on its way.', visibility: 'public' } });
    await call('POST', `/v1/issues/${exportIssue}/comments`, { token, body: { body: 'Internal: the row cap is in the export worker; nobody outside the team reads this.', visibility: 'internal' } });
  }
  return `http://${portalHost}:${options.port}/`;
}
