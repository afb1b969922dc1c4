import { Dialog, day, moment, Notice, PageTitle, toast } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must, type Workspace } from '../api';
import { attempt } from '../issue-data';
import { roleAtLeast, useSession } from '../session';

type Member = components['schemas']['Member'];
type Invitation = components['schemas']['Invitation'];
type Role = Workspace['role'];

const ROLES: Role[] = ['viewer', 'member', 'admin', 'owner'];
const ROLE_WORDS: Record<Role, string> = {
  viewer: 'Viewer: reads everything, changes nothing (free)',
  member: 'Member: issues, comments, projects and requests',
  admin: 'Admin: also people, portals and the GitHub connection',
  owner: 'Owner: also billing and the workspace itself',
};
const NAMES: Record<Role, string> = { viewer: 'Viewer', member: 'Member', admin: 'Admin', owner: 'Owner' };

/**
 * `/w/<slug>/settings/people`: the members and their roles, read by everyone; admins and owners
 * invite, change roles and remove, and see the pending invitations. The rules shown here are the
 * API's (members/service.ts): only an owner makes or changes an owner, and the last owner stays.
 */
export function PeoplePage() {
  const { workspace, me } = useSession();
  const api = inWorkspace(workspace!.id);
  const manages = roleAtLeast(workspace!.role, 'admin');
  const members = useInfiniteQuery({
    queryKey: ['members', workspace!.id],
    queryFn: ({ pageParam }) => must(api.GET('/v1/members', { params: { query: { limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const list = members.data?.pages.flatMap((p) => p.data) ?? [];
  // Counted over every page: until all are read, another owner may be further down the list.
  const owners = members.hasNextPage ? Infinity : list.filter((m) => m.role === 'owner').length;

  return (
    <>
      <PageTitle>People</PageTitle>
      {manages ? (
        <InviteForm />
      ) : (
        <p class="help">You are a {workspace!.role}: only admins and owners invite people, change roles and remove members.</p>
      )}
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members{members.data ? <span class="meta"> ({list.length}{members.hasNextPage ? '+' : ''})</span> : null}</h2>
        {members.isError ? <Notice kind="error">{members.error.message}</Notice> : null}
        {members.isPending ? <p class="loading">Loading the members…</p> : null}
        {members.data ? (
          <table class="people-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                {manages ? <th scope="col"><span class="sr-only">Remove</span></th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((m) => (
                <MemberRow key={m.membershipId} member={m} you={m.userId === me.userId} manages={manages} lastOwner={m.role === 'owner' && owners <= 1} />
              ))}
            </tbody>
          </table>
        ) : null}
        {members.hasNextPage ? <button type="button" disabled={members.isFetchingNextPage} onClick={() => members.fetchNextPage()}>Show more members</button> : null}
      </section>
      {manages ? <PendingInvitations /> : null}
    </>
  );
}

/** Why the caller may not change this member's role or remove them, or null when they may. */
function reasonAgainst(member: Member, callerRole: Role, lastOwner: boolean, what: 'role' | 'remove'): string | null {
  if (member.role === 'owner' && callerRole !== 'owner') return what === 'role' ? "Only an owner can change an owner's role." : 'Only an owner can remove an owner.';
  if (lastOwner) return what === 'role' ? 'The last owner cannot be demoted: make someone else an owner first.' : 'The last owner cannot be removed: make someone else an owner first.';
  return null;
}

function MemberRow({ member, you, manages, lastOwner }: { member: Member; you: boolean; manages: boolean; lastOwner: boolean }) {
  const session = useSession();
  const workspace = session.workspace!;
  const api = inWorkspace(workspace.id);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const roleReason = manages ? reasonAgainst(member, workspace.role, lastOwner, 'role') : null;
  const removeReason = manages ? reasonAgainst(member, workspace.role, lastOwner, 'remove') : null;
  const label = you ? `${member.name} (you)` : member.name;
  // The caller's own role is what the whole page is drawn from: read it again after changing it.
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: ['members', workspace.id] });
    if (you) await session.refresh();
  };

  const changeRole = async (role: Role) => {
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.PATCH('/v1/members/{memberId}', { params: { path: { memberId: member.membershipId } }, body: { role } }));
    setBusy(false);
    if (!outcome.ok) {
      setProblem(`${member.name}'s role was not changed. ${outcome.problem}`);
      // The select shows what is stored, not the choice that was refused.
      await queryClient.invalidateQueries({ queryKey: ['members', workspace.id] });
      return;
    }
    toast('ok', `${you ? 'You are' : `${member.name} is`} now ${role === 'admin' ? 'an' : 'a'} ${role}.`);
    await changed();
  };
  const remove = async () => {
    setBusy(true);
    const outcome = await attempt(() => api.DELETE('/v1/members/{memberId}', { params: { path: { memberId: member.membershipId } } }));
    setBusy(false);
    setRemoving(false);
    if (!outcome.ok) return setProblem(`${member.name} was not removed. ${outcome.problem}`);
    toast('ok', you ? `You left ${workspace.name}.` : `Removed ${member.name} from ${workspace.name}. Their API keys stopped working.`);
    await changed();
  };

  const roleId = `role-${member.membershipId}`;
  const reasonId = `reason-${member.membershipId}`;
  const reason = roleReason ?? removeReason;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{member.email}</td>
      <td>
        {manages ? (
          <>
            <label class="sr-only" for={roleId}>Role of {member.name}</label>
            <select id={roleId} class="compact" value={member.role} disabled={busy || roleReason !== null} aria-describedby={reason ? reasonId : undefined} onChange={(e) => void changeRole((e.target as HTMLSelectElement).value as Role)}>
              {ROLES.map((r) => (
                // Owners are made only by owners: an admin sees the choice, not usable.
                <option key={r} value={r} disabled={r === 'owner' && workspace.role !== 'owner'}>{NAMES[r]}</option>
              ))}
            </select>
          </>
        ) : (
          NAMES[member.role]
        )}
        {reason ? <p id={reasonId} class="meta">{reason}</p> : null}
        {problem ? <p class="problem" role="alert">{problem}</p> : null}
      </td>
      <td>{day(member.createdAt)}</td>
      {manages ? (
        <td>
          <button type="button" class="small danger" disabled={busy || removeReason !== null} aria-label={you ? 'Leave the workspace' : `Remove ${member.name}`} aria-describedby={removeReason ? reasonId : undefined} onClick={() => setRemoving(true)}>
            {you ? 'Leave' : 'Remove'}
          </button>
          <Dialog open={removing} title={you ? `Leave ${workspace.name}?` : `Remove ${member.name}?`} onClose={() => setRemoving(false)}>
            <p>
              {you
                ? `You lose access to ${workspace.name} at once, and your API keys for it stop working. Only an invitation brings you back.`
                : `${member.name} (${member.email}) loses access to ${workspace.name} at once, and their API keys stop working. Issues and comments they wrote on GitHub stay.`}
            </p>
            <div class="button-row">
              <button type="button" class="danger" disabled={busy} onClick={remove}>{you ? 'Leave the workspace' : `Remove ${member.name}`}</button>
              <button type="button" onClick={() => setRemoving(false)}>Cancel</button>
            </div>
          </Dialog>
        </td>
      ) : null}
    </tr>
  );
}

/** Invite by e-mail with a role: one line of controls, sent with Enter from any of them. */
function InviteForm() {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field?: string } | null>(null);
  const invite = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const role = String(data.get('role') ?? 'member') as Role;
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.POST('/v1/invitations', { params: { header: { 'idempotency-key': crypto.randomUUID() } }, body: { email, role } }));
    setBusy(false);
    if (!outcome.ok) return setProblem({ text: outcome.problem, field: outcome.field });
    form.reset();
    toast('ok', `Invited ${outcome.data.email} as ${role === 'admin' ? 'an' : 'a'} ${role}: the e-mail is on its way.`);
    await queryClient.invalidateQueries({ queryKey: ['invitations', workspace!.id] });
  };
  const emailProblem = problem?.field === 'email' ? problem.text : null;
  return (
    <section class="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <p class="help">They get an e-mail with a link to join {workspace!.name}; it works for 7 days.</p>
      <form class="inline-form invite-form" onSubmit={invite}>
        <div>
          <label for="invite-email">E-mail address</label>
          <input id="invite-email" name="email" type="email" required maxLength={320} autoComplete="off" aria-invalid={emailProblem ? true : undefined} aria-describedby={emailProblem ? 'invite-email-problem' : undefined} />
        </div>
        <div>
          <label for="invite-role">Role</label>
          <select id="invite-role" name="role" defaultValue="member">
            {ROLES.filter((r) => r !== 'owner' || workspace!.role === 'owner').map((r) => (
              <option key={r} value={r}>{ROLE_WORDS[r]}</option>
            ))}
          </select>
        </div>
        <button type="submit" class="primary" disabled={busy}>{busy ? 'Sending the invitation…' : 'Send the invitation'}</button>
      </form>
      {emailProblem ? <p id="invite-email-problem" class="problem">{emailProblem}</p> : null}
      {problem && !emailProblem ? <Notice kind="error">The invitation was not sent. {problem.text}</Notice> : null}
    </section>
  );
}

function PendingInvitations() {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const invitations = useQuery({
    queryKey: ['invitations', workspace!.id],
    queryFn: () => must(api.GET('/v1/invitations', { params: { query: { limit: 100 } } })),
  });
  const list = invitations.data?.data ?? [];
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">Pending invitations</h2>
      {invitations.isError ? <Notice kind="error">{invitations.error.message}</Notice> : null}
      {invitations.data && list.length === 0 ? <p class="empty">No invitation is waiting for an answer.</p> : null}
      {list.length ? (
        <table class="people-table">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Sent</th>
              <th scope="col">Expires</th>
              <th scope="col"><span class="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {list.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </tbody>
        </table>
      ) : null}
      {invitations.data?.nextCursor ? <p class="help">Only the newest 100 are shown.</p> : null}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const ownersOnly = invitation.role === 'owner' && workspace!.role !== 'owner';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['invitations', workspace!.id] });

  const resend = async () => {
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.POST('/v1/invitations/{invitationId}/resend', { params: { path: { invitationId: invitation.id } } }));
    setBusy(false);
    if (!outcome.ok) return setProblem(`The invitation to ${invitation.email} was not sent again. ${outcome.problem}`);
    toast('ok', `Sent the invitation to ${invitation.email} again. The link in the earlier e-mail no longer works.`);
    await refresh();
  };
  const revoke = async () => {
    setBusy(true);
    const outcome = await attempt(() => api.DELETE('/v1/invitations/{invitationId}', { params: { path: { invitationId: invitation.id } } }));
    setBusy(false);
    setRevoking(false);
    if (!outcome.ok) return setProblem(`The invitation to ${invitation.email} was not revoked. ${outcome.problem}`);
    toast('ok', `Revoked the invitation to ${invitation.email}. Its link no longer works.`);
    await refresh();
  };
  const reasonId = `invitation-reason-${invitation.id}`;
  return (
    <tr>
      <th scope="row">{invitation.email}</th>
      <td>{NAMES[invitation.role]}</td>
      <td>{invitation.invitedBy}</td>
      <td>{moment(invitation.createdAt)}</td>
      <td>{moment(invitation.expiresAt)}</td>
      <td>
        <div class="button-row">
          <button type="button" class="small" disabled={busy || ownersOnly} aria-label={`Resend the invitation to ${invitation.email}`} aria-describedby={ownersOnly ? reasonId : undefined} onClick={resend}>Resend</button>
          <button type="button" class="small danger" disabled={busy} aria-label={`Revoke the invitation to ${invitation.email}`} onClick={() => setRevoking(true)}>Revoke</button>
        </div>
        {ownersOnly ? <p id={reasonId} class="meta">Only an owner can send an owner's invitation again.</p> : null}
        {problem ? <p class="problem" role="alert">{problem}</p> : null}
        <Dialog open={revoking} title={`Revoke the invitation to ${invitation.email}?`} onClose={() => setRevoking(false)}>
          <p>The link in the e-mail stops working at once. You can invite the address again later.</p>
          <div class="button-row">
            <button type="button" class="danger" disabled={busy} onClick={revoke}>Revoke the invitation</button>
            <button type="button" onClick={() => setRevoking(false)}>Cancel</button>
          </div>
        </Dialog>
      </td>
    </tr>
  );
}
