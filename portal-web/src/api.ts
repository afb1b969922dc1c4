import { createSvcClient, type components } from '@svc/client';

/**
 * The portal API of the portal this page is on: same origin, so the portal session cookie
 * (host-only, `Path=/portal`) goes with every call and no token is kept in script reach.
 */
export const api = createSvcClient({ baseUrl: window.location.origin });

export type Front = components['schemas']['PortalFront'];
export type Me = components['schemas']['PortalMe'];
export type PortalRequest = components['schemas']['PortalCustomerRequest'];
export type Comment = components['schemas']['PortalComment'];
export type Attachment = components['schemas']['Attachment'];
export type Colleague = components['schemas']['PortalColleague'];
export type RequestType = components['schemas']['PortalRequestTypeForm'];
export type FormField = RequestType['form'][number];
export type StatusId = PortalRequest['status']['id'];

/** The seven customer words, in the order a request moves through them. */
export const STATUSES: Array<{ id: StatusId; label: string }> = [
  { id: 'open', label: 'Open' },
  { id: 'planned', label: 'Planned' },
  { id: 'in_progress', label: 'In progress' },
  { id: 'waiting_on_you', label: 'Waiting on you' },
  { id: 'completed', label: 'Completed' },
  { id: 'merged', label: 'Merged' },
  { id: 'closed', label: 'Closed' },
];

/**
 * What to tell a person about a failed call: the envelope's message (and its remedy), or the
 * sign-in library's `{ message }`, or the status.
 */
export function problemOf(error: unknown, response?: Response): string {
  const e = error as { error?: { message?: string; remedy?: string }; message?: string } | undefined;
  // The envelope's remedy speaks to API callers ("send challengeToken"); a person ticks the widget.
  if (e?.error?.message && fieldOf(error) === 'challengeToken') return `${e.error.message} Complete the security check on the form, then send it again.`;
  if (e?.error?.message) return e.error.remedy ? `${e.error.message} ${e.error.remedy}` : e.error.message;
  if (typeof e?.message === 'string' && e.message) return e.message;
  if (response?.status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (response && response.status >= 500) return 'The portal is not answering right now. Try again in a moment.';
  return response ? `That did not work (${response.status}).` : 'The portal could not be reached. Check your connection.';
}

/** The field a 422 names (`detail.field`), e.g. `values.steps` or `title`. */
export function fieldOf(error: unknown): string | undefined {
  const field = (error as { error?: { detail?: { field?: unknown } } } | undefined)?.error?.detail?.field;
  return typeof field === 'string' ? field : undefined;
}

/** Ends this session (the sign-in library's sign-out, declared in /openapi.json) and clears the cookie. */
export async function signOut(): Promise<void> {
  await api.POST('/portal/auth/sign-out');
}

/** Changes the customer's display name (the sign-in library's update-user, declared in /openapi.json). */
export async function rename(name: string): Promise<string | null> {
  const { error, response } = await api.POST('/portal/auth/update-user', { body: { name } });
  return response.ok ? null : problemOf(error, response);
}

/** Uploads one file as the raw body; answers the attachment id. */
export async function upload(file: File): Promise<{ id: string } | { problem: string }> {
  const res = await fetch(`/portal/attachments?filename=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) return { problem: `${file.name}: ${problemOf(body, res)}` };
  return { id: (body as { id: string }).id };
}
