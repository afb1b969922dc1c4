import type { components } from '@svc/client';
import { useQuery } from '@tanstack/preact-query';
import { inWorkspace, must } from './api';

export type View = components['schemas']['View'];
type ViewFilter = components['schemas']['ViewFilter'];
type Sort = View['sort'];
type Order = View['order'];

/**
 * The parameters an issue-list address may carry, each GET /v1/issues's own (so a list link is an
 * API query too), plus `field:<fieldNodeId>`. `view` names the saved view the list was opened
 * from; it is the page's, never sent to the API.
 */
export const LIST_PARAMS = ['q', 'state', 'repository', 'label', 'assignee', 'milestone', 'project', 'type', 'updated_since', 'sort', 'order'] as const;
export type ListParam = (typeof LIST_PARAMS)[number];
export const isListParam = (name: string) => (LIST_PARAMS as readonly string[]).includes(name) || name.startsWith('field:');

const SORTS: readonly Sort[] = ['updated', 'created', 'number', 'title', 'comments'];
/** The order each sort takes when none is given (the API's own defaults). */
export const DEFAULT_ORDER: Record<Sort, Order> = { updated: 'desc', created: 'desc', comments: 'desc', number: 'asc', title: 'asc' };

/** The list's state when the address names none: the page shows open issues (a view's own default is all). */
const PAGE_STATE = 'open';

const LISTS = ['repository', 'label', 'assignee', 'milestone', 'project', 'type'] as const;

/** The address (query) that shows a view's filters and sort in the issue list, `view=` first. */
export function viewSearch(view: Pick<View, 'id' | 'filter' | 'sort' | 'order'>): URLSearchParams {
  const params = new URLSearchParams({ view: view.id });
  const f = view.filter;
  if (f.q) params.set('q', f.q);
  if (f.state !== PAGE_STATE) params.set('state', f.state);
  for (const name of LISTS) for (const value of f[name]) params.append(name, value);
  if (f.updatedSince) params.set('updated_since', f.updatedSince);
  for (const [field, value] of Object.entries(f.fields)) params.append(`field:${field}`, value);
  if (view.sort !== 'updated') params.set('sort', view.sort);
  if (view.order !== DEFAULT_ORDER[view.sort]) params.set('order', view.order);
  return params;
}

/**
 * The filters and sort shown by a list address, as a view stores them. A field filter keeps its
 * first value: a view holds one value per field, where the list takes several.
 */
export function filterOf(params: URLSearchParams): { filter: ViewFilter; sort: Sort; order: Order } {
  const all = (name: string) => params.getAll(name).filter(Boolean);
  const state = params.get('state') || PAGE_STATE;
  const fields: Record<string, string> = {};
  for (const [name, value] of params) if (name.startsWith('field:') && value && !(name.slice(6) in fields)) fields[name.slice(6)] = value;
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'updated';
  const order = params.get('order') === 'asc' || params.get('order') === 'desc' ? (params.get('order') as Order) : DEFAULT_ORDER[sort];
  return {
    filter: {
      q: params.get('q')?.trim() || null,
      state: state === 'closed' || state === 'all' ? state : 'open',
      repository: all('repository'),
      label: all('label'),
      assignee: all('assignee'),
      milestone: all('milestone'),
      project: all('project'),
      type: all('type'),
      updatedSince: params.get('updated_since') || null,
      fields,
    },
    sort,
    order,
  };
}

/** Whether a list address shows exactly what a view holds (so the view is not "changed"). */
export function showsView(params: URLSearchParams, view: View): boolean {
  const { filter, sort, order } = filterOf(params);
  return canonical(viewSearch({ id: view.id, filter, sort, order })) === canonical(viewSearch(view));
}

const canonical = (params: URLSearchParams) =>
  [...params]
    .filter(([name, value]) => isListParam(name) && value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');

/** The saved views the person sees in this workspace (theirs and the shared ones), in their order. */
export function useViews(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: ['views', workspaceId],
    enabled,
    queryFn: async () => {
      const api = inWorkspace(workspaceId);
      const views: View[] = [];
      let cursor: string | undefined;
      // A workspace has a handful; 500 is far past any list a person scans.
      for (let page = 0; page < 5; page++) {
        const answer = await must(api.GET('/v1/views', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }));
        views.push(...answer.data);
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      return views;
    },
  });
}
