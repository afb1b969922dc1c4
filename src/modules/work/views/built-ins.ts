import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../../db/pool.js';
import { emptyFilter } from './filter.js';
import { viewStore, type NewView } from './store.js';

const everything = emptyFilter;

const builtIns: Array<Pick<NewView, 'name' | 'filter' | 'sort' | 'sortOrder' | 'layout' | 'groupBy'>> = [
  { name: 'Open issues', filter: { ...everything, state: 'open' }, sort: 'updated', sortOrder: 'desc', layout: 'list', groupBy: null },
  // `@me` is whoever runs the view.
  { name: 'Assigned to me', filter: { ...everything, state: 'open', assignee: ['@me'] }, sort: 'updated', sortOrder: 'desc', layout: 'list', groupBy: null },
  { name: 'Updated this week', filter: { ...everything, updatedSince: '-7d' }, sort: 'updated', sortOrder: 'desc', layout: 'list', groupBy: null },
  { name: 'Board by state', filter: everything, sort: 'updated', sortOrder: 'desc', layout: 'board', groupBy: { kind: 'state' } },
];

/**
 * The shared views every new workspace starts with, written in the transaction that creates it.
 * They are ordinary views afterwards: editable by admins, deletable, and never re-created.
 */
export async function createBuiltInViews(tx: Executor, workspaceId: string): Promise<void> {
  await viewStore.insert(
    tx,
    builtIns.map((v, position) => ({
      ...v,
      id: uuidv7(),
      workspaceId,
      ownerMembershipId: null,
      visibility: 'shared' as const,
      builtIn: true,
      position,
    })),
  );
}
