import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { invalidRequest } from './errors.js';
import { wholeNumberQuery } from './query-values.js';

/** `cursor` and `limit`, shared by every list operation. */
export const pageQuery = {
  cursor: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .describe("The previous page's `nextCursor`, sent back unchanged; omit to start."),
  limit: wholeNumberQuery('limit', 1, 100).default(50).describe('Page size, 1 to 100.'),
};

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('Null on the last page.'),
  });

export type SortValue = string | number | boolean | null;

// Built once: a zod schema built per call costs more than the parse itself.
const cursorShape = z.object({ k: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).max(8), m: z.string() }).strict();

/**
 * Cursors are opaque base64url text carrying the sort key's components and a MAC over them and
 * the list they came from (operation, sort, order, tenant). A cursor from another list, sort or
 * workspace, or one that was altered, fails the MAC and is refused with 422.
 */
export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  private mac(binding: string, values: SortValue[]): string {
    return createHmac('sha256', this.key).update(binding).update('\0').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
  }

  encode(binding: string, values: SortValue[]): string {
    return Buffer.from(JSON.stringify({ k: values, m: this.mac(binding, values) })).toString('base64url');
  }

  decode(binding: string, cursor: string): SortValue[] {
    const refuse = () =>
      invalidRequest('The cursor is malformed or belongs to another list.', { parameter: 'cursor' },
        "Send back a page's nextCursor unchanged, to the same list with the same sort.");
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw refuse();
    }
    const ok = cursorShape.safeParse(parsed);
    if (!ok.success) throw refuse();
    const expected = Buffer.from(this.mac(binding, ok.data.k));
    const given = Buffer.from(ok.data.m);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse();
    return ok.data.k;
  }
}

/** `(a, b) > ($1, $2)` or `<` for descending: rows strictly after the cursor. */
export function keysetAfter(columns: SQL[], values: SortValue[], order: 'asc' | 'desc'): SQL {
  const lhs = sql.join(columns, sql`, `);
  const rhs = sql.join(values.map((v) => sql`${v}`), sql`, `);
  return order === 'asc' ? sql`(${lhs}) > (${rhs})` : sql`(${lhs}) < (${rhs})`;
}

/** Cuts the `limit + 1` rows a query fetched into a page and the cursor of its last row. */
export function toPage<T, O>(
  rows: T[],
  limit: number,
  sortKey: (row: T) => SortValue[],
  codec: CursorCodec,
  binding: string,
  present: (row: T) => O,
): { data: O[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return {
    data: page.map(present),
    nextCursor: more ? codec.encode(binding, sortKey(page[page.length - 1])) : null,
  };
}

/**
 * One page of a keyset-paged list: decodes the cursor for this list, fetches `limit + 1` rows
 * after it, and cuts the page with the next cursor.
 */
export async function pagedList<T, O>(
  codec: CursorCodec,
  list: {
    binding: string;
    cursor: string | undefined;
    limit: number;
    fetch: (after: SortValue[] | null, limit: number) => Promise<T[]>;
    sortKey: (row: T) => SortValue[];
    present: (row: T) => O;
  },
): Promise<{ data: O[]; nextCursor: string | null }> {
  const after = list.cursor ? codec.decode(list.binding, list.cursor) : null;
  const rows = await list.fetch(after, list.limit);
  return toPage(rows, list.limit, list.sortKey, codec, list.binding, list.present);
}
