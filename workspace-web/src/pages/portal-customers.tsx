import { Dialog, Link, moment, navigate, Notice, PageTitle, toast } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { attempt } from '../issue-data';
import { useSession, workspacePath } from '../session';
import { canRunPortals } from './portals';

export type Customer = components['schemas']['PortalCustomer'];
export type Company = components['schemas']['Company'];

/**
 * `/w/<slug>/portals/<id>/customers`: the portal's customers, searched by name or address and by
 * company (both in the address), invited by e-mail (the sign-in link goes out at once), made a
 * manager or a customer, moved to another company, removed; and its companies, made, renamed and
 * deleted. Each name leads to the customer's own page. Admins and owners change them; members read.
 */
export function PortalCustomersPage({ portalId, location }: { portalId: string; location: URL }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const admin = canRunPortals(workspace!.role);
  const q = location.searchParams.get('q') ?? '';
  const companyId = location.searchParams.get('company') ?? '';
  const portal = useQuery({ queryKey: ['portal', workspace!.id, portalId], queryFn: () => must(api.GET('/v1/portals/{portalId}', { params: { path: { portalId } } })) });
  const companies = useQuery({
    queryKey: ['companies', workspace!.id, portalId],
    queryFn: () => must(api.GET('/v1/portals/{portalId}/companies', { params: { path: { portalId }, query: { limit: 100 } } })),
  });
  const customers = useInfiniteQuery({
    queryKey: ['customers', workspace!.id, portalId, q, companyId],
    queryFn: ({ pageParam }) =>
      must(api.GET('/v1/portals/{portalId}/customers', { params: { path: { portalId }, query: { limit: 50, ...(q ? { q } : {}), ...(companyId ? { companyId } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const [inviting, setInviting] = useState(false);
  const setFilter = (name: 'q' | 'company', value: string) => {
    const next = new URLSearchParams(location.searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    const text = next.toString();
    navigate(`${location.pathname}${text ? `?${text}` : ''}`, { replace: name === 'q', keepScroll: true });
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['customers', workspace!.id, portalId] });
    void queryClient.invalidateQueries({ queryKey: ['companies', workspace!.id, portalId] });
  };
  const list = customers.data?.pages.flatMap((p) => p.data) ?? [];
  const companyList = companies.data?.data ?? [];

  return (
    <>
      <p class="crumbs">
        <Link href={workspacePath(workspace!, '/portals')}>Portals</Link> · <Link href={workspacePath(workspace!, `/portals/${portalId}`)}>{portal.data?.name ?? 'Portal'}</Link>
      </p>
      <div class="list-head">
        <PageTitle>Customers of {portal.data?.name ?? 'the portal'}</PageTitle>
        {admin ? <button type="button" class="primary" onClick={() => setInviting(true)}>Invite a customer</button> : null}
      </div>
      {admin ? null : <p class="help">Only admins and owners invite, change and remove customers.</p>}
      <form class="customer-filters" role="search" aria-label="Find customers" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label for="customer-search">Name or e-mail</label>
          <input id="customer-search" type="search" defaultValue={q} onInput={(e) => setFilter('q', (e.target as HTMLInputElement).value.trim())} />
        </div>
        <div>
          <label for="customer-company">Company</label>
          <select id="customer-company" value={companyId} onChange={(e) => setFilter('company', (e.target as HTMLSelectElement).value)}>
            <option value="">Any</option>
            {companyList.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
        </div>
      </form>
      {customers.isError ? <Notice kind="error">{customers.error.message}</Notice> : null}
      {customers.data && list.length === 0 ? <p class="empty">{q || companyId ? 'No customer matches.' : 'No customers yet.'}</p> : null}
      <ul class="plain-list customer-list" aria-label="Customers">
        {list.map((c) => (
          <CustomerRow key={c.id} customer={c} portalId={portalId} companies={companyList} canChange={admin} changed={refresh} />
        ))}
      </ul>
      {customers.hasNextPage ? <button type="button" disabled={customers.isFetchingNextPage} onClick={() => customers.fetchNextPage()}>Show more</button> : null}
      <Companies portalId={portalId} companies={companyList} canChange={admin} changed={refresh} />
      <InviteCustomer portalId={portalId} portalHost={portal.data?.host ?? ''} companies={companyList} open={inviting} close={() => setInviting(false)} invited={refresh} />
    </>
  );
}

function CustomerRow({ customer, portalId, companies, canChange, changed }: { customer: Customer; portalId: string; companies: Company[]; canChange: boolean; changed: () => void }) {
  const { workspace } = useSession();
  return (
    <li class="customer-row">
      <div>
        <Link href={workspacePath(workspace!, `/portals/${portalId}/customers/${customer.id}`)}><strong>{customer.name}</strong></Link> <span class="meta">{customer.email}</span>
        <p class="meta">
          {customer.role === 'manager' ? 'Manager' : 'Customer'}
          {customer.company ? ` at ${customer.company.name}` : ', no company'} · since {moment(customer.createdAt)}
        </p>
      </div>
      {canChange ? <CustomerActions customer={customer} portalId={portalId} companies={companies} changed={changed} removed={changed} /> : null}
    </li>
  );
}

/**
 * What an admin does to one customer, in the list and on the customer's own page: make them a
 * manager or a customer, move them to another company or to none, remove them (after a
 * confirmation). A change the API refuses is said beside the controls.
 */
export function CustomerActions({ customer, portalId, companies, changed, removed }: { customer: Customer; portalId: string; companies: Company[]; changed: () => void; removed: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const change = async (body: { role?: Customer['role']; companyId?: string | null }, said: string) => {
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.PATCH('/v1/portals/{portalId}/customers/{customerId}', { params: { path: { portalId, customerId: customer.id } }, body }));
    setBusy(false);
    if (!outcome.ok) return setProblem(`${customer.name} was not changed. ${outcome.problem}`);
    toast('ok', said);
    changed();
  };
  const remove = async () => {
    setBusy(true);
    const outcome = await attempt(() => api.DELETE('/v1/portals/{portalId}/customers/{customerId}', { params: { path: { portalId, customerId: customer.id } } }));
    setBusy(false);
    setRemoving(false);
    if (!outcome.ok) return setProblem(`${customer.name} was not removed. ${outcome.problem}`);
    toast('ok', `Removed ${customer.name}. They can no longer sign in.`);
    removed();
  };
  return (
    <div class="customer-controls">
      <label class="sr-only" for={`role-${customer.id}`}>Role of {customer.name}</label>
      <select id={`role-${customer.id}`} class="compact" value={customer.role} disabled={busy} onChange={(e) => {
        const role = (e.target as HTMLSelectElement).value as Customer['role'];
        void change({ role }, role === 'manager' ? `${customer.name} is a manager: they see their company's requests.` : `${customer.name} is a customer.`);
      }}>
        <option value="customer">Customer</option>
        <option value="manager">Manager</option>
      </select>
      <label class="sr-only" for={`company-${customer.id}`}>Company of {customer.name}</label>
      <select id={`company-${customer.id}`} class="compact" value={customer.company?.id ?? ''} disabled={busy} onChange={(e) => {
        const next = (e.target as HTMLSelectElement).value || null;
        void change({ companyId: next }, next ? `Moved ${customer.name} to ${companies.find((c) => c.id === next)?.name ?? 'the company'}.` : `${customer.name} is in no company now.`);
      }}>
        <option value="">No company</option>
        {companies.map((c) => (
          <option key={c.id} value={c.id}>{c.name}</option>
        ))}
      </select>
      <button type="button" class="small danger" disabled={busy} aria-label={`Remove ${customer.name}`} onClick={() => setRemoving(true)}>Remove</button>
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      <Dialog open={removing} title={`Remove ${customer.name}?`} onClose={() => setRemoving(false)}>
        <p>They can no longer sign in to the portal. Their requests stay, and an invitation brings them back.</p>
        <div class="button-row">
          <button type="button" class="danger" disabled={busy} onClick={remove}>Remove the customer</button>
          <button type="button" onClick={() => setRemoving(false)}>Keep them</button>
        </div>
      </Dialog>
    </div>
  );
}

function InviteCustomer(props: { portalId: string; portalHost: string; companies: Company[]; open: boolean; close: () => void; invited: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field?: string } | null>(null);
  const invite = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const email = String(form.get('email') ?? '').trim();
    const name = String(form.get('name') ?? '').trim();
    const companyId = String(form.get('companyId') ?? '') || null;
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() =>
      api.POST('/v1/portals/{portalId}/customers', {
        params: { path: { portalId: props.portalId }, header: { 'idempotency-key': crypto.randomUUID() } },
        body: { email, ...(name ? { name } : {}), companyId, role: form.get('role') === 'manager' ? 'manager' : 'customer' },
      }),
    );
    setBusy(false);
    if (!outcome.ok) return setProblem({ text: outcome.problem, field: outcome.field });
    props.close();
    toast('ok', `Invited ${outcome.data.email}: a sign-in link to ${props.portalHost} is on its way.`);
    props.invited();
  };
  const emailProblem = problem?.field === 'email' ? problem.text : null;
  return (
    <Dialog open={props.open} title="Invite a customer" onClose={() => (setProblem(null), props.close())}>
      <form onSubmit={invite}>
        <p class="help">They get an e-mail with a link that signs them in to {props.portalHost || 'the portal'}.</p>
        <label for="invite-email">E-mail address</label>
        <input id="invite-email" name="email" type="email" required maxLength={320} autoComplete="off" aria-invalid={emailProblem ? true : undefined} aria-describedby={emailProblem ? 'invite-email-problem' : undefined} />
        {emailProblem ? <p id="invite-email-problem" class="problem">{emailProblem}</p> : null}
        <label for="invite-name">Name (optional)</label>
        <input id="invite-name" name="name" maxLength={200} autoComplete="off" />
        <label for="invite-company">Company</label>
        <select id="invite-company" name="companyId">
          <option value="">No company</option>
          {props.companies.map((c) => (
            <option key={c.id} value={c.id}>{c.name}</option>
          ))}
        </select>
        <fieldset>
          <legend>Role</legend>
          <label class="choice"><input type="radio" name="role" value="customer" defaultChecked /> Customer: sees their own requests and public ones</label>
          <label class="choice"><input type="radio" name="role" value="manager" /> Manager: also sees every request of their company, and invites colleagues</label>
        </fieldset>
        {problem && !emailProblem ? <Notice kind="error">{problem.text}</Notice> : null}
        <div class="button-row">
          <button type="submit" class="primary" disabled={busy}>{busy ? 'Sending the invitation…' : 'Send the invitation'}</button>
          <button type="button" onClick={props.close}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}

/** The portal's companies: made, renamed and deleted. */
function Companies({ portalId, companies, canChange, changed }: { portalId: string; companies: Company[]; canChange: boolean; changed: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) return;
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.POST('/v1/portals/{portalId}/companies', { params: { path: { portalId }, header: { 'idempotency-key': crypto.randomUUID() } }, body: { name } }));
    setBusy(false);
    if (!outcome.ok) return setProblem(`${name} was not added. ${outcome.problem}`);
    form.reset();
    toast('ok', `Added the company ${outcome.data.name}.`);
    changed();
  };
  return (
    <section class="card" aria-labelledby="companies-title">
      <h2 id="companies-title">Companies</h2>
      <p class="help">A company's manager sees all of its requests; a request can be shown to the whole company.</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {companies.length === 0 ? <p class="empty">No companies yet.</p> : null}
      <ul class="plain-list">
        {companies.map((c) => (
          <CompanyRow key={c.id} company={c} portalId={portalId} canChange={canChange} changed={changed} />
        ))}
      </ul>
      {canChange ? (
        <form class="inline-form" onSubmit={add}>
          <label for="company-name">New company</label>
          <input id="company-name" name="name" required maxLength={120} autoComplete="off" />
          <button type="submit" disabled={busy}>Add the company</button>
        </form>
      ) : null}
    </section>
  );
}

/** One company: renamed in place, deleted after a confirmation. */
function CompanyRow({ company, portalId, canChange, changed }: { company: Company; portalId: string; canChange: boolean; changed: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = async (event: Event) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget as HTMLFormElement).get('name') ?? '').trim();
    if (!name || name === company.name) return setRenaming(false);
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.PATCH('/v1/portals/{portalId}/companies/{companyId}', { params: { path: { portalId, companyId: company.id } }, body: { name } }));
    setBusy(false);
    if (!outcome.ok) return setProblem(`${company.name} was not renamed. ${outcome.problem}`);
    setRenaming(false);
    toast('ok', `Renamed to ${outcome.data.name}.`);
    changed();
  };
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.DELETE('/v1/portals/{portalId}/companies/{companyId}', { params: { path: { portalId, companyId: company.id } } }));
    setBusy(false);
    setDeleting(false);
    if (!outcome.ok) return setProblem(`${company.name} was not deleted. ${outcome.problem}`);
    toast('ok', `Deleted the company ${company.name}.`);
    changed();
  };
  return (
    <li class="row company-row">
      {renaming ? (
        <form class="inline-form" onSubmit={rename} aria-label={`Rename ${company.name}`}>
          <label class="sr-only" for={`company-rename-${company.id}`}>New name for {company.name}</label>
          <input id={`company-rename-${company.id}`} name="name" required maxLength={120} defaultValue={company.name} autoFocus disabled={busy}
            onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); setRenaming(false); } }} />
          <button type="submit" class="small primary" disabled={busy}>Save</button>
          <button type="button" class="small" disabled={busy} onClick={() => setRenaming(false)}>Cancel</button>
        </form>
      ) : (
        <span>{company.name}</span>
      )}
      {canChange && !renaming ? (
        <span class="button-row">
          <button type="button" class="small" aria-label={`Rename ${company.name}`} onClick={() => setRenaming(true)}>Rename</button>
          <button type="button" class="small danger" aria-label={`Delete ${company.name}`} onClick={() => setDeleting(true)}>Delete</button>
        </span>
      ) : null}
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      <Dialog open={deleting} title={`Delete the company ${company.name}?`} onClose={() => setDeleting(false)}>
        <p>Its customers stay, in no company; what they see narrows at once to their own requests and public ones.</p>
        <div class="button-row">
          <button type="button" class="danger" disabled={busy} onClick={remove}>Delete the company</button>
          <button type="button" onClick={() => setDeleting(false)}>Keep it</button>
        </div>
      </Dialog>
    </li>
  );
}
