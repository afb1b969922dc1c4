import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an `on conflict do update` that takes each named column from the row the insert
 * proposed (`excluded`), by the table's own column names.
 */
export function fromExcluded<T extends PgTable>(table: T, keys: Array<keyof T['_']['columns'] & string>): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key].name}"`)]));
}
