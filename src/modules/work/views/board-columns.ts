import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { boardStore, type BoardColumn, type BoardScope } from './board-store.js';

export type { BoardColumn, BoardScope };
import type { SimpleGroupKind } from './schemas.js';

/** The issues a board shows: the workspace and the view's filter, already normalised. */

/** The columns of one grouping, and how to pick one column's issues out of the issue list. */
export interface ColumnSource {
  /** Every column, in board order. */
  columns: BoardColumn[];
  /**
   * One column's issues as a condition over the issue list's `issueFrom` (aliases i, r, m); null
   * when `key` cannot name a column of this grouping.
   */
  conditionOf(key: string): SQL | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NONE = 'none';

/**
 * Columns by state (open, closed), assignee, label, milestone or issue type. Assignee and label
 * boards end with a "none" column; an issue with several assignees or labels is in each of their
 * columns. Label columns are the labels of the scope's repositories (empty ones included, as drop
 * targets), plus any label still on an issue; assignee and type columns are the values the
 * scope's issues carry. Milestones: open ones (empty included) and closed ones holding issues,
 * open first, then by due date, then title, then "No milestone".
 */
export async function simpleColumns(tx: Executor, scope: BoardScope, kind: SimpleGroupKind): Promise<ColumnSource> {
  switch (kind) {
    case 'state': {
      const counts = await boardStore.stateCounts(tx, scope);
      return {
        columns: [
          { key: 'open', title: 'Open', color: null, count: counts.get('open') ?? 0 },
          { key: 'closed', title: 'Closed', color: null, count: counts.get('closed') ?? 0 },
        ],
        conditionOf: (key) => (key === 'open' || key === 'closed' ? boardStore.stateIs(key) : null),
      };
    }
    case 'assignee': {
      const columns = await boardStore.assigneeColumns(tx, scope);
      return {
        columns: [...columns, { key: NONE, title: 'No assignee', color: null, count: await boardStore.count(tx, scope, boardStore.noAssignee()) }],
        conditionOf: (key) => (key === NONE ? boardStore.noAssignee() : key ? boardStore.assignedTo(key.toLowerCase()) : null),
      };
    }
    case 'label': {
      const columns = await boardStore.labelColumns(tx, scope);
      return {
        columns: [...columns, { key: NONE, title: 'No label', color: null, count: await boardStore.count(tx, scope, boardStore.noLabel()) }],
        conditionOf: (key) => (key === NONE ? boardStore.noLabel() : key ? boardStore.labelled(key.toLowerCase()) : null),
      };
    }
    case 'milestone': {
      const columns = await boardStore.milestoneColumns(tx, scope);
      return {
        columns: [...columns, { key: NONE, title: 'No milestone', color: null, count: await boardStore.count(tx, scope, boardStore.noMilestone()) }],
        conditionOf: (key) => (key === NONE ? boardStore.noMilestone() : UUID.test(key) ? boardStore.inMilestone(key.toLowerCase()) : null),
      };
    }
    case 'type': {
      const columns = await boardStore.typeColumns(tx, scope);
      return {
        columns: [...columns, { key: NONE, title: 'No type', color: null, count: await boardStore.count(tx, scope, boardStore.noType()) }],
        conditionOf: (key) => (key === NONE ? boardStore.noType() : key ? boardStore.typed(key.toLowerCase()) : null),
      };
    }
  }
}
