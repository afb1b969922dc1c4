import type { IssueSnapshot } from './write-store.js';

export interface ActivityChange {
  action: string;
  detail: Record<string, unknown>;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));
const minus = (a: string[], b: string[]) => a.filter((x) => !b.some((y) => y.toLowerCase() === x.toLowerCase()));

/**
 * The activity entries one write produced, from the cached issue before it and the code host's
 * answer after it: state moves are `issue.closed` / `issue.reopened`; title, body and a closed
 * issue's reason are `issue.edited` with the fields and their values before and after; labels,
 * assignees, milestone and type each have their own `_set` entry. A write that changed nothing
 * still leaves one `issue.edited` entry with no fields.
 */
export function activityOf(before: IssueSnapshot, after: IssueSnapshot): ActivityChange[] {
  const out: ActivityChange[] = [];
  if (before.state !== after.state) {
    out.push(after.state === 'closed' ? { action: 'issue.closed', detail: { stateReason: after.stateReason } } : { action: 'issue.reopened', detail: {} });
  }
  const edited: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of ['title', 'body'] as const) {
    if (before[field] !== after[field]) {
      edited.push(field);
      was[field] = before[field];
      now[field] = after[field];
    }
  }
  if (before.state === 'closed' && after.state === 'closed' && before.stateReason !== after.stateReason) {
    edited.push('stateReason');
    was.stateReason = before.stateReason;
    now.stateReason = after.stateReason;
  }
  if (edited.length) out.push({ action: 'issue.edited', detail: { fields: edited, before: was, after: now } });
  if (!sameSet(before.labels, after.labels)) {
    out.push({ action: 'issue.labels_set', detail: { before: before.labels, after: after.labels, added: minus(after.labels, before.labels), removed: minus(before.labels, after.labels) } });
  }
  if (!sameSet(before.assignees, after.assignees)) {
    out.push({
      action: 'issue.assignees_set',
      detail: { before: before.assignees, after: after.assignees, added: minus(after.assignees, before.assignees), removed: minus(before.assignees, after.assignees) },
    });
  }
  if ((before.milestone?.codehostId ?? null) !== (after.milestone?.codehostId ?? null)) {
    out.push({ action: 'issue.milestone_set', detail: { before: before.milestone?.title ?? null, after: after.milestone?.title ?? null } });
  }
  if (before.type !== after.type) out.push({ action: 'issue.type_set', detail: { before: before.type, after: after.type } });
  if (!out.length) out.push({ action: 'issue.edited', detail: { fields: [] } });
  return out;
}
