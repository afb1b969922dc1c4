import { Dialog, navigate, Notice, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must, type Issue } from '../api';
import { attempt, issueKey } from '../issue-data';
import { useSession, workspacePath } from '../session';

/**
 * An issue shared to a portal becomes one of its requests, which its customers follow and vote
 * for (nothing is written to GitHub). A portal that has the issue already is not offered.
 */
export function ShareToPortal({ issue }: { issue: Issue }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [portalId, setPortalId] = useState('');
  const portals = useQuery({
    queryKey: ['portals', workspace!.id],
    queryFn: () => must(api.GET('/v1/portals', { params: { query: { limit: 100 } } })),
  });
  const free = (portals.data?.data ?? []).filter((p) => !issue.requests.some((r) => r.portalId === p.id));
  const chosen = portalId || free[0]?.id || '';
  const types = useQuery({
    queryKey: ['request-types', workspace!.id, chosen],
    enabled: open && Boolean(chosen),
    queryFn: () => must(api.GET('/v1/portals/{portalId}/request-types', { params: { path: { portalId: chosen } } })),
  });
  if (!portals.data || free.length === 0) return null;

  const share = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const title = String(form.get('title') ?? '').trim();
    const requestTypeId = String(form.get('requestType') ?? '') || null;
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() =>
      api.POST('/v1/portals/{portalId}/requests', {
        params: { path: { portalId: chosen }, header: { 'idempotency-key': crypto.randomUUID() } },
        body: { issueId: issue.id, visibility: form.get('visibility') === 'private' ? 'private' : 'public', requestTypeId, ...(title && title !== issue.title ? { title } : {}) },
      }),
    );
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    setOpen(false);
    toast('ok', `Shared as ${outcome.data.reference}.`);
    void queryClient.invalidateQueries({ queryKey: issueKey(workspace!.id, issue.id) });
    navigate(workspacePath(workspace!, `/requests/${chosen}/${outcome.data.id}`));
  };
  return (
    <>
      <button type="button" class="small" onClick={() => (setProblem(null), setOpen(true))}>Share to a portal…</button>
      <Dialog open={open} title="Share to a portal" onClose={() => setOpen(false)}>
        <form onSubmit={share}>
          <p class="help">The issue becomes a request of the portal, which its customers can follow and vote for. Nothing is written to GitHub.</p>
          <label for="share-portal">Portal</label>
          <select id="share-portal" value={chosen} onChange={(e) => setPortalId((e.target as HTMLSelectElement).value)}>
            {free.map((p) => (
              <option key={p.id} value={p.id}>{p.name}</option>
            ))}
          </select>
          <label for="share-title">Title customers see</label>
          <input id="share-title" name="title" minLength={3} maxLength={200} defaultValue={issue.title} />
          <label for="share-type">Request type</label>
          <select id="share-type" name="requestType" aria-describedby="share-type-help">
            <option value="">None</option>
            {(types.data?.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>{t.name}</option>
            ))}
          </select>
          <p id="share-type-help" class="help">A request type's status rules decide the status customers see.</p>
          <fieldset>
            <legend>Who sees it</legend>
            <label class="choice"><input type="radio" name="visibility" value="public" defaultChecked /> Every customer of the portal</label>
            <label class="choice"><input type="radio" name="visibility" value="private" /> Nobody yet (private: a shared issue has no requester)</label>
          </fieldset>
          {problem ? <Notice kind="error">{problem}</Notice> : null}
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>{busy ? 'Sharing…' : 'Share'}</button>
            <button type="button" onClick={() => setOpen(false)}>Cancel</button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
