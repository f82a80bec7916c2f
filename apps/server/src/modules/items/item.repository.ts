import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  GeneralDetails,
  ItemStatus,
  ListingStatus,
  MarketplaceId,
  Listing,
  Variant,
} from '@listloop/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database';
import { shaped, statement, type Placeholders } from '../../platform/db/statement';
import { itemCounts, items } from './item.table';
import { SORT_SPECS, type ItemCursor, type SortSpec } from './item.cursor';

/** What an item is read with: everything but search_text, which stays in the database. */
const itemColumns = {
  id: items.id,
  accountId: items.accountId,
  userId: items.userId,
  status: items.status,
  dateCreated: items.dateCreated,
  dateLastModified: items.dateLastModified,
  labels: items.labels,
  generalDetails: items.generalDetails,
  listings: items.listings,
  variants: items.variants,
  title: items.title,
  price: items.price,
};

/** An item by id, plain or locked for the update that follows: every sale reads one locked. */
const itemById = shaped((lock: boolean) =>
  statement((q, p: Placeholders<{ accountId: string; userId: string; id: string }>) => {
    const query = q
      .select(itemColumns)
      .from(items)
      .where(
        and(
          eq(items.accountId, p('accountId')),
          eq(items.userId, p('userId')),
          eq(items.id, p('id')),
        ),
      );
    return lock ? query.for('update') : query;
  }, itemColumns),
);

/** The references a sale may name its item by, as findSoldItem matches them. */
type SoldItemRef = 'itemId' | 'listedID' | 'sku';

/** What findSoldItem answers of the item. */
const soldItemFields = {
  id: items.id,
  userId: items.userId,
  // The marketplaces it has a listing on (whose executors the sale reads before its lock).
  marketplaces: sql<string[]>`array(select jsonb_object_keys(${items.listings}))`,
};
/**
 * findSoldItem's statement for the references a sale gives (its shape), built once per shape.
 * Containment (@>), which the listings GIN index answers: every branch of the OR is an index
 * lookup, so finding the item costs the same in an inventory of ten or of a million.
 */
const soldItem = shaped((shape: string) =>
  statement((q, p: Placeholders<Record<string, unknown>>) => {
    const given = new Set(shape.split(',') as SoldItemRef[]);
    const listingHas = (name: string) => sql`${items.listings} @> ${p(name)}::jsonb`;
    const candidates: { rank: number; match: SQL }[] = [];
    if (given.has('itemId')) candidates.push({ rank: 1, match: eq(items.id, p('itemId')) });
    if (given.has('listedID')) candidates.push({ rank: 2, match: listingHas('listedJson') });
    if (given.has('sku')) {
      candidates.push({ rank: 3, match: listingHas('skuJson') });
      candidates.push({ rank: 4, match: eq(items.id, p('sku')) });
      // The seller's SKU, as ListLoop sends it (decision 0024), for a listing whose SKU was
      // not kept yet: sent by a publish whose outcome has not been recorded when the sale comes.
      candidates.push({ rank: 5, match: eq(items.sku, p('sku')) });
    }
    const rank = sql<number>`case ${sql.join(
      candidates.map((c) => sql`when ${c.match} then ${sql.raw(String(c.rank))}`),
      sql` `,
    )} else 9 end`;
    return q
      .select(soldItemFields)
      .from(items)
      .where(and(eq(items.accountId, p('accountId')), or(...candidates.map((c) => c.match))))
      .orderBy(rank, items.id)
      .limit(p('limit'));
  }, soldItemFields),
);

export interface ItemRecord {
  id: string;
  accountId: string;
  userId: string;
  status: ItemStatus;
  dateCreated: number;
  dateLastModified: number;
  labels: string[];
  generalDetails: GeneralDetails;
  listings: Record<string, Listing>;
  variants: Variant[];
  title: string | null;
  price: number | null;
}

/** An item as it is written: the generated columns and search_text follow from it. */
export type ItemWrite = Omit<ItemRecord, 'title' | 'price'>;

/** An item of a known inventory rewritten: what changes when an existing item is saved. */
export type ItemUpdate = Omit<ItemWrite, 'accountId' | 'userId' | 'dateCreated'>;

/** Which items of one inventory to read: by id, by SKU, or by a marketplace's listing id. */
export interface ItemKeys {
  ids?: string[];
  skus?: string[];
  /** Items whose listing on `marketplace` has one of these listing ids there. */
  listed?: { marketplace: string; listedIDs: string[] };
}

/** Search, filters and keyset position of the inventory list. */
export interface ItemFilter {
  accountId: string;
  userId: string;
  terms?: string[];
  status?: ItemStatus;
  marketplace?: MarketplaceId;
  listingStatus?: ListingStatus;
  label?: string;
  priceMin?: number;
  priceMax?: number;
  createdFrom?: number;
  createdTo?: number;
}

/**
 * The one definition of search_text (title, description, brand, SKU and labels, lowercased),
 * over SQL expressions for the general details (jsonb) and the labels (text[]), so a
 * set-based update refreshes it exactly as a single save does.
 */
export function searchTextSql(details: SQL, labels: SQL): SQL {
  return sql`lower(concat_ws(' ', ${details}->>'title', ${details}->>'description', ${details}->>'brand', ${details}->>'sku', array_to_string(${labels}, ' ')))`;
}

/** `%`, `_` and `\` match themselves in a search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * search_text contains each term, compared without case. search_text is stored lowercased by
 * the database's lower(), so LIKE against the term lowered by the same function finds what
 * ILIKE would (ILIKE lowers both sides with it) without lowering every row it rechecks; the
 * trigram index on search_text answers either.
 */
function termConditions(terms: readonly string[], searchText: SQL | AnyPgColumn): SQL[] {
  return terms.map((term) => sql`${searchText} LIKE lower(${likePattern(term)})`);
}

/**
 * The list's filter as conditions on items; `terms: false` leaves the search terms out (a walk
 * in the list's order applies them to the rows it has read).
 */
function filterConditions(filter: ItemFilter, options: { terms?: boolean } = {}): SQL[] {
  const conditions: SQL[] = [
    eq(items.accountId, filter.accountId),
    eq(items.userId, filter.userId),
  ];
  if (filter.status) conditions.push(eq(items.status, filter.status));
  if (options.terms !== false) {
    conditions.push(...termConditions(filter.terms ?? [], items.searchText));
  }
  if (filter.marketplace) {
    const listing = filter.listingStatus ? { status: filter.listingStatus } : {};
    conditions.push(
      sql`${items.listings} @> ${JSON.stringify({ [filter.marketplace]: listing })}::jsonb`,
    );
  } else if (filter.listingStatus) {
    // Listing statuses are a fixed vocabulary (zod enum), never free text.
    conditions.push(
      sql`${items.listings} @? ${`$.* ? (@.status == "${filter.listingStatus}")`}::jsonpath`,
    );
  }
  if (filter.label) conditions.push(sql`${items.labels} @> ARRAY[${filter.label}]::text[]`);
  if (filter.priceMin !== undefined)
    conditions.push(sql`${items.price} >= ${String(filter.priceMin)}::numeric`);
  if (filter.priceMax !== undefined)
    conditions.push(sql`${items.price} <= ${String(filter.priceMax)}::numeric`);
  if (filter.createdFrom !== undefined)
    conditions.push(sql`${items.dateCreated} >= ${filter.createdFrom}`);
  if (filter.createdTo !== undefined)
    conditions.push(sql`${items.dateCreated} <= ${filter.createdTo}`);
  return conditions;
}

function cursorValue(spec: SortSpec, value: number | string | Placeholder): SQL {
  if (spec.key === 'price') {
    return sql`${value instanceof Placeholder ? value : String(value)}::numeric`;
  }
  return sql`${value}`;
}

/** Rows strictly after the cursor in (sort value, id) order, within the non-null values. */
function afterCursor(
  spec: SortSpec,
  cursor: { v: number | string | Placeholder; i: string | Placeholder },
): SQL {
  const column = spec.column;
  const value = cursorValue(spec, cursor.v);
  const strict = sql.raw(spec.dir === 'desc' ? '<' : '>');
  const loose = sql.raw(spec.dir === 'desc' ? '<=' : '>=');
  const idAfter = sql.raw(spec.idDir === 'desc' ? '<' : '>');
  // The loose bound alone lets the index start at the cursor; the OR settles ties by id.
  return sql`(${column} ${loose} ${value} AND (${column} ${strict} ${value} OR ${items.id} ${idAfter} ${cursor.i}))`;
}

/**
 * Whether the filter is the inventory itself, or one status of it, with no search: the list a
 * seller opens most, totalled by the kept counts and read by a statement prepared once per
 * shape (see ItemRepository.plainPage). Any other filter field set, including one added later,
 * makes the filter narrower.
 */
export function coversWholeStatus(filter: ItemFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) =>
      value === undefined ||
      key === 'accountId' ||
      key === 'userId' ||
      key === 'status' ||
      (key === 'terms' && Array.isArray(value) && value.length === 0),
  );
}

/** A query prepared once per repository: the SQL text built once, executed with values. */
interface PreparedRead<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

function idAfterCursor(spec: SortSpec, id: string): SQL {
  return sql`${items.id} ${sql.raw(spec.idDir === 'desc' ? '<' : '>')} ${id}`;
}

/**
 * How many rows in the list's order a searched page is looked for in before the matching rows
 * are found by the trigram index instead: a term on more than about one row in a hundred fills
 * a page of 50 there.
 */
const SEARCH_WALK = 5_000;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Every query is scoped by account and user: another inventory's item is simply not found. */
export class ItemRepository {
  /**
   * The plain page and the kept count, prepared per shape (sort, status or not, cursor or
   * not). Building a statement through the query builder cost more of a list request's time
   * than Postgres spent running it; prepared, the text is built once and each connection
   * parses it once.
   */
  private readonly preparedReads = new Map<string, PreparedRead<unknown>>();

  constructor(private readonly db: Db) {}

  async find(
    accountId: string,
    userId: string,
    id: string,
    options: { forUpdate?: boolean; db?: Db } = {},
  ): Promise<ItemRecord | null> {
    const [row] = await itemById(options.forUpdate ?? false).rows(options.db ?? this.db, {
      accountId,
      userId,
      id,
    });
    return (row as ItemRecord | undefined) ?? null;
  }

  /**
   * Items of one inventory by id or by SKU; locked for the update that follows unless
   * `lock` is false.
   */
  async findMany(
    accountId: string,
    userId: string,
    keys: ItemKeys,
    options: { db?: Db; lock?: boolean } = {},
  ): Promise<ItemRecord[]> {
    const ids = keys.ids ?? [];
    const skus = keys.skus ?? [];
    const listedIDs = keys.listed?.listedIDs ?? [];
    if (ids.length === 0 && skus.length === 0 && listedIDs.length === 0) return [];
    const match: SQL[] = [];
    if (ids.length > 0) match.push(inArray(items.id, ids));
    if (skus.length > 0) match.push(inArray(items.sku, skus));
    if (keys.listed && listedIDs.length > 0) {
      match.push(
        inArray(sql`${items.listings} -> ${keys.listed.marketplace} ->> 'listedID'`, listedIDs),
      );
    }
    const query = (options.db ?? this.db)
      .select(itemColumns)
      .from(items)
      .where(and(eq(items.accountId, accountId), eq(items.userId, userId), or(...match)))
      .orderBy(asc(items.id));
    const rows = options.lock === false ? await query : await query.for('update');
    return rows as ItemRecord[];
  }

  /** Which of `ids` are items of the user's inventory. */
  async existingIds(
    accountId: string,
    userId: string,
    ids: readonly string[],
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: items.id })
      .from(items)
      .where(
        and(eq(items.accountId, accountId), eq(items.userId, userId), inArray(items.id, [...ids])),
      );
    return new Set(rows.map((row) => row.id));
  }

  async insertMany(rows: readonly ItemWrite[], db: Db = this.db): Promise<void> {
    if (rows.length === 0) return;
    const records = rows.map((r) => ({
      id: r.id,
      account_id: r.accountId,
      user_id: r.userId,
      status: r.status,
      date_created: r.dateCreated,
      date_last_modified: r.dateLastModified,
      labels: r.labels,
      general_details: r.generalDetails,
      listings: r.listings,
      variants: r.variants,
    }));
    await db.execute(sql`
      INSERT INTO items (id, account_id, user_id, status, date_created, date_last_modified,
                         labels, general_details, listings, variants, search_text)
      SELECT r.id, r.account_id, r.user_id, r.status::item_status, r.date_created,
             r.date_last_modified, r.labels, r.general_details, r.listings, r.variants,
             ${searchTextSql(sql`r.general_details`, sql`r.labels`)}
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
        id text, account_id text, user_id text, status text, date_created bigint,
        date_last_modified bigint, labels text[], general_details jsonb, listings jsonb,
        variants jsonb)`);
  }

  /**
   * Writes an item's listings alone (the listing engine's transitions change nothing else), so
   * its search text and details are not rebuilt and rewritten with them.
   */
  async saveListings(
    accountId: string,
    userId: string,
    id: string,
    listings: ItemRecord['listings'],
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(items)
      .set({ listings })
      .where(and(eq(items.accountId, accountId), eq(items.userId, userId), eq(items.id, id)));
  }

  /** The listings of several items of one inventory, each as given, in one statement. */
  async saveListingsMany(
    accountId: string,
    userId: string,
    rows: readonly { id: string; listings: ItemRecord['listings'] }[],
    db: Db = this.db,
  ): Promise<void> {
    if (rows.length === 0) return;
    if (rows.length === 1) {
      await this.saveListings(accountId, userId, rows[0]!.id, rows[0]!.listings, db);
      return;
    }
    const records = rows.map(({ id, listings }) => ({ id, listings }));
    await db.execute(sql`
      UPDATE items AS i SET listings = r.listings
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(id text, listings jsonb)
      WHERE i.id = r.id AND i.account_id = ${accountId} AND i.user_id = ${userId}`);
  }

  /** Writes many items of one inventory in one statement; answers how many were written. */
  async updateMany(
    accountId: string,
    userId: string,
    rows: readonly ItemUpdate[],
    db: Db = this.db,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const records = rows.map((r) => ({
      id: r.id,
      status: r.status,
      date_last_modified: r.dateLastModified,
      labels: r.labels,
      general_details: r.generalDetails,
      listings: r.listings,
      variants: r.variants,
    }));
    const result = await db.execute(sql`
      UPDATE items AS i
      SET status = r.status::item_status,
          date_last_modified = r.date_last_modified,
          labels = r.labels,
          general_details = r.general_details,
          listings = r.listings,
          variants = r.variants,
          search_text = ${searchTextSql(sql`r.general_details`, sql`r.labels`)}
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
        id text, status text, date_last_modified bigint, labels text[], general_details jsonb,
        listings jsonb, variants jsonb)
      WHERE i.id = r.id AND i.account_id = ${accountId} AND i.user_id = ${userId}
      RETURNING i.id`);
    return rowsOf(result).length;
  }

  /** The distinct non-empty brands of the account's items, the most used first. */
  async brandsInUse(accountId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ brand: items.brand, uses: count() })
      .from(items)
      .where(and(eq(items.accountId, accountId), isNotNull(items.brand), sql`${items.brand} <> ''`))
      .groupBy(items.brand)
      .orderBy(desc(count()), asc(items.brand))
      .limit(limit);
    return rows.flatMap((row) => (row.brand ? [row.brand] : []));
  }

  /** The removed item's title (for the activity log), or null when there was no such item. */
  async remove(
    accountId: string,
    userId: string,
    id: string,
  ): Promise<{ title: string | null } | null> {
    const [removed] = await this.db
      .delete(items)
      .where(and(eq(items.accountId, accountId), eq(items.userId, userId), eq(items.id, id)))
      .returning({ title: items.title });
    return removed ?? null;
  }

  /** Deletes these items of the user (in `db`, a transaction that has them locked); answers how many. */
  async removeMany(
    accountId: string,
    userId: string,
    ids: readonly string[],
    db: Db = this.db,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const removed = await db
      .delete(items)
      .where(
        and(eq(items.accountId, accountId), eq(items.userId, userId), inArray(items.id, [...ids])),
      )
      .returning({ id: items.id });
    return removed.length;
  }

  /**
   * One page of the inventory in keyset order. Sorts on a column that can be empty (price,
   * title) put the empty ones last in both directions: the page is the union of the rows
   * with a value and those without, each read in index order and cut to the page size.
   *
   * A searched page is first looked for among the next SEARCH_WALK rows in the list's order
   * (the sort index walked, the terms checked on each row): a word many items have fills the
   * page there. When it does not (a rare word, two words seldom together, or words whose
   * items sort together elsewhere), the page is read from the matching items themselves,
   * found by the trigram index and sorted: never a walk through the whole inventory, which is
   * what the planner chooses when it takes the terms' rows for more common than they are.
   */
  async listPage(
    filter: ItemFilter,
    sort: keyof typeof SORT_SPECS,
    cursor: ItemCursor | null,
    limit: number,
  ): Promise<ItemRecord[]> {
    if ((filter.terms ?? []).length > 0) {
      const walked = await this.walkedPage(filter, sort, cursor, limit);
      if (walked) return walked;
      return this.orderedPage(filter, sort, cursor, limit, { byMatches: true });
    }
    return this.orderedPage(filter, sort, cursor, limit, { byMatches: false });
  }

  /**
   * The searched page when the next SEARCH_WALK rows in the list's order hold all of it, else
   * null. One stream of rows: those with a value, or (after a cursor among them) those
   * without, so a full page from it is the page.
   */
  private async walkedPage(
    filter: ItemFilter,
    sort: keyof typeof SORT_SPECS,
    cursor: ItemCursor | null,
    limit: number,
  ): Promise<ItemRecord[] | null> {
    const spec = SORT_SPECS[sort];
    const base = filterConditions(filter, { terms: false });
    const inNulls = spec.nullable && cursor !== null && cursor.v === null;
    const conditions = inNulls
      ? [...base, isNull(spec.column), idAfterCursor(spec, cursor.i)]
      : [
          ...base,
          ...(spec.nullable ? [isNotNull(spec.column)] : []),
          ...(cursor?.v != null ? [afterCursor(spec, { ...cursor, v: cursor.v })] : []),
        ];
    const orderId = spec.idDir === 'desc' ? desc(items.id) : asc(items.id);
    const walk = this.db
      .select({ ...itemColumns, searchText: items.searchText })
      .from(items)
      .where(and(...conditions))
      .orderBy(...(inNulls ? [] : [sql`${spec.column} ${sql.raw(spec.orderSql)}`]), orderId)
      .limit(SEARCH_WALK)
      .as('walk');
    const order = inNulls
      ? [sql.raw(`id ${spec.idDir}`)]
      : [sql.raw(`${spec.sqlName} ${spec.orderSql}`), sql.raw(`id ${spec.idDir}`)];
    const rows = await this.db
      .select(
        Object.fromEntries(
          Object.keys(itemColumns).map((key) => [key, walk[key as keyof typeof itemColumns]]),
        ) as unknown as typeof itemColumns,
      )
      .from(walk)
      .where(and(...termConditions(filter.terms ?? [], walk.searchText)))
      .orderBy(...order)
      .limit(limit);
    return rows.length === limit ? (rows as ItemRecord[]) : null;
  }

  /**
   * The page read in the list's order. `byMatches`: the sort column is compared as an
   * expression no index is ordered by (the value plus nothing), so the planner finds the
   * matching rows by their own index and sorts them, rather than walking the sort index.
   */
  private async orderedPage(
    filter: ItemFilter,
    sort: keyof typeof SORT_SPECS,
    cursor: ItemCursor | null,
    limit: number,
    options: { byMatches: boolean },
  ): Promise<ItemRecord[]> {
    const spec = SORT_SPECS[sort];
    const base = filterConditions(filter);
    const sortValue = options.byMatches
      ? spec.valueType === 'string'
        ? sql`(${spec.column} || '')`
        : sql`(${spec.column} + 0)`
      : sql`${spec.column}`;
    const orderColumn = sql`${sortValue} ${sql.raw(spec.orderSql)}`;
    const orderId = spec.idDir === 'desc' ? desc(items.id) : asc(items.id);
    const orderIdOnly = options.byMatches
      ? sql`(${items.id} || '') ${sql.raw(spec.idDir)}`
      : orderId;

    if (!spec.nullable && !options.byMatches && coversWholeStatus(filter)) {
      return (await this.plainPage(filter, sort, cursor, limit)).rows;
    }
    if (!spec.nullable) {
      const where =
        cursor?.v != null ? [...base, afterCursor(spec, { ...cursor, v: cursor.v })] : base;
      const rows = await this.db
        .select(itemColumns)
        .from(items)
        .where(and(...where))
        .orderBy(orderColumn, orderId)
        .limit(limit);
      return rows as ItemRecord[];
    }

    const nullsBranch = (extra: SQL[]) =>
      this.db
        .select(itemColumns)
        .from(items)
        .where(and(...base, isNull(spec.column), ...extra))
        .orderBy(orderIdOnly)
        .limit(limit);

    if (cursor && cursor.v === null) {
      return (await nullsBranch([idAfterCursor(spec, cursor.i)])) as ItemRecord[];
    }
    const valued = this.db
      .select(itemColumns)
      .from(items)
      .where(
        and(
          ...base,
          isNotNull(spec.column),
          ...(cursor && cursor.v !== null ? [afterCursor(spec, { ...cursor, v: cursor.v })] : []),
        ),
      )
      .orderBy(orderColumn, orderId)
      .limit(limit);
    const rows = await valued
      .unionAll(nullsBranch([]))
      .orderBy(sql.raw(`${spec.sqlName} ${spec.dir} nulls last`), sql.raw(`id ${spec.idDir}`))
      .limit(limit);
    return rows as ItemRecord[];
  }

  /**
   * How many items an inventory holds, in every status or in one: the counters the item
   * triggers keep (migration 0022), one indexed read however large the inventory.
   */
  async countKept(accountId: string, userId: string, status?: ItemStatus): Promise<number> {
    const query = this.prepared(`items_kept_${status ? 'status' : 'all'}`, (name) =>
      this.db
        .select({ n: sql<string | null>`sum(${itemCounts.n})` })
        .from(itemCounts)
        .where(
          and(
            eq(itemCounts.accountId, sql.placeholder('accountId')),
            eq(itemCounts.userId, sql.placeholder('userId')),
            ...(status ? [eq(itemCounts.status, sql.placeholder('status'))] : []),
          ),
        )
        .prepare(name),
    );
    const [row] = await query.execute({ accountId, userId, status });
    return Number(row?.n ?? 0);
  }

  /**
   * A page of the whole inventory or one status of it (coversWholeStatus), with the view's kept
   * total, in one statement: the counters' sum is an uncorrelated subquery, run once. The total
   * is null when it could not come with the page: a sort whose column can be empty (read as any
   * other page), or a page with no row to carry it.
   */
  async wholeStatusPage(
    filter: ItemFilter,
    sort: keyof typeof SORT_SPECS,
    cursor: ItemCursor | null,
    limit: number,
  ): Promise<{ rows: ItemRecord[]; kept: number | null }> {
    if (SORT_SPECS[sort].nullable) {
      return { rows: await this.listPage(filter, sort, cursor, limit), kept: null };
    }
    return this.plainPage(filter, sort, cursor, limit);
  }

  /** A page of coversWholeStatus's views in a sort whose column is never empty, and its total. */
  private async plainPage(
    filter: ItemFilter,
    sort: keyof typeof SORT_SPECS,
    cursor: ItemCursor | null,
    limit: number,
  ): Promise<{ rows: ItemRecord[]; kept: number | null }> {
    const spec = SORT_SPECS[sort];
    const after = cursor?.v != null ? { v: cursor.v, i: cursor.i } : null;
    const shape = `${sort}_${filter.status ? 'status' : 'all'}_${after ? 'after' : 'first'}`;
    const query = this.prepared(`items_page_${shape}`, (name) => {
      const kept = sql<string>`(SELECT coalesce(sum(${itemCounts.n}), 0) FROM ${itemCounts} WHERE ${and(
        eq(itemCounts.accountId, sql.placeholder('accountId')),
        eq(itemCounts.userId, sql.placeholder('userId')),
        ...(filter.status ? [eq(itemCounts.status, sql.placeholder('status'))] : []),
      )})`;
      return this.db
        .select({ ...itemColumns, kept })
        .from(items)
        .where(
          and(
            eq(items.accountId, sql.placeholder('accountId')),
            eq(items.userId, sql.placeholder('userId')),
            ...(filter.status ? [eq(items.status, sql.placeholder('status'))] : []),
            ...(after
              ? [afterCursor(spec, { v: sql.placeholder('v'), i: sql.placeholder('i') })]
              : []),
          ),
        )
        .orderBy(
          sql`${spec.column} ${sql.raw(spec.orderSql)}`,
          spec.idDir === 'desc' ? desc(items.id) : asc(items.id),
        )
        .limit(sql.placeholder('limit'))
        .prepare(name);
    });
    const found = (await query.execute({
      accountId: filter.accountId,
      userId: filter.userId,
      status: filter.status,
      v: after?.v,
      i: after?.i,
      limit,
    })) as (ItemRecord & { kept: string })[];
    const rows = found.map(({ kept: _kept, ...row }) => row as ItemRecord);
    return { rows, kept: found[0] ? Number(found[0].kept) : null };
  }

  private prepared<T>(name: string, build: (name: string) => PreparedRead<T>): PreparedRead<T> {
    let query = this.preparedReads.get(name) as PreparedRead<T> | undefined;
    if (!query) {
      query = build(name);
      this.preparedReads.set(name, query as PreparedRead<unknown>);
    }
    return query;
  }

  /**
   * How many items match, counting at most `cap + 1`: an exact count of a 100,000-item
   * inventory is a scan of every row on every page, while "10,000+" tells a person as much.
   */
  async countMatching(
    filter: ItemFilter,
    cap: number,
  ): Promise<{ total: number; capped: boolean }> {
    const matching = this.db
      .select({ one: sql`1` })
      .from(items)
      .where(and(...filterConditions(filter)))
      .limit(cap + 1)
      .as('matching');
    const [row] = await this.db.select({ n: count() }).from(matching);
    const n = Number(row?.n ?? 0);
    return { total: Math.min(n, cap), capped: n > cap };
  }

  /**
   * The ids of the items matching the inventory's filter, in the list's order (empty values
   * last), at most `limit`: a bulk action's selection "every item this filter matches".
   */
  async idsMatching(
    filter: ItemFilter,
    sort: keyof typeof SORT_SPECS,
    limit: number,
  ): Promise<string[]> {
    const spec = SORT_SPECS[sort];
    const nulls = sql.raw(spec.nullable ? 'NULLS LAST' : '');
    const rows = await this.db
      .select({ id: items.id })
      .from(items)
      .where(and(...filterConditions(filter)))
      .orderBy(
        sql`${spec.column} ${sql.raw(spec.dir === 'desc' ? 'DESC' : 'ASC')} ${nulls}`,
        spec.idDir === 'desc' ? desc(items.id) : asc(items.id),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * How many of the inventory's listings are in each of these statuses, per marketplace: one
   * pass over the owner's items (a status as common as listed is most of them, which no index
   * narrows).
   */
  async listingStatusCounts(
    accountId: string,
    userId: string,
    statuses: readonly ListingStatus[],
  ): Promise<{ marketplace: string; status: ListingStatus; listings: number }[]> {
    if (statuses.length === 0) return [];
    const status = sql<ListingStatus>`l.value->>'status'`;
    return this.db
      .select({
        marketplace: sql<string>`l.key`,
        status,
        listings: sql<number>`count(*)`.mapWith(Number),
      })
      .from(sql`${items} CROSS JOIN LATERAL jsonb_each(${items.listings}) AS l(key, value)`)
      .where(
        and(
          eq(items.accountId, accountId),
          eq(items.userId, userId),
          inArray(status, [...statuses]),
        ),
      )
      .groupBy(sql`l.key`, status);
  }

  /**
   * The owner's items with a listing in one of these (marketplace, status) pairs, found by the
   * listings index (one containment per pair, so keep the pairs to those known to match): how
   * many items per status, and the latest `limit` such listings, the last changed first.
   */
  async listingsInStatus(
    accountId: string,
    userId: string,
    wanted: readonly { marketplace: string; status: ListingStatus }[],
    limit: number,
  ): Promise<{
    items: Map<ListingStatus, number>;
    listings: {
      id: string;
      userId: string;
      title: string | null;
      marketplace: string;
      listing: Record<string, unknown>;
    }[];
  }> {
    if (wanted.length === 0) return { items: new Map(), listings: [] };
    const contains = (pair: { marketplace: string; status: ListingStatus }) =>
      sql`${items.listings} @> ${JSON.stringify({ [pair.marketplace]: { status: pair.status } })}::jsonb`;
    const owner = [eq(items.accountId, accountId), eq(items.userId, userId)];
    const any = or(...wanted.map(contains))!;
    const statuses = [...new Set(wanted.map((pair) => pair.status))];
    const [counted] = await this.db
      .select(
        Object.fromEntries(
          statuses.map((status) => [
            status,
            sql<number>`count(*) FILTER (WHERE ${or(...wanted.filter((p) => p.status === status).map(contains))})`.mapWith(
              Number,
            ),
          ]),
        ),
      )
      .from(items)
      .where(and(...owner, any));
    const changedAt = sql`CASE WHEN jsonb_typeof(l.value->'lastStatusDate') = 'number' THEN (l.value->>'lastStatusDate')::numeric END`;
    const rows = await this.db
      .select({
        // Named through sql: the FROM is the items joined to their listings, written out.
        id: sql<string>`${items.id}`,
        userId: sql<string>`${items.userId}`,
        title: sql<string | null>`${items.title}`,
        marketplace: sql<string>`l.key`,
        listing: sql<Record<string, unknown>>`l.value`,
      })
      .from(sql`${items} CROSS JOIN LATERAL jsonb_each(${items.listings}) AS l(key, value)`)
      .where(
        and(
          ...owner,
          any,
          or(
            ...wanted.map(
              (pair) => sql`(l.key = ${pair.marketplace} AND l.value->>'status' = ${pair.status})`,
            ),
          ),
        ),
      )
      .orderBy(sql`${changedAt} DESC NULLS LAST`, asc(items.id), sql`l.key`)
      .limit(limit);
    return {
      items: new Map(statuses.map((status) => [status, Number(counted?.[status] ?? 0)])),
      listings: rows,
    };
  }

  /**
   * Items of one inventory created in each span between consecutive instants: `boundaries`
   * (ascending epoch milliseconds, n + 1 of them) answer n counts, the first span starting at
   * the first instant and the last ending before the last. The caller chooses the instants (a
   * time zone's midnights), so the database needs no time zone of its own.
   */
  async countCreatedBetween(
    accountId: string,
    userId: string,
    boundaries: readonly number[],
  ): Promise<number[]> {
    const spans = Math.max(0, boundaries.length - 1);
    const counts = Array.from({ length: spans }, () => 0);
    if (spans === 0) return counts;
    const thresholds = sql`ARRAY[${sql.join(
      boundaries.map((b) => sql`${b}`),
      sql`, `,
    )}]::bigint[]`;
    const result = await this.db.execute(sql`
      SELECT width_bucket(${items.dateCreated}, ${thresholds}) AS span, count(*)::int AS n
      FROM ${items}
      WHERE ${items.accountId} = ${accountId} AND ${items.userId} = ${userId}
        AND ${items.dateCreated} >= ${boundaries[0]!} AND ${items.dateCreated} < ${boundaries[spans]!}
      GROUP BY 1`);
    for (const row of rowsOf<{ span: number; n: number }>(result)) {
      const index = Number(row.span) - 1;
      if (index >= 0 && index < spans) counts[index] = Number(row.n);
    }
    return counts;
  }

  /** Renames a label on every item of its owner that carries it. */
  async renameLabel(
    accountId: string,
    userId: string,
    from: string,
    to: string,
    db: Db = this.db,
  ): Promise<number> {
    // Removing `to` first keeps an item that somehow has both from holding it twice.
    const renamed = sql`array_replace(array_remove(${items.labels}, ${to}::text), ${from}::text, ${to}::text)`;
    const result = await db.execute(sql`
      UPDATE items SET labels = ${renamed},
                       search_text = ${searchTextSql(sql`general_details`, renamed)}
      WHERE account_id = ${accountId} AND user_id = ${userId}
        AND labels @> ARRAY[${from}]::text[]
      RETURNING id`);
    return rowsOf(result).length;
  }

  /** Takes a label off every item of its owner. */
  async removeLabel(accountId: string, userId: string, name: string, db: Db = this.db) {
    const removed = sql`array_remove(${items.labels}, ${name}::text)`;
    const result = await db.execute(sql`
      UPDATE items SET labels = ${removed},
                       search_text = ${searchTextSql(sql`general_details`, removed)}
      WHERE account_id = ${accountId} AND user_id = ${userId}
        AND labels @> ARRAY[${name}]::text[]
      RETURNING id`);
    return rowsOf(result).length;
  }

  /** How many items of one inventory carry each label (lowercased name → count). */
  async labelCounts(accountId: string, userId: string): Promise<Map<string, number>> {
    const result = await this.db.execute(sql`
      SELECT lower(label) AS name, count(*)::int AS n
      FROM items, unnest(labels) AS label
      WHERE account_id = ${accountId} AND user_id = ${userId}
      GROUP BY 1`);
    return new Map(rowsOf<{ name: string; n: number }>(result).map((r) => [r.name, Number(r.n)]));
  }

  // For sale detection:
  /**
   * The account's item a marketplace's sale is of: by our item id, by its listing id there,
   * by the SKU its listing keeps there (imported, or sent by ListLoop), by the item id ListLoop
   * gave as SKU before it sent sellers' SKUs, or by the item's own SKU. Answers the item's id,
   * owner and the marketplaces it has a listing on; null when the account has no such item.
   */
  async findSoldItem(
    accountId: string,
    marketplace: string,
    ref: { itemId?: string | null; listedID?: string | null; sku?: string | null },
  ): Promise<{ id: string; userId: string; marketplaces: string[] } | null> {
    const given: SoldItemRef[] = [];
    const values: Record<string, unknown> = { accountId, limit: 1 };
    const listingHas = (fields: Record<string, string>) =>
      JSON.stringify({ [marketplace]: fields });
    if (ref.itemId) {
      given.push('itemId');
      values.itemId = ref.itemId;
    }
    if (ref.listedID) {
      given.push('listedID');
      values.listedJson = listingHas({ listedID: ref.listedID });
    }
    if (ref.sku) {
      given.push('sku');
      values.skuJson = listingHas({ marketplaceSku: ref.sku });
      values.sku = ref.sku;
    }
    if (given.length === 0) return null;
    const [row] = await soldItem(given.join(',')).rows(this.db, values);
    return (row as { id: string; userId: string; marketplaces: string[] } | undefined) ?? null;
  }

  /** The titles of these items of the account, by id; an item since deleted is left out. */
  async titlesOf(accountId: string, ids: readonly string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: items.id, title: items.title })
      .from(items)
      .where(and(eq(items.accountId, accountId), inArray(items.id, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /**
   * The account's items, of any inventory, whose SKU is `sku` compared without case (at most
   * `limit`): what a scanned barcode names.
   */
  async withSku(
    accountId: string,
    sku: string,
    limit: number,
  ): Promise<{ id: string; userId: string; title: string | null }[]> {
    return this.db
      .select({ id: items.id, userId: items.userId, title: items.title })
      .from(items)
      .where(and(eq(items.accountId, accountId), sql`upper(${items.sku}) = upper(${sku})`))
      .orderBy(asc(items.id))
      .limit(limit);
  }

  // For the sandbox:
  /** Whether one of the account's items has its listing on the marketplace at `listedID`. */
  async hasListingAt(accountId: string, marketplace: string, listedID: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          eq(items.accountId, accountId),
          sql`${items.listings} -> ${marketplace} ->> 'listedID' = ${listedID}`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }
}
