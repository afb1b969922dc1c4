import { Dialog, moment, Notice, PageTitle, toast } from '@svc/ui-kit';
import { useInfiniteQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { IssuedKeyPanel, IssueKeyForm, scopesInWords, type ApiKey, type IssuedApiKey } from '../api-key-issuing';
import { attempt } from '../issue-data';
import { useSession } from '../session';

/** The workspace's API keys, a page of the API at a time (`['api-keys', ws]`: issuing and revoking refresh it). */
export function useApiKeys(workspaceId: string) {
  return useInfiniteQuery({
    queryKey: ['api-keys', workspaceId],
    queryFn: ({ pageParam }) => must(inWorkspace(workspaceId).GET('/v1/api-keys', { params: { query: { limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * `/w/<slug>/settings/keys`: the workspace's API keys, newest first, with what each may do and when
 * it was last used; issuing one (shown once) and revoking one.
 */
export function ApiKeysPage() {
  const { workspace } = useSession();
  const workspaceId = workspace!.id;
  const keys = useApiKeys(workspaceId);
  // The key itself lives only here, for as long as the panel is open.
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const rows = keys.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <PageTitle>API keys</PageTitle>
      <p class="help">A key lets a script or an AI client use this workspace's API as the member who issued it, narrowed to what was chosen. Send it as <code>Authorization: Bearer svc_…</code>.</p>
      {issued ? (
        <IssuedKeyPanel issued={issued} onClose={() => setIssued(null)} />
      ) : (
        <details class="card issue-key-card">
          <summary>Issue a key</summary>
          <IssueKeyForm workspaceId={workspaceId} idPrefix="new-key" onIssued={setIssued} />
        </details>
      )}

      <h2 id="keys-title">Keys in use</h2>
      {keys.isError ? <Notice kind="error">{keys.error.message}</Notice> : null}
      {keys.isPending ? <p class="loading">Loading the keys…</p> : null}
      {keys.isSuccess && rows.length === 0 ? <p class="empty">No key yet.</p> : null}
      {rows.length ? (
        <div class="table-scroll">
          <table class="key-table" aria-labelledby="keys-title">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">May do</th>
                <th scope="col">Last used</th>
                <th scope="col">Created by</th>
                <th scope="col">Created</th>
                <th scope="col"><span class="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((k) => (
                <KeyRow key={k.id} apiKey={k} revoke={() => setRevoking(k)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {keys.hasNextPage ? (
        <button type="button" onClick={() => void keys.fetchNextPage()} disabled={keys.isFetchingNextPage}>
          {keys.isFetchingNextPage ? 'Loading more keys…' : 'More keys'}
        </button>
      ) : null}
      <RevokeDialog workspaceId={workspaceId} apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function KeyRow({ apiKey: k, revoke }: { apiKey: ApiKey; revoke(): void }) {
  const expired = k.expiresAt !== null && new Date(k.expiresAt).getTime() <= Date.now();
  return (
    <tr>
      <th scope="row">
        {k.name}
        <span class="meta key-prefix">{k.prefix}…</span>
        {k.expiresAt ? <span class={`meta${expired ? ' key-expired' : ''}`}>{expired ? `Expired ${moment(k.expiresAt)}` : `Expires ${moment(k.expiresAt)}`}</span> : null}
      </th>
      <td>{scopesInWords(k.scopes)}</td>
      <td>{k.lastUsedAt ? moment(k.lastUsedAt) : 'Never'}</td>
      <td>{k.createdBy.name}</td>
      <td>{moment(k.createdAt)}</td>
      <td>
        <button type="button" class="danger" aria-label={`Revoke ${k.name}`} onClick={revoke}>Revoke</button>
      </td>
    </tr>
  );
}

function RevokeDialog({ workspaceId, apiKey, onClose }: { workspaceId: string; apiKey: ApiKey | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!apiKey) return;
    setBusy(true);
    const outcome = await attempt(() => inWorkspace(workspaceId).DELETE('/v1/api-keys/{apiKeyId}', { params: { path: { apiKeyId: apiKey.id } } }));
    setBusy(false);
    // A key already revoked elsewhere is gone too: the list is read again either way.
    await queryClient.invalidateQueries({ queryKey: ['api-keys', workspaceId] });
    if (!outcome.ok) return setProblem(`${apiKey.name} was not revoked. ${outcome.problem}`);
    toast('ok', `Revoked ${apiKey.name}.`);
    close();
  };
  return (
    <Dialog open={apiKey !== null} title={apiKey ? `Revoke ${apiKey.name}?` : 'Revoke'} onClose={close}>
      <p>Whatever uses {apiKey?.name} stops working at once: scripts and AI clients holding it are refused from now on. This cannot be undone.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <div class="button-row">
        <button type="button" class="danger" onClick={confirm} disabled={busy}>{busy ? 'Revoking…' : `Revoke ${apiKey?.name ?? ''}`}</button>
        <button type="button" onClick={close}>Keep it</button>
      </div>
    </Dialog>
  );
}
