import { Link } from '@svc/ui-kit';
import type { Workspace } from './api';
import { roleAtLeast, workspacePath } from './session';

/**
 * Every page of a workspace whose billing lapsed (or whose payment failed) says so above its
 * content, to every member: what still works, and who can restore it. The standing is the
 * workspace's own (`Workspace.billing`), which every member reads; the plan is for admins.
 */
export function BillingBanner({ workspace }: { workspace: Workspace }) {
  const { standing } = workspace.billing;
  if (standing !== 'lapsed' && standing !== 'past_due') return null;
  const owner = workspace.role === 'owner';
  const billing = roleAtLeast(workspace.role, 'admin') ? <Link href={workspacePath(workspace, '/settings/billing')}>Billing</Link> : null;
  if (standing === 'past_due') {
    return (
      <div class="billing-banner billing-past-due" role="status">
        A payment for {workspace.name} failed; the payments provider tries again and nothing is refused meanwhile.{' '}
        {owner ? <>Change the card in {billing}.</> : 'An owner of the workspace can change the card.'}
      </div>
    );
  }
  return (
    <div class="billing-banner billing-lapsed" role="alert">
      The billing of {workspace.name} has lapsed. Everything can still be read, and everyone can sign in, but changes (edits, comments, moves, new
      issues, invitations) are refused until it is paid.{' '}
      {owner ? <>Pay in {billing} to restore it.</> : <>An owner of the workspace can restore it{billing ? <> ({billing})</> : null}.</>}
    </div>
  );
}
