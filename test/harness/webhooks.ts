import { createHmac, randomUUID } from 'node:crypto';

/**
 * Delivers a webhook to the service's receiver as GitHub does: the JSON body signed with the
 * app's webhook secret (`X-Hub-Signature-256`), with `X-GitHub-Event` and a `X-GitHub-Delivery` guid.
 */
export async function deliverSigned(serviceUrl: string, secret: string, event: string, payload: unknown, guid: string = randomUUID()) {
  const body = JSON.stringify(payload);
  const res = await fetch(`${serviceUrl}/v1/codehost/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': guid,
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
  const text = await res.text();
  let parsed: { ok?: boolean; duplicate?: boolean; error?: unknown } = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, text, body: parsed, guid };
}
