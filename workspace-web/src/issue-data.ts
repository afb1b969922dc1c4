import { fieldOf, fieldProblemOf } from '@svc/ui-kit';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/preact-query';
import { inWorkspace, must, problemOf, type Issue, type Label, type Milestone, type Workspace } from './api';
import type { components, operations } from '@svc/client';

export type Project = components['schemas']['Project'];
export type ProjectField = components['schemas']['ProjectField'];
export type ProjectFieldValue = components['schemas']['ProjectFieldValue'];
export type ProjectItem = components['schemas']['ProjectItem'];
export type Repository = components['schemas']['Repository'];

/** Whether the person may change issues here: viewers read only (the API refuses their writes with 403). */
export const canWrite = (workspace: Workspace | null) => !!workspace && workspace.role !== 'viewer';

/** Every page of a list (at most `max` pages of 100), for pickers that must offer every choice. */
async function allPages<T>(page: (cursor: string | undefined) => Promise<{ data: T[]; nextCursor?: string | null }>, max = 20): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < max; n++) {
    const { data, nextCursor } = await page(cursor);
    out.push(...data);
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  return out;
}

const paged = (cursor: string | undefined) => ({ limit: 100, ...(cursor ? { cursor } : {}) });

/** The labels of one repository, by name. */
export function useRepositoryLabels(workspaceId: string, repositoryId: string | null) {
  const api = inWorkspace(workspaceId);
  return useQuery({
    queryKey: ['repository-labels', workspaceId, repositoryId],
    enabled: !!repositoryId,
    queryFn: () =>
      allPages<Label>((cursor) => must(api.GET('/v1/labels', { params: { query: { ...paged(cursor), repository: repositoryId! } } }))),
  });
}

/** The milestones of one repository: open ones first, as the API orders them. */
export function useRepositoryMilestones(workspaceId: string, repositoryId: string | null) {
  const api = inWorkspace(workspaceId);
  return useQuery({
    queryKey: ['repository-milestones', workspaceId, repositoryId],
    enabled: !!repositoryId,
    queryFn: () =>
      allPages<Milestone>((cursor) => must(api.GET('/v1/milestones', { params: { query: { ...paged(cursor), repository: repositoryId! } } }))),
  });
}

/**
 * The GitHub logins a person is offered as assignees: the workspace members' linked accounts (the
 * team), by login. Anybody else is typed in by login; GitHub assigns only people with access to the
 * repository and drops the others, which the page then says.
 */
export function useMemberLogins(workspaceId: string) {
  const api = inWorkspace(workspaceId);
  return useQuery({
    queryKey: ['member-logins', workspaceId],
    queryFn: async () => {
      const members = await allPages((cursor) => must(api.GET('/v1/members', { params: { query: paged(cursor) } })));
      const logins = members.flatMap((m) => (m.codehost ? [{ login: m.codehost.login, name: m.name }] : []));
      return logins.sort((a, b) => a.login.localeCompare(b.login));
    },
  });
}

/** Repositories an issue can be filed in: mirrored, not archived, still reachable. */
export function useMirroredRepositories(workspaceId: string, enabled = true) {
  const api = inWorkspace(workspaceId);
  return useQuery({
    queryKey: ['mirrored-repositories', workspaceId],
    enabled,
    queryFn: async () => {
      const all = await allPages<Repository>((cursor) => must(api.GET('/v1/codehost/repositories', { params: { query: paged(cursor) } })));
      return all.filter((r) => r.syncEnabled && !r.archived && !r.removed);
    },
  });
}

/** A project with its fields (nothing is asked while `projectId` is empty). */
export function useProject(workspaceId: string, projectId: string) {
  const api = inWorkspace(workspaceId);
  return useQuery({
    queryKey: ['project', workspaceId, projectId],
    enabled: projectId !== '',
    queryFn: () => must(api.GET('/v1/projects/{projectId}', { params: { path: { projectId } } })),
  });
}

export const issueKey = (workspaceId: string, issueId: string) => ['issue', workspaceId, issueId] as const;

/** What a write came back with: the stored issue, or the words for why nothing changed. */
/** A write's answer: the stored data, or the refusal in words with the field a 422 names. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: string; field?: string };

/**
 * Calls the API for a write and turns every way it can fail (an envelope, no answer at all) into
 * words. GitHub is written first by the service, so a failure means nothing changed.
 */
export async function attempt<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call();
    if (data !== undefined && response.ok) return { ok: true, data };
    const field = fieldOf(error);
    // A field named by the body's shape is told with the shape's own words for it, shown beside it.
    return { ok: false, problem: (field && fieldProblemOf(error)) || problemOf(error, response), field };
  } catch {
    return { ok: false, problem: problemOf(undefined) };
  }
}

/**
 * One edit of an issue (PATCH /v1/issues/{id}). The answer is what GitHub accepted and the cache
 * now holds, so it replaces the page's copy; on a refusal the page reads the issue again, so it
 * shows what is really stored and never the change that did not happen.
 */
export function useIssueEdit(workspaceId: string, issueId: string) {
  const queryClient = useQueryClient();
  const api = inWorkspace(workspaceId);
  return async (body: IssueEdit): Promise<Outcome<Issue>> => {
    const outcome = await attempt(() => api.PATCH('/v1/issues/{issueId}', { params: { path: { issueId } }, body }));
    if (outcome.ok) storeIssue(queryClient, workspaceId, outcome.data);
    else await queryClient.invalidateQueries({ queryKey: issueKey(workspaceId, issueId) });
    return outcome;
  };
}

/** The body of PATCH /v1/issues/{issueId}. */
export type IssueEdit = NonNullable<operations['editIssue']['requestBody']>['content']['application/json'];
/** The body of POST /v1/issues. */
export type IssueCreate = NonNullable<operations['createIssue']['requestBody']>['content']['application/json'];
/** The `value` of PATCH /v1/projects/{projectId}/items/{itemId}/fields/{fieldNodeId}. */
export type FieldValueInput = NonNullable<operations['setProjectItemField']['requestBody']>['content']['application/json']['value'];

/** Puts a stored issue in the page's cache; lists showing it are read again. */
export function storeIssue(queryClient: QueryClient, workspaceId: string, issue: Issue): void {
  queryClient.setQueryData(issueKey(workspaceId, issue.id), issue);
  void queryClient.invalidateQueries({ queryKey: ['issues', workspaceId] });
}

/** A field value in words, as the page shows it. */
export function fieldValueText(value: ProjectFieldValue | undefined): string | null {
  if (!value) return null;
  switch (value.type) {
    case 'text':
      return value.text;
    case 'number':
      return String(value.number);
    case 'date':
      return value.date;
    case 'single_select':
      return value.name;
    case 'iteration':
      return value.title;
  }
}
