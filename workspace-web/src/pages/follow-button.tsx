import { Notice } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { attempt } from '../issue-data';
import { useSession } from '../session';

const REASON = {
  followed: 'You follow it.',
  author: 'You follow it: your GitHub account opened it.',
  assignee: 'You follow it: you are assigned.',
  unfollowed: 'You stopped following it.',
} as const;

/** Follow or stop following an issue: whether its new comments and its requests' status changes reach the inbox. */
export function FollowButton({ issueId }: { issueId: string }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const key = ['follow', workspace!.id, issueId];
  const follow = useQuery({ queryKey: key, queryFn: () => must(api.GET('/v1/issues/{issueId}/follow', { params: { path: { issueId } } })) });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!follow.data) return null;
  const following = follow.data.following;
  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    const path = { params: { path: { issueId } } };
    const outcome = await attempt(() => (following ? api.DELETE('/v1/issues/{issueId}/follow', path) : api.PUT('/v1/issues/{issueId}/follow', path)));
    setBusy(false);
    if (outcome.ok) queryClient.setQueryData(key, outcome.data);
    else setProblem(outcome.problem);
  };
  return (
    <section class="side-field follow" aria-labelledby="follow-title">
      <h2 id="follow-title">Notifications</h2>
      <p class="side-value">{follow.data.reason ? REASON[follow.data.reason] : 'You do not follow it.'} {following ? 'New comments and its requests’ status changes reach your inbox.' : ''}</p>
      <button type="button" class="small" disabled={busy} onClick={toggle}>{following ? 'Stop following' : 'Follow'}</button>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
    </section>
  );
}
