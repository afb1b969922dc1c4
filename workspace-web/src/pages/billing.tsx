import { day, Notice, PageTitle } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must, problemOf } from '../api';
import { useSession } from '../session';

type Billing = components['schemas']['Billing'];
type PaidPlan = 'team' | 'business';

const STANDING: Record<Billing['standing'], string> = {
  free: 'Free',
  trialing: 'Trial',
  active: 'Paid',
  past_due: 'Payment failed, being retried',
  lapsed: 'Lapsed',
};

const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;
const limit = (n: number | null) => (n === null ? 'no limit' : String(n));

/**
 * `/settings/billing` (admins read it, as `GET /v1/billing` allows; owners pay): the standing in
 * words, the plan, seats in use, the plan's limits against what the workspace uses, and the ways
 * to pay: the 14-day trial, the provider's checkout, the provider's billing portal. Paying leaves
 * this origin for the provider's pages, which send the owner back.
 */
export function BillingPage() {
  const { workspace, refresh } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const billing = useQuery({ queryKey: ['billing', workspace!.id], queryFn: () => must(api.GET('/v1/billing')) });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [plan, setPlan] = useState<PaidPlan>('team');
  const [interval, setInterval] = useState<'monthly' | 'annual'>('monthly');
  const owner = workspace!.role === 'owner';
  const onlyOwners = owner ? undefined : 'Only an owner of the workspace can pay or change its plan.';

  if (billing.isPending) return <p class="loading">Loading the billing…</p>;
  if (billing.isError) return <Notice kind="error">{billing.error.message}</Notice>;
  const b = billing.data;

  /** Leaves for the provider's page the call answers with, or says why not. */
  const leaveFor = async (call: () => Promise<{ data?: { url: string }; error?: unknown; response: Response }>) => {
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await call();
    if (data) {
      window.location.assign(data.url);
      return;
    }
    setBusy(false);
    setProblem(problemOf(error, response));
  };
  const startTrial = async () => {
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await api.POST('/v1/billing/trial', { body: {} });
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    queryClient.setQueryData(['billing', workspace!.id], data);
    // The standing every page shows (the lapsed banner) is the workspace's: read it again.
    await refresh();
  };

  if (!b.provider) {
    return (
      <>
        <PageTitle>Billing</PageTitle>
        <Notice kind="info">Billing is not configured on this service (demo mode, or a service run without a payments provider): every workspace is free, without limits, and there is nothing to pay.</Notice>
        <Usage billing={b} />
      </>
    );
  }

  const planName = b.plans.find((p) => p.id === b.plan)?.name ?? b.plan;
  const trialDays = b.trialEndsAt ? Math.max(0, Math.ceil((Date.parse(b.trialEndsAt) - Date.now()) / 86_400_000)) : null;
  const subscribed = b.standing !== 'free';
  return (
    <>
      <PageTitle>Billing</PageTitle>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {b.standing === 'lapsed' ? (
        <Notice kind="error">
          The workspace's billing has lapsed: everyone can still read and sign in, but every change is refused until an owner pays in the billing portal below.
        </Notice>
      ) : null}
      {b.standing === 'past_due' ? <Notice kind="info">A payment failed. The payments provider tries again; nothing is refused meanwhile. An owner can change the card in the billing portal.</Notice> : null}
      <div class="card">
        <h2>Plan</h2>
        <dl class="facts">
          <dt>Standing</dt>
          <dd class={`standing standing-${b.standing}`}>{STANDING[b.standing]}</dd>
          <dt>Plan</dt>
          <dd>{planName}{b.interval ? `, paid ${b.interval === 'annual' ? 'yearly' : 'monthly'}` : ''}</dd>
          {b.standing === 'trialing' && b.trialEndsAt ? (
            <>
              <dt>Trial</dt>
              <dd>{trialDays === 1 ? '1 day' : `${trialDays} days`} left (ends {day(b.trialEndsAt)}). Add a payment method in the billing portal before then, or the workspace lapses.</dd>
            </>
          ) : null}
          {b.currentPeriodEnd && b.standing !== 'trialing' ? (
            <>
              <dt>Renews</dt>
              <dd>{day(b.currentPeriodEnd)}</dd>
            </>
          ) : null}
          <dt>Seats in use</dt>
          <dd>
            {b.billableMembers} (owners, admins and members; viewers are free){subscribed ? `; the provider charges for ${b.quantity}` : ''}
          </dd>
        </dl>
      </div>
      <Usage billing={b} />
      <div class="card">
        <h2>Pay or change the plan</h2>
        {onlyOwners ? <p class="help">{onlyOwners}</p> : null}
        {subscribed ? (
          <>
            <p>Plan, seats' payment method, invoices and cancelling are in the payments provider's billing portal.</p>
            <button type="button" class="primary" disabled={busy || !owner} title={onlyOwners} onClick={() => leaveFor(() => api.POST('/v1/billing/portal'))}>
              Open the billing portal
            </button>
          </>
        ) : (
          <>
            {b.trialAvailable ? (
              <>
                <p>Try the Team plan for 14 days, without a payment method.</p>
                <button type="button" class="primary" disabled={busy || !owner} title={onlyOwners} onClick={startTrial}>Start the 14-day trial</button>
              </>
            ) : null}
            <form
              class="checkout"
              onSubmit={(event) => {
                event.preventDefault();
                void leaveFor(() => api.POST('/v1/billing/checkout', { body: { plan, interval } }));
              }}
            >
              <fieldset disabled={busy || !owner}>
                <legend>Subscribe</legend>
                {b.plans
                  .filter((p): p is typeof p & { id: PaidPlan } => p.id !== 'free')
                  .map((p) => (
                    <label key={p.id} class="field-checkbox">
                      <input type="radio" name="plan" value={p.id} checked={plan === p.id} onChange={() => setPlan(p.id)} />
                      <span>
                        <strong>{p.name}</strong>: {money(interval === 'annual' ? p.annualCentsPerMonth : p.monthlyCents)} a seat a month
                        {interval === 'annual' ? ', paid yearly' : ''}; {limit(p.limits.members)} members, {limit(p.limits.portals)} portals, {limit(p.limits.repositories)} repositories
                      </span>
                    </label>
                  ))}
                <label for="billing-interval">Paid</label>
                <select id="billing-interval" value={interval} onChange={(e) => setInterval((e.target as HTMLSelectElement).value as 'monthly' | 'annual')}>
                  <option value="monthly">monthly</option>
                  <option value="annual">yearly</option>
                </select>
                <button type="submit" class={b.trialAvailable ? undefined : 'primary'}>Go to checkout</button>
              </fieldset>
            </form>
          </>
        )}
      </div>
    </>
  );
}

/** What the plan allows against what the workspace uses. */
function Usage({ billing }: { billing: Billing }) {
  const rows = [
    ['Members (billable)', billing.usage.members, billing.limits.members],
    ['Portals', billing.usage.portals, billing.limits.portals],
    ['Repositories mirrored', billing.usage.repositories, billing.limits.repositories],
  ] as const;
  return (
    <div class="card">
      <h2>Use</h2>
      <table class="usage">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">In use</th>
            <th scope="col">The plan allows</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([what, used, allowed]) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td>{used}</td>
              <td>{limit(allowed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
