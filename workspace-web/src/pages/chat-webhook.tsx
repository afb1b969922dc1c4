import type { components } from '@svc/client';
import { Dialog, moment, Notice, PageTitle, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { CallFailed, inWorkspace, must } from '../api';
import { attempt } from '../issue-data';
import { useSession } from '../session';

type ChatWebhook = components['schemas']['ChatWebhook'];
type ChatEvent = components['schemas']['ChatWebhookEvent'];
type TestResult = components['schemas']['ChatWebhookTestResult'];

const EVENTS: Array<{ value: ChatEvent; label: string }> = [
  { value: 'request.created', label: 'A customer submitted a request' },
  { value: 'request.held', label: 'A newcomer’s request waits in the hold queue' },
  { value: 'request.released', label: 'A member released a held request' },
  { value: 'request.status_changed', label: 'The status customers see changed' },
  { value: 'request.public_comment', label: 'A public comment on a request' },
];

/** What a delivery's answer means, in words. */
export function deliveryWords(status: number | null, error: string | null): string {
  if (status === null) return `No answer${error ? `: ${error}` : ''}.`;
  if (status >= 200 && status < 300) return `Accepted: the chat service answered ${status}.`;
  return `Not accepted: the chat service answered ${status}${error ? ` (${error})` : ''}.`;
}

const chatKey = (workspaceId: string) => ['chat-webhook', workspaceId];

/**
 * `/w/<slug>/settings/chat`: the workspace's one outgoing chat webhook. Its URL is a secret the
 * service never shows again, so the page shows the masked form and changes events and the switch
 * without it; a new URL replaces the old one.
 */
export function ChatWebhookPage() {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const hook = useQuery({
    queryKey: chatKey(workspace!.id),
    queryFn: async () => {
      try {
        return await must(api.GET('/v1/integrations/chat-webhook'));
      } catch (error) {
        if (error instanceof CallFailed && error.status === 404) return null;
        throw error;
      }
    },
  });
  return (
    <div class="chat-webhook">
      <PageTitle>Chat webhook</PageTitle>
      <p class="help">Tells a team channel (Slack, Mattermost, Rocket.Chat, or Discord’s …/slack address) about portal requests: one message per event you choose.</p>
      {hook.isPending ? <p class="loading">Loading the chat webhook…</p> : null}
      {hook.isError ? <Notice kind="error">{hook.error.message}</Notice> : null}
      {hook.data !== undefined ? <ChatWebhookForm hook={hook.data} /> : null}
    </div>
  );
}

function ChatWebhookForm({ hook }: { hook: ChatWebhook | null }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<ChatEvent[]>(hook?.events ?? ['request.created', 'request.public_comment']);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tested, setTested] = useState<TestResult | null>(null);
  const [removing, setRemoving] = useState(false);
  const stored = (next: ChatWebhook | null) => queryClient.setQueryData(chatKey(workspace!.id), next);

  const save = async (event: Event) => {
    event.preventDefault();
    setProblem(null);
    if (!hook && !url.trim()) return setProblem('Give the incoming-webhook URL of the channel.');
    setBusy('save');
    const outcome = url.trim()
      ? await attempt(() => api.PUT('/v1/integrations/chat-webhook', { body: { url: url.trim(), events, enabled: hook?.enabled ?? true } }))
      : await attempt(() => api.PATCH('/v1/integrations/chat-webhook', { body: { events } }));
    setBusy(null);
    if (!outcome.ok) return setProblem(`Not saved. ${outcome.problem}`);
    stored(outcome.data);
    setUrl('');
    toast('ok', url.trim() ? 'The chat webhook is set.' : 'The events are saved.');
  };

  const turn = async (enabled: boolean) => {
    setProblem(null);
    setBusy('switch');
    const outcome = await attempt(() => api.PATCH('/v1/integrations/chat-webhook', { body: { enabled } }));
    setBusy(null);
    if (!outcome.ok) return setProblem(`It was not turned ${enabled ? 'on' : 'off'}. ${outcome.problem}`);
    stored(outcome.data);
    toast('ok', `The chat webhook is ${enabled ? 'on' : 'off'}.`);
  };

  const test = async () => {
    setProblem(null);
    setTested(null);
    setBusy('test');
    const outcome = await attempt(() => api.POST('/v1/integrations/chat-webhook/test'));
    setBusy(null);
    if (!outcome.ok) return setProblem(`The test message was not sent. ${outcome.problem}`);
    setTested(outcome.data);
    void queryClient.invalidateQueries({ queryKey: chatKey(workspace!.id) });
  };

  const toggle = (value: ChatEvent, on: boolean) => setEvents(on ? [...events, value] : events.filter((e) => e !== value));
  return (
    <>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {hook ? (
        <section class="card chat-state" aria-labelledby="chat-state-title">
          <h2 id="chat-state-title">Now</h2>
          <dl class="facts">
            <dt>Sends to</dt>
            <dd><code>{hook.url}</code></dd>
            <dt>State</dt>
            <dd>{hook.enabled ? 'On' : 'Off'}</dd>
            <dt>Last delivery</dt>
            <dd>{hook.lastDelivery ? <>{moment(hook.lastDelivery.at)}: {deliveryWords(hook.lastDelivery.status, hook.lastDelivery.error)}</> : 'None yet.'}</dd>
            {hook.failingSince ? (
              <>
                <dt>Failing since</dt>
                <dd>{moment(hook.failingSince)}; after 24 hours of failures the service turns it off.</dd>
              </>
            ) : null}
          </dl>
          {hook.disabledReason ? <Notice kind="error">The service turned it off. {hook.disabledReason}</Notice> : null}
          <div class="button-row">
            <button type="button" disabled={busy !== null} onClick={() => turn(!hook.enabled)}>{busy === 'switch' ? 'Turning…' : hook.enabled ? 'Turn off' : 'Turn on'}</button>
            <button type="button" disabled={busy !== null} onClick={test}>{busy === 'test' ? 'Sending…' : 'Send a test message'}</button>
          </div>
          {tested ? (
            <p role="status" class={tested.accepted ? 'test-result ok' : 'test-result failed'}>Test message: {deliveryWords(tested.status, tested.error)}</p>
          ) : null}
        </section>
      ) : (
        <p class="empty">No chat webhook is set.</p>
      )}
      <form class="card" aria-label={hook ? 'Change the chat webhook' : 'Set the chat webhook'} onSubmit={save}>
        <fieldset class="bare" disabled={busy !== null}>
          <div class="form-field">
            <label for="chat-url">{hook ? 'New URL' : 'Incoming-webhook URL'}</label>
            <p class="help" id="chat-url-help">{hook ? 'Leave empty to keep the one set; a new URL replaces it and starts a clean record.' : 'The secret URL the chat service gives for an incoming webhook. It is never shown again.'}</p>
            <input id="chat-url" type="url" maxLength={2048} required={!hook} autoComplete="off" placeholder="https://hooks.slack.com/services/…" aria-describedby="chat-url-help" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
          </div>
          <fieldset>
            <legend>Events the channel hears of</legend>
            {EVENTS.map((e) => (
              <label key={e.value} class="choice">
                <input type="checkbox" checked={events.includes(e.value)} onChange={(ev) => toggle(e.value, (ev.target as HTMLInputElement).checked)} /> {e.label}
              </label>
            ))}
          </fieldset>
          <div class="button-row">
            <button type="submit" class="primary">{busy === 'save' ? 'Saving…' : hook ? 'Save' : 'Set the chat webhook'}</button>
          </div>
        </fieldset>
      </form>
      {hook ? (
        <section class="card danger-zone" aria-labelledby="remove-chat-title">
          <h2 id="remove-chat-title">Remove the chat webhook</h2>
          <p>The channel hears nothing more; messages still queued are dropped.</p>
          <button type="button" class="danger" onClick={() => setRemoving(true)}>Remove…</button>
          <RemoveChatWebhook open={removing} close={() => setRemoving(false)} removed={() => (stored(null), setTested(null))} />
        </section>
      ) : null}
    </>
  );
}

function RemoveChatWebhook({ open, close, removed }: { open: boolean; close: () => void; removed: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.DELETE('/v1/integrations/chat-webhook'));
    setBusy(false);
    if (!outcome.ok) return setProblem(`It was not removed. ${outcome.problem}`);
    close();
    removed();
    toast('ok', 'The chat webhook is removed.');
  };
  return (
    <Dialog open={open} title="Remove the chat webhook?" onClose={close}>
      <p>The channel hears nothing more of the portals’ requests. To use it again, set its URL again.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <div class="button-row">
        <button type="button" class="danger" disabled={busy} onClick={remove}>{busy ? 'Removing…' : 'Remove it'}</button>
        <button type="button" onClick={close}>Keep it</button>
      </div>
    </Dialog>
  );
}
