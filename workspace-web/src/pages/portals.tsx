import { Link, PageTitle, Notice } from '@svc/ui-kit';
import { useQuery } from '@tanstack/preact-query';
import { inWorkspace, must } from '../api';
import { useSession, workspacePath } from '../session';

/** Admins and owners change portals (the API's rule); members read them. */
export const canRunPortals = (role: string | undefined) => role === 'admin' || role === 'owner';

/** `/w/<slug>/portals`: the workspace's customer portals, each with its address, and a new one. */
export function PortalsPage() {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const portals = useQuery({ queryKey: ['portals', workspace!.id], queryFn: () => must(api.GET('/v1/portals', { params: { query: { limit: 100 } } })) });
  const admin = canRunPortals(workspace!.role);
  return (
    <>
      <div class="list-head">
        <PageTitle>Portals</PageTitle>
        {admin ? <Link href={workspacePath(workspace!, '/portals/new')} class="button primary">New portal</Link> : null}
      </div>
      <p class="help">A portal is a website of its own where your customers send requests, follow them and vote; each request becomes an issue on GitHub.</p>
      {admin ? null : <p class="help">Only admins and owners change portals.</p>}
      {portals.isError ? <Notice kind="error">{portals.error.message}</Notice> : null}
      {portals.data && portals.data.data.length === 0 ? <p class="empty">No portal yet.{admin ? ' Make the first one.' : ''}</p> : null}
      <ul class="plain-list portal-list">
        {(portals.data?.data ?? []).map((p) => (
          <li key={p.id} class="card">
            <h2><Link href={workspacePath(workspace!, `/portals/${p.id}`)}>{p.name}</Link></h2>
            <p class="meta">
              <a href={`${location.protocol}//${p.host}/`} target="_blank" rel="noopener noreferrer">{p.host}</a> · {p.access === 'open' ? 'Open to anybody' : 'Invite-only'} · requests {p.referencePrefix}-1, {p.referencePrefix}-2…
            </p>
            <p class="button-row">
              <Link href={workspacePath(workspace!, `/portals/${p.id}/request-types`)}>Request types</Link>
              <Link href={workspacePath(workspace!, `/portals/${p.id}/customers`)}>Customers and companies</Link>
              <Link href={workspacePath(workspace!, `/portals/${p.id}`)}>Settings</Link>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
