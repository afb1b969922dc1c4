import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { roleAtLeast } from '../../../auth/roles.js';
import type { Executor } from '../../../db/pool.js';
import type { StoredGroupBy } from '../../../db/schema/views.js';
import { forbidden, invalidRequest, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { issueFilterOf, issueService, orderOf, resolveIssueFilter } from '../issues/service.js';
import type { IssueSort, SortOrder } from '../issues/store.js';
import { simpleColumns, type BoardColumn, type ColumnSource } from './board-columns.js';
import { fieldColumns } from './field-columns.js';
import { emptyFilter, listFilterOf, validatedFilter } from './filter.js';
import { presentView, type CreateViewBody, type EditViewBody, type ViewRow } from './schemas.js';
import { viewStore, type ViewChange } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

/**
 * Who may edit or delete a view: a personal view only its owner; a shared view the member who
 * made it, or an admin or owner (built-in views, which nobody made, only those).
 */
export function mayEdit(view: Pick<ViewRow, 'visibility' | 'ownerMembershipId'>, auth: WorkspaceAuth): boolean {
  if (!roleAtLeast(auth.workspace.role, 'member')) return false;
  const mine = view.ownerMembershipId === auth.workspace.membershipId;
  return view.visibility === 'personal' ? mine : mine || roleAtLeast(auth.workspace.role, 'admin');
}

const present = (view: ViewRow, auth: WorkspaceAuth) => presentView(view, mayEdit(view, auth));

/** What a view stores, as the audit log shows it. */
const auditShape = (v: Pick<ViewRow, 'name' | 'visibility' | 'filter' | 'sort' | 'sortOrder' | 'layout' | 'groupBy' | 'position'>) => ({
  name: v.name,
  visibility: v.visibility,
  filter: v.filter,
  sort: v.sort,
  order: v.sortOrder,
  layout: v.layout,
  groupBy: v.groupBy,
  position: v.position,
});

/** A board needs a grouping; a field grouping must name a single-select field of a project here. */
async function checkedGrouping(tx: Executor, workspaceId: string, layout: string, groupBy: StoredGroupBy | null): Promise<void> {
  if (layout === 'board' && !groupBy) {
    throw invalidRequest('A board view needs groupBy.', { parameter: 'groupBy' }, 'Send groupBy, or layout list.');
  }
  if (groupBy?.kind === 'field') {
    await fieldColumns(tx, { workspaceId, filter: issueFilterOf(listFilterOf(emptyFilter), null) }, groupBy);
  }
}

async function visibleView(services: Services, auth: WorkspaceAuth, viewId: string): Promise<ViewRow> {
  const view = await viewStore.findVisible(services.database.db, auth.workspace.workspaceId, auth.workspace.membershipId, viewId);
  // Another workspace's view, and a colleague's personal view, read exactly like no view at all.
  if (!view) throw notFound('view');
  return view;
}

/** A cursor of a view's run or board is bound to the view as it was (editing it invalidates them) and to the caller (`@me`). */
const viewBinding = (kind: string, auth: WorkspaceAuth, view: ViewRow) =>
  `${kind}:${auth.workspace.workspaceId}:${view.id}:${view.updatedAt.toISOString()}:${auth.workspace.membershipId}`;

export interface BoardQuery {
  groupBy?: StoredGroupBy;
  column?: string;
  cursor?: string;
  limit: number;
}

const groupingKey = (g: StoredGroupBy) => (g.kind === 'field' ? `field:${g.projectId}:${g.fieldNodeId}` : g.kind);

export const viewService = {
  list(services: Services, auth: WorkspaceAuth, page: { cursor?: string; limit: number }) {
    const { workspaceId, membershipId } = auth.workspace;
    return pagedList(services.cursors, {
      binding: `views:${workspaceId}:${membershipId}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => viewStore.listPage(services.database.db, workspaceId, membershipId, after, limit),
      sortKey: (v) => [v.position, v.id],
      present: (v) => present(v, auth),
    });
  },

  async get(services: Services, auth: WorkspaceAuth, viewId: string) {
    return present(await visibleView(services, auth, viewId), auth);
  },

  async create(services: Services, auth: WorkspaceAuth, body: CreateViewBody, requestId: string) {
    const { workspaceId, membershipId } = auth.workspace;
    const id = uuidv7();
    await services.database.db.transaction(async (tx) => {
      const filter = await validatedFilter(tx, workspaceId, body.filter);
      const groupBy = body.groupBy === undefined ? (body.layout === 'board' ? { kind: 'state' as const } : null) : body.groupBy;
      await checkedGrouping(tx, workspaceId, body.layout, groupBy);
      const row = {
        id,
        workspaceId,
        ownerMembershipId: membershipId,
        name: body.name,
        visibility: body.visibility,
        builtIn: false,
        filter,
        sort: body.sort,
        sortOrder: orderOf(body.sort, body.order),
        layout: body.layout,
        groupBy,
        position: body.position ?? (await viewStore.nextPosition(tx, workspaceId, membershipId)),
      };
      await viewStore.insert(tx, [row]);
      await recordAudit(tx, {
        workspaceId,
        action: 'view.created',
        actor: actorOf(auth),
        target: { type: 'view', id },
        after: auditShape(row),
        requestId,
      });
    });
    return viewService.get(services, auth, id);
  },

  async edit(services: Services, auth: WorkspaceAuth, viewId: string, body: EditViewBody, requestId: string) {
    const { workspaceId, membershipId } = auth.workspace;
    await services.database.db.transaction(async (tx) => {
      const before = await viewStore.findVisible(tx, workspaceId, membershipId, viewId, true);
      if (!before) throw notFound('view');
      if (!mayEdit(before, auth)) throw forbidden('Only the member who made this shared view, or an admin, may change it.');
      if (body.visibility === 'personal' && before.visibility !== 'personal' && before.ownerMembershipId !== membershipId) {
        throw forbidden('Only the member who made this view can make it personal.');
      }
      const change: ViewChange = {};
      if (body.name !== undefined) change.name = body.name;
      if (body.visibility !== undefined) change.visibility = body.visibility;
      if (body.filter !== undefined) change.filter = await validatedFilter(tx, workspaceId, body.filter);
      if (body.sort !== undefined || body.order !== undefined) {
        const sort = body.sort ?? (before.sort as IssueSort);
        change.sort = sort;
        // A new sort without an order takes that sort's own default order.
        change.sortOrder = orderOf(sort, body.order ?? (body.sort === undefined ? (before.sortOrder as SortOrder) : undefined));
      }
      if (body.layout !== undefined) change.layout = body.layout;
      if (body.groupBy !== undefined) change.groupBy = body.groupBy;
      else if (body.layout === 'board' && !before.groupBy) change.groupBy = { kind: 'state' };
      if (body.position !== undefined) change.position = body.position;
      const layout = change.layout ?? before.layout;
      const groupBy = change.groupBy === undefined ? before.groupBy : change.groupBy;
      if (body.groupBy !== undefined || body.layout !== undefined) await checkedGrouping(tx, workspaceId, layout, groupBy);
      await viewStore.update(tx, workspaceId, viewId, change);
      await recordAudit(tx, {
        workspaceId,
        action: 'view.updated',
        actor: actorOf(auth),
        target: { type: 'view', id: viewId },
        before: auditShape(before),
        after: auditShape({ ...before, ...change }),
        requestId,
      });
    });
    const after = await viewStore.findVisible(services.database.db, workspaceId, membershipId, viewId);
    // Made personal by its owner: still visible to them. Nobody else can make it personal.
    if (!after) throw notFound('view');
    return present(after, auth);
  },

  async remove(services: Services, auth: WorkspaceAuth, viewId: string, requestId: string) {
    const { workspaceId, membershipId } = auth.workspace;
    await services.database.db.transaction(async (tx) => {
      const view = await viewStore.findVisible(tx, workspaceId, membershipId, viewId, true);
      if (!view) throw notFound('view');
      if (!mayEdit(view, auth)) throw forbidden('Only the member who made this shared view, or an admin, may delete it.');
      await viewStore.remove(tx, workspaceId, viewId);
      await recordAudit(tx, {
        workspaceId,
        action: 'view.deleted',
        actor: actorOf(auth),
        target: { type: 'view', id: viewId },
        before: { ...auditShape(view), builtIn: view.builtIn },
        requestId,
      });
    });
  },

  /** The view's filter and sort through the issue list itself, so a run is exactly GET /v1/issues with that filter. */
  async run(services: Services, auth: WorkspaceAuth, viewId: string, page: { cursor?: string; limit: number }) {
    const view = await visibleView(services, auth, viewId);
    return issueService.pageJson(services, auth, {
      filter: listFilterOf(view.filter),
      sort: view.sort as IssueSort,
      order: view.sortOrder as SortOrder,
      cursor: page.cursor,
      limit: page.limit,
      binding: viewBinding('view-run', auth, view),
    });
  },

  async board(services: Services, auth: WorkspaceAuth, viewId: string, query: BoardQuery) {
    const view = await visibleView(services, auth, viewId);
    const grouping = query.groupBy ?? view.groupBy;
    if (!grouping) {
      throw invalidRequest('This view has no grouping.', { parameter: 'groupBy' }, 'Send groupBy (state, assignee, label, milestone, type or field:<projectId>:<fieldNodeId>).');
    }
    if (query.cursor && query.column === undefined) {
      throw invalidRequest('A cursor pages one column: send it with that column.', { parameter: 'column' });
    }
    const db = services.database.db;
    const listFilter = listFilterOf(view.filter);
    // Field filters included: a column's count covers exactly the issues its pages list.
    const scope = { workspaceId: auth.workspace.workspaceId, filter: await resolveIssueFilter(services.database.db, auth.workspace.workspaceId, listFilter, auth.principal.codehost?.login ?? null) };
    const source: ColumnSource = grouping.kind === 'field' ? await fieldColumns(db, scope, grouping) : await simpleColumns(db, scope, grouping.kind);

    let columns: BoardColumn[] = source.columns;
    if (query.column !== undefined) {
      const key = query.column;
      if (!source.conditionOf(key)) throw invalidRequest(`${key} is not a column of this board.`, { parameter: 'column', value: key });
      // A column that emptied since the first page (its last issue moved) is still a column, now empty.
      columns = [source.columns.find((c) => c.key === key) ?? { key, title: key, color: null, count: 0 }];
    }
    const binding = `${viewBinding('view-board', auth, view)}:${groupingKey(grouping)}`;
    return {
      groupBy: grouping,
      columns: await Promise.all(
        columns.map(async (column) => {
          const page = await issueService.page(services, auth, {
            filter: listFilter,
            sort: view.sort as IssueSort,
            order: view.sortOrder as SortOrder,
            cursor: query.column !== undefined ? query.cursor : undefined,
            limit: query.limit,
            binding: `${binding}:${column.key}`,
            narrowing: source.conditionOf(column.key)!,
            resolved: scope.filter,
          });
          return { ...column, issues: page.data, nextCursor: page.nextCursor };
        }),
      ),
    };
  },
};
