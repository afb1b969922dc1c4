import { Notice, toast } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { attempt } from '../issue-data';
import { useSession } from '../session';
import { KIND_WORDS } from '../notifications';

type Preferences = components['schemas']['NotificationPreferences'];
type Kind = keyof Preferences;
type EmailMode = Preferences[Kind]['email'];

const ORDER: Kind[] = ['assigned', 'mentioned', 'comment', 'request_status', 'request_held', 'request_new'];
const EMAIL: Array<{ value: EmailMode; label: string }> = [
  { value: 'immediate', label: 'Right away' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'none', label: 'No e-mail' },
];

/** Per kind of notification: whether it arrives in the inbox, and how it is e-mailed. Each change saves at once. */
export function NotificationPreferences() {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const key = ['notification-preferences', workspace!.id];
  const preferences = useQuery({ queryKey: key, queryFn: () => must(api.GET('/v1/notifications/preferences')) });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState<Kind | null>(null);

  const change = async (kind: Kind, value: { inbox?: boolean; email?: EmailMode }) => {
    setSaving(kind);
    setProblem(null);
    // Shown at once as chosen; a refusal reads the stored preferences back.
    queryClient.setQueryData(key, (old: Preferences | undefined) => (old ? { ...old, [kind]: { ...old[kind], ...value } } : old));
    const outcome = await attempt(() => api.PATCH('/v1/notifications/preferences', { body: { [kind]: value } }));
    setSaving(null);
    if (!outcome.ok) {
      setProblem(`${KIND_WORDS[kind].title}: not changed. ${outcome.problem}`);
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    queryClient.setQueryData(key, outcome.data);
    toast('ok', `${KIND_WORDS[kind].title}: saved.`);
  };

  return (
    <section class="card preferences" aria-labelledby="preferences-title">
      <h2 id="preferences-title">What reaches you</h2>
      <p class="help">For this workspace only. An e-mail goes only for what arrives in the inbox.</p>
      {preferences.isError ? <Notice kind="error">{preferences.error.message}</Notice> : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {preferences.data ? (
        <table class="preference-table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">In the inbox</th>
              <th scope="col">E-mail</th>
            </tr>
          </thead>
          <tbody>
            {ORDER.map((kind) => {
              const now = preferences.data[kind];
              return (
                <tr key={kind}>
                  <th scope="row">
                    {KIND_WORDS[kind].title}
                    <span class="help"> {KIND_WORDS[kind].help}</span>
                  </th>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${KIND_WORDS[kind].title} in the inbox`}
                      checked={now.inbox}
                      disabled={saving === kind}
                      onChange={(e) => change(kind, { inbox: (e.target as HTMLInputElement).checked })}
                    />
                  </td>
                  <td>
                    <select
                      class="compact"
                      aria-label={`${KIND_WORDS[kind].title} by e-mail`}
                      value={now.email}
                      disabled={saving === kind || !now.inbox}
                      onChange={(e) => change(kind, { email: (e.target as HTMLSelectElement).value as EmailMode })}
                    >
                      {EMAIL.map((m) => (
                        <option key={m.value} value={m.value}>{m.label}</option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
