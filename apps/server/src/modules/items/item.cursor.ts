import { z } from 'zod';
import { ITEM_SORTS, type ItemSort } from '@listloop/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../platform/http/errors';
import { items } from './item.table';

/**
 * How each sort of the inventory reads its index. The id breaks ties in the direction that
 * lets one index scan serve the whole order: the date indexes are (date DESC, id ASC), the
 * price and title ones (value ASC, id ASC), read backwards for the other direction.
 */
export interface SortSpec {
  key: 'dateCreated' | 'dateLastModified' | 'title' | 'price';
  column: AnyPgColumn;
  sqlName: string;
  dir: 'asc' | 'desc';
  /**
   * The ORDER BY of the sort column, written to match its index exactly: the date indexes
   * are DESC NULLS LAST, and Postgres uses an index for an order only when the NULLS
   * placement matches too, even on a NOT NULL column.
   */
  orderSql: string;
  idDir: 'asc' | 'desc';
  /** Empty values (no price, no title) come last in both directions. */
  nullable: boolean;
  valueType: 'number' | 'string';
}

function spec(sort: ItemSort): SortSpec {
  const [key, dir] = sort.split(':') as [SortSpec['key'], 'asc' | 'desc'];
  switch (key) {
    case 'dateCreated':
    case 'dateLastModified':
      return {
        key,
        column: key === 'dateCreated' ? items.dateCreated : items.dateLastModified,
        sqlName: key === 'dateCreated' ? 'date_created' : 'date_last_modified',
        dir,
        orderSql: dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST',
        idDir: dir === 'desc' ? 'asc' : 'desc',
        nullable: false,
        valueType: 'number',
      };
    case 'title':
    case 'price':
      return {
        key,
        column: key === 'title' ? items.title : items.price,
        sqlName: key,
        dir,
        // Within the rows that have a value: the index read forwards, or backwards.
        orderSql: dir === 'desc' ? 'DESC' : 'ASC',
        idDir: dir,
        nullable: true,
        valueType: key === 'title' ? 'string' : 'number',
      };
  }
}

export const SORT_SPECS = Object.fromEntries(ITEM_SORTS.map((s) => [s, spec(s)])) as Record<
  ItemSort,
  SortSpec
>;

/**
 * The last row of a page: its sort value (null when empty) and its id; and the view's total as
 * its first page counted it (`t`, and `c` when capped), so the pages after it count nothing.
 */
export interface ItemCursor {
  s: ItemSort;
  v: number | string | null;
  i: string;
  t?: number;
  c?: boolean;
}

const CursorSchema = z
  .object({
    s: z.enum(ITEM_SORTS),
    v: z.union([z.number().finite(), z.string().max(400), z.null()]),
    i: z.string().min(1).max(64),
    t: z.number().int().min(0).optional(),
    c: z.boolean().optional(),
  })
  .strict();

const INVALID_CURSOR = 'The cursor is not valid for this list; start again from the first page.';

/** An opaque cursor: base64url of a small JSON object. */
export function encodeCursor(cursor: ItemCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** Reads a cursor back; a tampered one, or one from another sort, is a 400. */
export function decodeCursor(text: string, sort: ItemSort): ItemCursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
  }
  const result = CursorSchema.safeParse(parsed);
  const sortSpec = SORT_SPECS[sort];
  const cursor = result.success ? result.data : null;
  const valueFits =
    cursor !== null &&
    (cursor.v === null ? sortSpec.nullable : typeof cursor.v === sortSpec.valueType);
  if (!cursor || cursor.s !== sort || !valueFits) {
    throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
  }
  return cursor;
}

/** The cursor that continues after this row. */
export function cursorOf(
  sort: ItemSort,
  row: {
    id: string;
    dateCreated: number;
    dateLastModified: number;
    title: string | null;
    price: number | null;
  },
): ItemCursor {
  const key = SORT_SPECS[sort].key;
  const raw = row[key];
  const value =
    raw === null || raw === undefined ? null : key === 'title' ? String(raw) : Number(raw);
  return { s: sort, v: value, i: row.id };
}
