import type { StatusId, StoredStatusCondition, StoredStatusRule } from '../../../db/schema/index.js';

/** What a request's status is computed from, read from the cache at every read (never stored). */
export interface StatusInput {
  /** In the hold queue: no issue yet. */
  held: boolean;
  /** Rejected from the hold queue. */
  rejected: boolean;
  issue: {
    state: 'open' | 'closed';
    stateReason: string | null;
    /** Label names. */
    labels: string[];
    hasMilestone: boolean;
    /** Per project card of the issue: single-select values by field node id, and the name of each field. */
    cards: Array<{ values: Record<string, string>; fieldNames: Record<string, string> }>;
  } | null;
}

/** Labels that mean the team waits on the customer, compared ignoring case, spaces and dashes. */
export const WAITING_LABELS = new Set(['needsinfo', 'needsmoreinfo', 'waitingoncustomer', 'waitingforcustomer', 'moreinforequired', 'awaitingresponse']);
/** Values of a project's Status field, compared ignoring case, spaces and dashes. */
export const IN_PROGRESS_VALUES = new Set(['inprogress', 'doing', 'inreview', 'review', 'started']);
export const PLANNED_VALUES = new Set(['todo', 'planned', 'ready', 'upnext', 'next', 'scheduled']);
export const DONE_VALUES = new Set(['done', 'completed', 'shipped', 'released']);

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** The Status field values of the issue's cards (a single-select field named "Status"). */
function statusValues(issue: NonNullable<StatusInput['issue']>): string[] {
  return issue.cards.flatMap((card) =>
    Object.entries(card.values)
      .filter(([fieldNodeId]) => squash(card.fieldNames[fieldNodeId] ?? '') === 'status')
      .map(([, value]) => squash(value)),
  );
}

/**
 * The default rules, in order; the first that holds decides. Published in /openapi.json through
 * `defaultStatusRulesText` and held to by test/requests/status.test.ts row by row.
 */
export const defaultStatusRules: ReadonlyArray<{ when: string; status: StatusId; holds: (issue: NonNullable<StatusInput['issue']>) => boolean }> = [
  { when: 'closed as a duplicate', status: 'merged', holds: (i) => i.state === 'closed' && i.stateReason === 'duplicate' },
  { when: 'closed as completed', status: 'completed', holds: (i) => i.state === 'closed' && i.stateReason === 'completed' },
  { when: 'closed any other way (not planned, or no reason given)', status: 'closed', holds: (i) => i.state === 'closed' },
  {
    when: 'open with a label meaning the team waits on the customer (needs-info, needs more info, waiting on customer, waiting for customer, more info required, awaiting response; case, spaces and dashes ignored)',
    status: 'waiting_on_you',
    holds: (i) => i.labels.some((l) => WAITING_LABELS.has(squash(l))),
  },
  {
    when: "open, on a project whose Status field says In progress, Doing, In review, Review or Started",
    status: 'in_progress',
    holds: (i) => statusValues(i).some((v) => IN_PROGRESS_VALUES.has(v)),
  },
  {
    when: 'open, on a project whose Status field says Done, Completed, Shipped or Released',
    status: 'completed',
    holds: (i) => statusValues(i).some((v) => DONE_VALUES.has(v)),
  },
  {
    when: 'open, on a project whose Status field says Todo, Planned, Ready, Up next, Next or Scheduled, or in a milestone',
    status: 'planned',
    holds: (i) => i.hasMilestone || statusValues(i).some((v) => PLANNED_VALUES.has(v)),
  },
  { when: 'anything else', status: 'open', holds: () => true },
];

export const defaultStatusRulesText = defaultStatusRules.map((r, n) => `${n + 1}. ${r.when}: ${r.status}`).join('; ');

function conditionHolds(when: StoredStatusCondition, issue: NonNullable<StatusInput['issue']>): boolean {
  switch (when.kind) {
    case 'closed':
      return issue.state === 'closed' && (when.stateReason === null || issue.stateReason === when.stateReason);
    case 'open':
      return issue.state === 'open';
    case 'label':
      return issue.labels.some((l) => l.toLowerCase() === when.name.toLowerCase());
    case 'field':
      return issue.cards.some((card) => card.values[when.fieldNodeId]?.toLowerCase() === when.value.toLowerCase());
  }
}

/**
 * A request's status: rejected is Closed and held is Open (to the requester, the only customer who
 * sees them); otherwise the request type's rules in order, first match wins, and the default rules
 * when the type has none or none of them matches.
 */
export function derivedStatus(input: StatusInput, rules: readonly StoredStatusRule[]): StatusId {
  if (input.rejected) return 'closed';
  if (input.held || !input.issue) return 'open';
  const issue = input.issue;
  for (const rule of rules) if (conditionHolds(rule.when, issue)) return rule.status;
  return defaultStatusRules.find((rule) => rule.holds(issue))!.status;
}
