import { Link, moment } from '@svc/ui-kit';
import { useSession, workspacePath } from '../session';
import { ShareToPortal } from './share-to-portal';
import { useInfiniteQuery } from '@tanstack/preact-query';
import type { components } from '@svc/client';
import { inWorkspace, must, type Issue } from '../api';

type Activity = components['schemas']['IssueActivity'];

/** The portal requests behind an issue: where each came from, who may see it there, its votes. */
export function IssueRequests({ issue, canShare }: { issue: Issue; canShare: boolean }) {
  const { workspace } = useSession();
  const votes = issue.requests.reduce((n, r) => n + r.voteCount, 0);
  if (issue.requests.length === 0) return canShare ? <ShareToPortal issue={issue} /> : null;
  return (
    <section class="issue-requests" aria-labelledby="requests-heading">
      <h2 id="requests-heading">
        Customer requests <span class="meta">{issue.requests.length} · {votes} vote{votes === 1 ? '' : 's'}</span>
      </h2>
      <ul class="plain-list">
        {issue.requests.map((request) => (
          <li key={request.id} class="row">
            <span>
              <Link href={workspacePath(workspace!, `/requests/${request.portalId}/${request.id}`)}><strong>{request.portalName}</strong> request {request.number}</Link>
              <span class="meta"> · {VISIBILITY[request.visibility]}</span>
            </span>
            <span class="meta">{request.voteCount} vote{request.voteCount === 1 ? '' : 's'}</span>
          </li>
        ))}
      </ul>
      {canShare ? <ShareToPortal issue={issue} /> : null}
    </section>
  );
}

const VISIBILITY: Record<Issue['requests'][number]['visibility'], string> = {
  private: 'only its customer sees it',
  company: "its customer's company sees it",
  public: 'every customer of the portal sees it',
};

const WHAT: Record<string, string> = {
  'issue.created': 'opened the issue',
  'issue.edited': 'edited the issue',
  'issue.closed': 'closed the issue',
  'issue.reopened': 'reopened the issue',
  'issue.labels_set': 'changed the labels',
  'issue.assignees_set': 'changed the assignees',
  'issue.milestone_set': 'set the milestone',
  'issue.type_set': 'set the type',
  'comment.added': 'commented',
  'comment.edited': 'edited a comment',
  'comment.deleted': 'deleted a comment',
  'project.item_added': 'added it to a project',
  'project.item_removed': 'removed it from a project',
  'project.item_moved': 'moved its card',
  'project.field_set': 'set a project field',
  'project.field_cleared': 'cleared a project field',
  'request.submitted': 'submitted a portal request for it',
  'request.changed': 'changed a portal request',
  'request.shared': 'shared a portal request',
  'request.released': 'released a portal request from the hold queue',
  'request.rejected': 'declined a portal request',
  'request.deleted': 'deleted a portal request',
};

/** What an entry says, with whom it names where the action has a person (people on a portal request). */
function whatOf(entry: Activity): string {
  const detail = entry.detail as { participant?: { name?: string }; left?: boolean; reference?: string };
  const name = detail.participant?.name ?? 'someone';
  const on = detail.reference ? ` portal request ${detail.reference}` : ' a portal request';
  if (entry.action === 'request.participant_added') return `added ${name} to${on}`;
  if (entry.action === 'request.participant_removed') return detail.left ? `left${on}` : `removed ${name} from${on}`;
  return WHAT[entry.action] ?? entry.action;
}

function who(actor: Activity['actor']): string {
  const a = actor as { type?: string; name?: string; login?: string | null };
  if (a.type === 'codehost') return a.login ? `${a.login} on GitHub` : 'someone on GitHub';
  if (a.type === 'customer') return `${a.name ?? 'a customer'} (customer)`;
  if (a.type === 'job') return 'svc';
  return a.name ?? 'someone';
}

/** What happened to an issue, newest first, a page at a time. */
export function IssueActivity({ workspaceId, issueId }: { workspaceId: string; issueId: string }) {
  const api = inWorkspace(workspaceId);
  const activity = useInfiniteQuery({
    queryKey: ['activity', workspaceId, issueId],
    queryFn: ({ pageParam }) =>
      must(api.GET('/v1/issues/{issueId}/activity', { params: { path: { issueId }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries = activity.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section class="issue-activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {activity.isError ? <p class="problem">{activity.error.message}</p> : null}
      {entries.length === 0 && !activity.isPending ? <p class="empty">Nothing recorded yet.</p> : null}
      <ol class="activity-list">
        {entries.map((entry) => (
          <li key={entry.id}>
            <strong>{who(entry.actor)}</strong> {whatOf(entry)} <span class="meta">{moment(entry.createdAt)}</span>
          </li>
        ))}
      </ol>
      {activity.hasNextPage ? (
        <button type="button" onClick={() => activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
          Show earlier activity
        </button>
      ) : null}
    </section>
  );
}
