import { describe, expect, it } from 'vitest';
import type { StoredStatusRule } from '../../src/db/schema/index.js';
import { defaultStatusRules, derivedStatus, type StatusInput } from '../../src/modules/customers/requests/status.js';

type Issue = NonNullable<StatusInput['issue']>;
const STATUS = 'PVTSSF_status';
const PRIORITY = 'PVTSSF_priority';

function issue(change: Partial<Issue> = {}): Issue {
  return { state: 'open', stateReason: null, labels: [], hasMilestone: false, cards: [], ...change };
}
const onBoard = (status: string, field = STATUS, name = 'Status') => ({ cards: [{ values: { [field]: status }, fieldNames: { [field]: name } }] });
const of = (i: Issue, rules: StoredStatusRule[] = []) => derivedStatus({ held: false, rejected: false, issue: i }, rules);

describe('the default status rules, row by row', () => {
  it.each<[string, Partial<Issue>, string]>([
    ['closed as a duplicate', { state: 'closed', stateReason: 'duplicate' }, 'merged'],
    ['closed as completed', { state: 'closed', stateReason: 'completed' }, 'completed'],
    ['closed as not planned', { state: 'closed', stateReason: 'not_planned' }, 'closed'],
    ['closed with no reason', { state: 'closed', stateReason: null }, 'closed'],
    ['closed wins over a waiting label and a board', { state: 'closed', stateReason: 'completed', labels: ['needs-info'], ...onBoard('In progress') }, 'completed'],
    ['needs-info', { labels: ['bug', 'needs-info'] }, 'waiting_on_you'],
    ['Needs More Info', { labels: ['Needs More Info'] }, 'waiting_on_you'],
    ['waiting_on_customer', { labels: ['waiting_on_customer'] }, 'waiting_on_you'],
    ['waiting for customer', { labels: ['Waiting for customer'] }, 'waiting_on_you'],
    ['more-info-required', { labels: ['more-info-required'] }, 'waiting_on_you'],
    ['awaiting response', { labels: ['awaiting response'] }, 'waiting_on_you'],
    ['waiting wins over In progress', { labels: ['needs info'], ...onBoard('In Progress') }, 'waiting_on_you'],
    ['In Progress', onBoard('In Progress'), 'in_progress'],
    ['doing', onBoard('doing'), 'in_progress'],
    ['In review', onBoard('In review'), 'in_progress'],
    ['Review', onBoard('Review'), 'in_progress'],
    ['Started', onBoard('Started'), 'in_progress'],
    ['Done on an open issue', onBoard('Done'), 'completed'],
    ['Shipped', onBoard('Shipped'), 'completed'],
    ['Released', onBoard('Released'), 'completed'],
    ['Todo', onBoard('Todo'), 'planned'],
    ['To do is not Todo', onBoard('To-do'), 'planned'],
    ['Ready', onBoard('Ready'), 'planned'],
    ['Up next', onBoard('Up next'), 'planned'],
    ['Scheduled', onBoard('Scheduled'), 'planned'],
    ['in a milestone', { hasMilestone: true }, 'planned'],
    ['In progress wins over a milestone', { hasMilestone: true, ...onBoard('In progress') }, 'in_progress'],
    ['Backlog', onBoard('Backlog'), 'open'],
    ['a field not named Status', onBoard('In progress', PRIORITY, 'Priority'), 'open'],
    ['open with nothing', {}, 'open'],
  ])('%s', (_name, change, expected) => {
    expect(of(issue(change))).toBe(expected);
  });

  it('are eight, each reachable, the last catching everything', () => {
    expect(defaultStatusRules.map((r) => r.status)).toEqual(['merged', 'completed', 'closed', 'waiting_on_you', 'in_progress', 'completed', 'planned', 'open']);
  });
});

describe('a request type status map', () => {
  const rules: StoredStatusRule[] = [
    { when: { kind: 'label', name: 'Accepted' }, status: 'planned' },
    { when: { kind: 'field', fieldNodeId: PRIORITY, value: 'urgent' }, status: 'in_progress' },
    { when: { kind: 'closed', stateReason: 'not_planned' }, status: 'completed' },
    { when: { kind: 'closed', stateReason: null }, status: 'merged' },
  ];

  it('is read in order, the first matching rule winning', () => {
    expect(of(issue({ labels: ['accepted'] }), rules)).toBe('planned');
    expect(of(issue({ labels: ['accepted'], ...onBoard('Urgent', PRIORITY, 'Priority') }), rules)).toBe('planned');
    expect(of(issue(onBoard('URGENT', PRIORITY, 'Priority')), rules)).toBe('in_progress');
    expect(of(issue({ state: 'closed', stateReason: 'not_planned' }), rules)).toBe('completed');
    // A closed rule with a null reason matches a close with any reason.
    expect(of(issue({ state: 'closed', stateReason: 'completed' }), rules)).toBe('merged');
  });

  it('an open rule matches every open issue', () => {
    expect(of(issue({ labels: ['needs-info'] }), [{ when: { kind: 'open' }, status: 'planned' }])).toBe('planned');
  });

  it('falls back to the default rules when none matches', () => {
    expect(of(issue({ labels: ['needs-info'] }), rules)).toBe('waiting_on_you');
    expect(of(issue(), rules)).toBe('open');
  });
});

describe('before and instead of an issue', () => {
  it('a held request is Open, a rejected one Closed, whatever the rules say', () => {
    const rules: StoredStatusRule[] = [{ when: { kind: 'open' }, status: 'completed' }];
    expect(derivedStatus({ held: true, rejected: false, issue: null }, rules)).toBe('open');
    expect(derivedStatus({ held: false, rejected: true, issue: null }, rules)).toBe('closed');
    expect(derivedStatus({ held: false, rejected: true, issue: issue() }, rules)).toBe('closed');
  });
});
