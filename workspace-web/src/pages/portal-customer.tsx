import { Link, moment, navigate, Notice, PageTitle } from '@svc/ui-kit';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/preact-query';
import { inWorkspace, must } from '../api';
import { useSession, workspacePath } from '../session';
import { Missing, missingTitle } from './missing';
import { CustomerActions } from './portal-customers';
import { canRunPortals } from './portals';
import { RequestRow } from './requests';

const PAGE = 25;

/**
 * `/w/<slug>/portals/<portalId>/customers/<customerId>`: one customer of a portal: who they are,
 * what an admin does to them (the customer list's own actions), and every request they submitted,
 * newest first, whatever its state, each leading to its page.
 */
export function PortalCustomerPage({ portalId, customerId }: { portalId: string; customerId: string }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const admin = canRunPortals(workspace!.role);
  const listPath = workspacePath(workspace!, `/portals/${portalId}/customers`);
  const customer = useQuery({
    queryKey: ['customer', workspace!.id, portalId, customerId],
    queryFn: () => must(api.GET('/v1/portals/{portalId}/customers/{customerId}', { params: { path: { portalId, customerId } } })),
  });
  const portal = useQuery({ queryKey: ['portal', workspace!.id, portalId], queryFn: () => must(api.GET('/v1/portals/{portalId}', { params: { path: { portalId } } })) });
  const companies = useQuery({
    queryKey: ['companies', workspace!.id, portalId],
    enabled: admin,
    queryFn: () => must(api.GET('/v1/portals/{portalId}/companies', { params: { path: { portalId }, query: { limit: 100 } } })),
  });
  // Under `['requests', ws]`, so the live stream's request events refetch it.
  const requests = useInfiniteQuery({
    queryKey: ['requests', workspace!.id, 'customer', portalId, customerId],
    enabled: customer.isSuccess,
    queryFn: ({ pageParam }) =>
      must(api.GET('/v1/requests', { params: { query: { portalId, customerId, sort: 'newest', limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ['customer', workspace!.id, portalId, customerId] });
    void queryClient.invalidateQueries({ queryKey: ['customers', workspace!.id, portalId] });
    // A move changes the company shown on each of their requests.
    void queryClient.invalidateQueries({ queryKey: ['requests', workspace!.id] });
  };
  const removed = () => {
    void queryClient.invalidateQueries({ queryKey: ['customers', workspace!.id, portalId] });
    queryClient.removeQueries({ queryKey: ['customer', workspace!.id, portalId, customerId] });
    navigate(listPath);
  };

  if (customer.isPending) return <p class="loading">Loading the customer…</p>;
  if (customer.isError) return <Missing title={missingTitle(customer.error, 'Customer')} problem={customer.error.message} back={{ href: listPath, label: 'Back to the customers' }} />;
  const who = customer.data;
  const rows = requests.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <p class="crumbs">
        <Link href={workspacePath(workspace!, '/portals')}>Portals</Link> · <Link href={workspacePath(workspace!, `/portals/${portalId}`)}>{portal.data?.name ?? 'Portal'}</Link> ·{' '}
        <Link href={listPath}>Customers</Link>
      </p>
      <PageTitle>{who.name}</PageTitle>
      <dl class="details customer-details">
        <div><dt>E-mail</dt><dd>{who.email}</dd></div>
        <div><dt>Company</dt><dd>{who.company?.name ?? 'No company'}</dd></div>
        <div><dt>Role</dt><dd>{who.role === 'manager' ? 'Manager: sees every request of their company' : 'Customer'}</dd></div>
        <div><dt>Customer since</dt><dd>{moment(who.createdAt)}</dd></div>
      </dl>
      {admin ? (
        <section class="customer-actions" aria-labelledby="customer-actions-title">
          <h2 id="customer-actions-title">Role, company and access</h2>
          <CustomerActions customer={who} portalId={portalId} companies={companies.data?.data ?? []} changed={changed} removed={removed} />
        </section>
      ) : (
        <p class="help">Only admins and owners change and remove customers.</p>
      )}
      <section aria-labelledby="customer-requests-title">
        <h2 id="customer-requests-title">Requests</h2>
        {requests.isError ? <Notice kind="error">{requests.error.message}</Notice> : null}
        {requests.isPending ? <p class="loading">Loading their requests…</p> : null}
        {requests.data && rows.length === 0 ? <p class="empty">{who.name} has not submitted any requests on this portal.</p> : null}
        <ol class="request-list" aria-label={`Requests of ${who.name}`}>
          {rows.map((r) => (
            <RequestRow key={r.id} request={r} requester={false} />
          ))}
        </ol>
        {requests.hasNextPage ? (
          <button type="button" disabled={requests.isFetchingNextPage} onClick={() => requests.fetchNextPage()}>
            {requests.isFetchingNextPage ? 'Loading more…' : 'More requests'}
          </button>
        ) : null}
      </section>
    </>
  );
}
