import type { components } from '@svc/client';

type AuditEntry = components['schemas']['AuditEntry'];

/** The audit log's actions in words; the code stays beside them (it is what the Action filter takes). */
const ACTION_WORDS: Record<string, string> = {
  'workspace.created': 'Workspace made',
  'workspace.renamed': 'Workspace renamed',
  'member.joined': 'Joined the workspace',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'invitation.created': 'Invitation sent',
  'invitation.resent': 'Invitation sent again',
  'invitation.revoked': 'Invitation revoked',
  'api_key.issued': 'API key issued',
  'api_key.revoked': 'API key revoked',
  'codehost.connected': 'GitHub connected',
  'repository.sync_enabled': 'Repository mirrored',
  'repository.sync_disabled': 'Repository no longer mirrored',
  'billing.changed': 'Billing changed',
  'chat_webhook.set': 'Chat webhook set',
  'chat_webhook.changed': 'Chat webhook changed',
  'chat_webhook.removed': 'Chat webhook removed',
  'issue.created': 'Issue opened',
  'issue.edited': 'Issue edited',
  'issue.reopened': 'Issue reopened',
  'issue.assignees_set': 'Assignees set',
  'issue.labels_set': 'Labels set',
  'issue.milestone_set': 'Milestone set',
  'issue.type_set': 'Issue type set',
  'comment.added': 'Comment added',
  'comment.edited': 'Comment edited',
  'comment.deleted': 'Comment deleted',
  'label.created': 'Label made',
  'milestone.created': 'Milestone made',
  'view.created': 'Saved view made',
  'view.updated': 'Saved view changed',
  'view.deleted': 'Saved view deleted',
  'project.field_set': 'Project field set',
  'project.field_cleared': 'Project field cleared',
  'project.item_added': 'Added to a project',
  'project.item_moved': 'Moved in a project',
  'project.item_removed': 'Removed from a project',
  'portal.created': 'Portal made',
  'portal.changed': 'Portal changed',
  'portal.deleted': 'Portal deleted',
  'portal_customer.invited': 'Customer invited',
  'portal_customer.changed': 'Customer changed',
  'portal_customer.removed': 'Customer removed',
  'portal_customer.erased': "Customer's data erased",
  'company.created': 'Company made',
  'company.changed': 'Company changed',
  'company.deleted': 'Company deleted',
  'request_type.created': 'Request type made',
  'request_type.changed': 'Request type changed',
  'request_type.deleted': 'Request type deleted',
  'request.submitted': 'Request submitted',
  'request.changed': 'Request changed',
  'request.released': 'Request released',
  'request.rejected': 'Request rejected',
  'request.shared': 'Request shared',
  'request.deleted': 'Request deleted',
  'request.participant_added': 'Participant added to a request',
  'request.participant_removed': 'Participant removed from a request',
};

/** An action in words: known ones as above, any other as its code read aloud ("thing.did_this" → "Thing: did this"). */
export function actionWords(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const [object, verb] = action.split('.', 2);
  const spoken = (s: string) => s.replace(/_/g, ' ');
  return verb ? `${spoken(object[0].toUpperCase() + object.slice(1))}: ${spoken(verb)}` : spoken(action);
}

const OBJECT_WORDS: Record<string, string> = { api_key: 'API key', codehost: 'GitHub', chat_webhook: 'chat webhook', portal_customer: 'customer', request_type: 'request type' };

/** A text field of the entry's after (or before) state, when it names the object. */
function named(entry: AuditEntry, field: string): string | null {
  for (const state of [entry.after, entry.before]) {
    const value = state?.[field];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/**
 * The object an entry is about, as a person knows it: a member by name, a key or portal by its
 * name, an invitation by its address, a repository by its full name; else its type alone (the id
 * is shown beside it). `memberNames` maps membership ids to names (the members list).
 */
export function objectWords(entry: AuditEntry, memberNames: ReadonlyMap<string, string>): { type: string; name: string | null } {
  const { type, id } = entry.target;
  const name =
    type === 'member'
      ? (memberNames.get(id) ?? named(entry, 'name') ?? named(entry, 'email'))
      : type === 'invitation'
        ? named(entry, 'email')
        : type === 'repository'
          ? named(entry, 'fullName')
          : named(entry, 'name') ?? named(entry, 'title');
  return { type: OBJECT_WORDS[type] ?? type.replace(/_/g, ' '), name };
}
