import type { components } from '@svc/client';
import { useQuery } from '@tanstack/preact-query';
import { inWorkspace, must } from './api';

type Notification = components['schemas']['Notification'];

export const unreadKey = (workspaceId: string) => ['notifications-unread', workspaceId] as const;

/** The unread count for the navigation's bell: a one-row read of the inbox, which answers it. */
export function useUnreadCount(workspaceId: string | null) {
  return useQuery({
    queryKey: unreadKey(workspaceId ?? ''),
    enabled: workspaceId !== null,
    queryFn: async () => (await must(inWorkspace(workspaceId!).GET('/v1/notifications', { params: { query: { limit: 1, unread: true } } }))).unreadCount,
  });
}

export const KIND_WORDS: Record<Notification['kind'], { title: string; help: string }> = {
  assigned: { title: 'Assigned to you', help: 'A change assigned you to an issue.' },
  mentioned: { title: 'Mentioned you', help: 'Your GitHub login was @-mentioned in an issue or a comment.' },
  comment: { title: 'New comment', help: 'A new comment on an issue you follow.' },
  request_status: { title: 'Request status', help: 'A customer request on an issue you follow changed status.' },
  request_new: { title: 'New request', help: "A customer's request reached the team." },
  request_held: { title: 'Request held', help: "A newcomer's request waits in the hold queue." },
};

