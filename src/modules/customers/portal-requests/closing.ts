import type { PortalCustomer } from '../../../auth/portal-session.js';
import type { GitHubComment, GitHubIssue } from '../../../codehost/mapping.js';
import { conflict, forbidden } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { customerActorOf } from '../../audit/recorder.js';
import { writeAsApp } from '../../integrations/codehost/authored-write.js';
import { activityOf } from '../../work/issues/activity-diff.js';
import { codehostClientOf, writableInstallation } from '../../work/issues/write-guard.js';
import { applyIssueAnswer, snapshotOf } from '../../work/issues/write-service.js';
import { writeStore } from '../../work/issues/write-store.js';
import type { PortalRow } from '../portals/schemas.js';
import { requestNotifications } from '../request-notifications/service.js';
import { statusNow } from '../requests/service.js';
import { mayCloseTheLoop, reopenDeadline } from './closing-rules.js';
import { customerCommentWords, portalRequestService, postComment, recordCustomerComment, visibleRequest } from './service.js';

export type ClosingMove = 'done' | 'reopen';

/**
 * A customer marks their request done (its issue closed as completed) or reopens it (within the
 * portal's `reopenDays` of its closing), optionally saying why. Written to the code host first, in
 * the installation's lane: the state, then the comment; when the code host refuses the comment
 * after accepting the state, the state is put back, so a refusal leaves the issue as it was. The
 * team reads who did it in the issue's activity (the customer is the entry's actor).
 */
export async function closeTheLoop(
  services: Services,
  portal: PortalRow,
  customer: PortalCustomer,
  reference: string,
  move: ClosingMove,
  comment: string | undefined,
  context: { requestId: string },
) {
  const db = services.database.db;
  const record = await visibleRequest(services, portal, customer, reference);
  if (!mayCloseTheLoop(customer, record)) throw forbidden('Only the person who asked, or a manager of their company, may mark this request done or reopen it.');
  if (record.state !== 'filed' || !record.issueId) {
    throw conflict(
      record.state === 'held' ? 'This request is waiting for the team to accept it; it can be marked done or reopened once it is accepted.' : 'This request was not accepted by the team.',
      { reason: record.state === 'filed' ? 'issue_missing' : record.state },
    );
  }
  const issue = await writeStore.issue(db, portal.workspaceId, record.issueId);
  if (!issue) throw conflict('The issue behind this request is not available.', { reason: 'issue_missing' });
  const status = await statusNow(services, portal.workspaceId, record);

  if (move === 'done') {
    if (issue.before.state === 'closed' || status === 'completed' || status === 'closed' || status === 'merged') {
      throw conflict('This request is already closed.', { reason: 'already_closed', status });
    }
  } else {
    if (issue.before.state !== 'closed' || (status !== 'completed' && status !== 'closed')) {
      throw conflict(status === 'merged' ? 'This request was merged into another one; follow that one instead.' : 'This request is not closed.', { reason: status === 'merged' ? 'merged' : 'not_closed', status });
    }
    const closedAt = record.issueClosedAt ? new Date(record.issueClosedAt) : null;
    const until = closedAt ? reopenDeadline(portal, closedAt) : null;
    if (portal.reopenDays === 0 || !until || until.getTime() < Date.now()) {
      throw conflict(
        portal.reopenDays === 0
          ? 'Requests on this portal cannot be reopened; submit a new request instead.'
          : `This request closed more than ${portal.reopenDays} days ago and can no longer be reopened; submit a new request instead.`,
        { reason: 'reopen_period_over', reopenDays: portal.reopenDays, closedAt: closedAt?.toISOString() ?? null, reopenableUntil: until?.toISOString() ?? null },
      );
    }
  }

  const words = comment ? await customerCommentWords(services, portal, customer, record, comment) : null;
  const target = { owner: issue.ownerLogin, repo: issue.name, issue_number: issue.number };
  const change = move === 'done' ? { state: 'closed' as const, state_reason: 'completed' as const } : { state: 'open' as const, state_reason: 'reopened' as const };
  const written = await writeAsApp(services, codehostClientOf(services), writableInstallation(issue), move === 'done' ? 'marking the request done' : 'reopening the request', async (octokit) => {
    const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...target, ...change });
    let posted: GitHubComment | null = null;
    try {
      if (words) posted = await postComment(octokit, issue, words.body);
    } catch (error) {
      // The move and its reason go together: without the comment, the state is put back as it was.
      const back = issue.before.state === 'closed' ? { state: 'closed' as const, state_reason: (issue.before.stateReason ?? 'completed') as 'completed' | 'not_planned' } : { state: 'open' as const };
      await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...target, ...back }).catch(() => undefined);
      throw error;
    }
    return { answer: data as GitHubIssue, posted };
  });

  const after = snapshotOf(written.answer);
  const detail = { codehostAuthor: { as: 'app' }, portalId: portal.id, portalRequestId: record.id, reference: `${portal.referencePrefix}-${record.number}`, withComment: Boolean(words) };
  await applyIssueAnswer(
    services,
    { workspaceId: portal.workspaceId, actor: customerActorOf(customer) },
    context.requestId,
    { repositoryId: issue.repositoryId, issueId: issue.issueId },
    written.answer,
    () => ({
      activity: activityOf(issue.before, after).map((c) => ({ action: c.action, detail: { ...c.detail, ...detail } })),
      audit: {
        action: move === 'done' ? 'request.marked_done' : 'request.reopened',
        before: { state: issue.before.state, stateReason: issue.before.stateReason },
        after: { state: after.state, stateReason: after.stateReason, portalRequestId: record.id },
      },
    }),
  );
  if (written.posted && words && comment) {
    await recordCustomerComment(services, { portal, customer, record, issue, requestId: context.requestId }, written.posted, comment, words.sealedBody);
  }
  // Announced now, naming the customer, so the mail to followers does not tell them of their own move.
  await requestNotifications.sweep(services, portal.workspaceId, { requestId: record.id, customerId: customer.id });
  return portalRequestService.read(services, portal, customer, reference);
}
