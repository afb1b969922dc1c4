import { createSvcClient, type components } from '@svc/client';
import { describeProblem, fieldOf, REQUEST_STATUSES } from '@svc/ui-kit';

export { fieldOf };

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
export type Participants = components['schemas']['PortalRequestParticipants'];
export type RequestType = components['schemas']['PortalRequestTypeForm'];
export type FormField = RequestType['form'][number];
export type StatusId = PortalRequest['status']['id'];

/** The seven customer words, in the order a request moves through them. */
export const STATUSES: ReadonlyArray<{ id: StatusId; label: string }> = REQUEST_STATUSES;

/** What to tell a customer about a failed call (see the UI kit's describeProblem). */
export function problemOf(error: unknown, response?: Response): string {
  // The envelope's remedy speaks to API callers ("send challengeToken"); a person ticks the widget.
  const message = (error as { error?: { message?: string } } | undefined)?.error?.message;
  if (message && fieldOf(error) === 'challengeToken') return `${message} Complete the security check on the form, then send it again.`;
  return describeProblem(error, response, 'the portal');
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

/**
 * Uploads one file as the raw body; answers the attachment id. XMLHttpRequest rather than fetch:
 * only it tells how much of the body has gone, for the progress bar.
 */
export function upload(file: File, onProgress: (sent: number) => void = () => {}): Promise<{ id: string } | { problem: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/portal/attachments?filename=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve({ id: (body as { id: string }).id });
      } else {
        resolve({ problem: `${file.name}: ${problemOf(body, new Response(null, { status: xhr.status }))}` });
      }
    };
    xhr.onerror = () => resolve({ problem: `${file.name}: ${problemOf(undefined)}` });
    xhr.send(file);
  });
}
