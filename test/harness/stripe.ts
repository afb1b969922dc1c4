import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../../src/config.js';

/**
 * A local stand-in for the part of Stripe's API the service calls (customers, checkout and portal
 * sessions, subscriptions), speaking Stripe's wire format (form-encoded requests, JSON objects and
 * error envelopes), with the test side of the provider: moving a subscription's status, and
 * delivering events signed exactly as Stripe signs them (the SDK's own test-signature helper).
 */
export const PRICES: StripeConfig['prices'] = {
  team: { monthly: 'price_team_monthly', annual: 'price_team_annual' },
  business: { monthly: 'price_business_monthly', annual: 'price_business_annual' },
};
const SECRET_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';

type Json = Record<string, any>;

/** Stripe's form encoding (`items[0][price]=…`) back into objects and arrays. */
function formToObject(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
  }
  return out;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startStripeStandIn() {
  let seq = 0;
  const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  /** Every call the service made, in order. */
  const calls: Array<{ method: string; path: string; body: Json }> = [];
  let failing = 0;

  function subscription(p: { customer: string; price: string; quantity: number; status: string; trialDays?: number; metadata: Json }): Json {
    const id = next('sub');
    const periodEnd = now() + 30 * 86400;
    const sub = {
      id,
      object: 'subscription',
      customer: p.customer,
      status: p.status,
      metadata: p.metadata,
      trial_end: p.trialDays ? now() + p.trialDays * 86400 : null,
      trial_settings: null as Json | null,
      items: { object: 'list', data: [{ id: next('si'), object: 'subscription_item', price: { id: p.price, object: 'price' }, quantity: p.quantity, current_period_end: periodEnd }] },
    };
    subscriptions.set(id, sub);
    return sub;
  }

  function answer(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = formToObject(Buffer.concat(chunks).toString());
    const path = new URL(req.url!, 'http://x').pathname;
    calls.push({ method: req.method!, path, body });
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) return answer(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (failing > 0) {
      failing -= 1;
      return answer(res, 400, { error: { type: 'invalid_request_error', message: 'The stand-in was told to refuse this call.' } });
    }
    const key = req.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotent.get(`${path}:${key}`) : undefined;
    if (remembered) return answer(res, 200, remembered);
    const remember = (object: Json) => {
      if (typeof key === 'string') idempotent.set(`${path}:${key}`, object);
      return answer(res, 200, object);
    };

    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = { id: next('cus'), object: 'customer', name: body.name, email: body.email, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return remember(customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs');
      const session = { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/${id}`, expires_at: now() + 86400, status: 'open', subscription: null, ...body };
      sessions.set(id, session);
      return remember(session);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(body.customer)) return answer(res, 400, { error: { type: 'invalid_request_error', message: `No such customer: '${body.customer}'` } });
      const id = next('bps');
      return remember({ id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/${id}`, customer: body.customer, return_url: body.return_url });
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const item = body.items[0];
      const sub = subscription({ customer: body.customer, price: item.price, quantity: Number(item.quantity), status: body.trial_period_days ? 'trialing' : 'active', trialDays: Number(body.trial_period_days ?? 0), metadata: body.metadata ?? {} });
      sub.trial_settings = body.trial_settings ?? null;
      return remember(sub);
    }
    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (one) {
      const sub = subscriptions.get(one[1]);
      if (!sub) return answer(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${one[1]}'` } });
      if (req.method === 'POST') {
        for (const change of body.items ?? []) {
          const item = sub.items.data.find((i: Json) => i.id === change.id);
          if (item && change.quantity !== undefined) item.quantity = Number(change.quantity);
        }
      }
      return answer(res, 200, sub);
    }
    return answer(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: Json): Json => ({ id: next('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), type, data: { object: structuredClone(object) }, livemode: false });

  return {
    url,
    config: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: url, prices: PRICES } satisfies StripeConfig,
    calls,
    customers,
    sessions,
    subscriptions,
    /** The next `n` API calls are refused (400), as a provider refusing or failing would. */
    failNext(n = 1) {
      failing = n;
    },
    /** The customer pays a checkout session: its subscription starts, and the events Stripe would send. */
    completeCheckout(sessionId: string): { subscription: Json; events: Json[] } {
      const session = sessions.get(sessionId)!;
      const item = session.line_items[0];
      const sub = subscription({ customer: session.customer, price: item.price, quantity: Number(item.quantity), status: 'active', metadata: session.subscription_data?.metadata ?? {} });
      Object.assign(session, { status: 'complete', subscription: sub.id });
      return { subscription: sub, events: [event('customer.subscription.created', sub), event('checkout.session.completed', session)] };
    },
    /** The subscription moves to `status` (and its event, as of now). */
    setStatus(subscriptionId: string, status: string, type = status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated'): Json {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = status;
      if (status !== 'trialing') sub.trial_end = sub.trial_end && Math.min(sub.trial_end, now());
      return event(type, sub);
    },
    /** An invoice event about the subscription (`invoice.paid`, `invoice.payment_failed`), in the current API's shape. */
    invoiceEvent(subscriptionId: string, type: 'invoice.paid' | 'invoice.payment_failed'): Json {
      const sub = subscriptions.get(subscriptionId)!;
      return event(type, { id: next('in'), object: 'invoice', customer: sub.customer, parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } } });
    },
    event,
    /** Delivers an event to the service as Stripe does: the JSON body and its `Stripe-Signature`. */
    async deliver(serviceUrl: string, e: Json, options: { secret?: string; tamper?: boolean } = {}) {
      const payload = JSON.stringify(e);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
      const res = await fetch(`${serviceUrl}/v1/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
