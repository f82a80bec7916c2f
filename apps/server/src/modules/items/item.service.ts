import { z } from 'zod';
import {
  ITEM_COUNT_CAP,
  GeneralDetailsSchema,
  ItemLabelsSchema,
  ListingSchema,
  MarketplaceIdSchema,
  PROTECTED_LISTING_FIELDS,
  VariantSchema,
  type GeneralDetails,
  type Item,
  type ItemCreateSchema,
  type ItemListQuerySchema,
  type ItemListResponse,
  type ItemTotalResponse,
  type ItemSort,
  type Listing,
  type ListingStatus,
  type ListingTarget,
  type Variant,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountUserService } from '../account-users';
import type { ImageService, PhotoIssue, PhotoRef } from '../images';
import type { LabelService } from '../labels';
import { decodeCursor, cursorOf, encodeCursor, type ItemCursor } from './item.cursor';
import { applyFieldChanges, mergeListing, stampListing } from './item.fields';
import { completenessOf, toItem } from './item.mapper';
import type {
  ItemFilter,
  ItemKeys,
  ItemRecord,
  ItemRepository,
  ItemUpdate,
  ItemWrite,
} from './item.repository';
import { coversWholeStatus } from './item.repository';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { groupBy } from '../../platform/group-by';

export const NO_SUCH_ITEM = 'No such item.';

export const VARIANTS_DISABLED = 'Variants are not enabled for this account.';

export type ItemCreateInput = z.output<typeof ItemCreateSchema>;
export type ItemListInput = z.output<typeof ItemListQuerySchema>;
export type ItemFilterInput = Omit<ItemListInput, 'cursor' | 'limit' | 'sort' | 'total'>;

type Issue = { path: string; message: string };

/** A 400 whose message names the first few problems, with all of them in `issues`. */
export function invalid(issues: Issue[]) {
  const shown = issues.slice(0, 3).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return badRequest(`${shown.join('; ')}${more}`, issues);
}

function zodIssues(prefix: string, error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** The values an item is saved with, checked against the domain schemas. */
export interface ItemDraft {
  generalDetails: unknown;
  labels: unknown;
  listings: Record<string, unknown>;
  variants: unknown;
}

interface ValidDraft {
  generalDetails: GeneralDetails;
  labels: string[];
  listings: Record<string, Listing>;
  variants: Variant[];
}

const ListingsSchema = z.partialRecord(MarketplaceIdSchema, ListingSchema);
const VariantsSchema = z.array(VariantSchema).max(100);

function skuTaken(sku: string) {
  return conflict(`An item with the SKU "${sku}" already exists in this inventory.`);
}

/** The search terms of `q`: each must be found in the item (trimmed, once each). */
export function searchTerms(q: string | undefined): string[] {
  return [...new Set((q ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 10);
}

/** Held writes by the inventory their item is in. */
const groupByInventory = (writes: readonly HeldWrite[]) =>
  groupBy(writes, ({ row }) => `${row.accountId} ${row.userId}`);

/** An item written by a transaction's steps and held until they end (writingOnceLocked). */
interface HeldWrite {
  row: ItemRecord;
  /** Whether more than the listings changed (the quantity): the whole row is written. */
  whole: boolean;
}

/**
 * Spec §3-§5 and §7 Items: one inventory per user of an account. Every method takes the
 * caller's context first; the `userId` it names must be a member of the caller's account
 * (else 404), and every row is read and written scoped by the account.
 */
export class ItemService {
  /** Per transaction running writingOnceLocked, the items its steps wrote, not yet written. */
  private readonly held = new WeakMap<Db, Map<string, HeldWrite>>();
  /** Per such transaction, what other modules hold to write after the items (writeAtEnd). */
  private readonly atEnd = new WeakMap<Db, (() => Promise<void>)[]>();

  constructor(
    private readonly db: Db,
    private readonly items: ItemRepository,
    private readonly labels: LabelService,
    private readonly accountUsers: AccountUserService,
    private readonly images: Pick<ImageService, 'photoIssues'>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whose inventory: the caller's by default, or a member of the caller's account. */
  async owner(ctx: RequestContext, userId: string | undefined): Promise<string> {
    if (!userId || userId === ctx.user.id) return ctx.user.id;
    const member = await this.accountUsers.findInAccount(ctx.accountId, userId);
    if (!member) throw notFound('No such team member.');
    return userId;
  }

  filterFor(ctx: RequestContext, owner: string, query: ItemFilterInput): ItemFilter {
    return this.filterOf(ctx.accountId, owner, query);
  }

  /** The list's filter over one inventory of an account, for work done outside a request. */
  filterOf(accountId: string, owner: string, query: ItemFilterInput): ItemFilter {
    return {
      accountId,
      userId: owner,
      terms: searchTerms(query.q),
      status: query.status,
      marketplace: query.marketplace,
      listingStatus: query.listingStatus,
      label: query.label || undefined,
      priceMin: query.priceMin,
      priceMax: query.priceMax,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
    };
  }

  /** Checks a draft against the domain schemas and the account's variant setting. */
  validate(ctx: RequestContext, draft: ItemDraft, previousVariants: Variant[] = []): ValidDraft {
    const issues: Issue[] = [];
    const details = GeneralDetailsSchema.safeParse(draft.generalDetails);
    if (!details.success) issues.push(...zodIssues('generalDetails', details.error));
    const labels = ItemLabelsSchema.safeParse(draft.labels);
    if (!labels.success) issues.push(...zodIssues('labels', labels.error));
    const listings = ListingsSchema.safeParse(draft.listings);
    if (!listings.success) issues.push(...zodIssues('listings', listings.error));
    const variants = VariantsSchema.safeParse(draft.variants);
    if (!variants.success) issues.push(...zodIssues('variants', variants.error));
    if (variants.success) {
      const seenSkus = new Set<string>();
      const seenIds = new Set<string>();
      variants.data.forEach((variant, index) => {
        const sku = variant.sku.toLowerCase();
        if (sku && seenSkus.has(sku))
          issues.push({
            path: `variants.${index}.sku`,
            message: `The SKU "${variant.sku}" is used by another variant of this item`,
          });
        if (seenIds.has(variant.id))
          issues.push({ path: `variants.${index}.id`, message: 'Two variants have the same id' });
        seenSkus.add(sku);
        seenIds.add(variant.id);
      });
      // Turning variants off keeps what items had; it stops new ones being saved.
      const changed = JSON.stringify(variants.data) !== JSON.stringify(previousVariants);
      if (
        variants.data.length > 0 &&
        changed &&
        !ctx.account.config?.features?.isMultiVariantsEnabled
      ) {
        throw badRequest(VARIANTS_DISABLED, [{ path: 'variants', message: VARIANTS_DISABLED }]);
      }
    }
    if (
      issues.length > 0 ||
      !details.success ||
      !labels.success ||
      !listings.success ||
      !variants.success
    )
      throw invalid(issues);
    return {
      generalDetails: details.data,
      labels: labels.data,
      listings: listings.data as Record<string, Listing>,
      variants: variants.data,
    };
  }

  /**
   * An item's photos (its images and the photos a listing of it sets) may name only images of
   * its account, and other photos only by a web address. Another account's image answers 404,
   * as a missing one does; an address that is not a web address 400.
   */
  async checkPhotos(accountId: string, draft: PhotoDraft, db: Db = this.db): Promise<void> {
    const issues = await this.images.photoIssues(accountId, photoRefs(draft), db);
    if (issues.length === 0) return;
    const missing = issues.filter((issue) => issue.kind === 'not-found');
    if (missing.length > 0) {
      const first = missing[0]!;
      throw new AppError(404, 'request/not-found', `${first.path}: ${first.message}`, {
        issues: missing.map(({ path, message }) => ({ path, message })),
      });
    }
    throw invalid(issues.map(({ path, message }) => ({ path, message })));
  }

  /**
   * The photo problems of many drafts at once (one query), per draft, for the paths that
   * report them draft by draft (a file import).
   */
  async photoIssuesOf(
    accountId: string,
    drafts: readonly PhotoDraft[],
    db: Db = this.db,
  ): Promise<PhotoIssue[][]> {
    const refs = drafts.flatMap((draft, index) =>
      photoRefs(draft).map((ref) => ({ ...ref, path: `${index}:${ref.path}` })),
    );
    const issues = drafts.map((): PhotoIssue[] => []);
    for (const issue of await this.images.photoIssues(accountId, refs, db)) {
      const at = issue.path.indexOf(':');
      issues[Number(issue.path.slice(0, at))]?.push({ ...issue, path: issue.path.slice(at + 1) });
    }
    return issues;
  }

  async create(ctx: RequestContext, input: ItemCreateInput): Promise<Item> {
    const owner = await this.owner(ctx, input.userId);
    const now = this.now();
    // A new listing starts from the listing engine's defaults whatever was sent (spec §3).
    const listings = Object.fromEntries(
      Object.entries(input.listings).map(([marketplace, listing]) => {
        const editable = Object.fromEntries(
          Object.entries(listing ?? {}).filter(
            ([key]) => !(PROTECTED_LISTING_FIELDS as readonly string[]).includes(key),
          ),
        );
        return [marketplace, stampListing({ ...ListingSchema.parse({}), ...editable }, now)];
      }),
    );
    const draft = this.validate(ctx, { ...input, listings });
    await this.checkPhotos(ctx.accountId, draft);
    return this.db.transaction(async (tx) => {
      const labels = await this.labels.ensure(tx, ctx.accountId, owner, draft.labels);
      const write: ItemWrite = {
        id: newId(),
        accountId: ctx.accountId,
        userId: owner,
        status: completenessOf({ generalDetails: draft.generalDetails, labels }).status,
        dateCreated: now,
        dateLastModified: now,
        labels,
        generalDetails: draft.generalDetails,
        listings: draft.listings,
        variants: draft.variants,
      };
      try {
        await this.items.insertMany([write], tx);
      } catch (error) {
        if (isUniqueViolation(error, 'items_owner_sku_unique'))
          throw skuTaken(draft.generalDetails.sku);
        throw error;
      }
      return toItem(write);
    });
  }

  async list(ctx: RequestContext, query: ItemListInput): Promise<ItemListResponse> {
    const owner = await this.owner(ctx, query.userId);
    const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
    const filter = this.filterFor(ctx, owner, query);
    const { rows, counted } = coversWholeStatus(filter)
      ? await this.wholeStatusPage(filter, query.sort, cursor, query.limit + 1)
      : await Promise.all([
          this.items.listPage(filter, query.sort, cursor, query.limit + 1),
          this.totalOf(filter, cursor, query.total),
        ]).then(([rows, counted]) => ({ rows, counted }));
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toItem),
      total: counted.total,
      totalCapped: counted.capped,
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({
              ...cursorOf(query.sort, last),
              ...(counted.total === null ? {} : { t: counted.total, c: counted.capped }),
            })
          : null,
    };
  }

  /**
   * A page of the whole inventory or one status of it, with its kept total read by the same
   * statement; the counters are read on their own only when the page could not carry them.
   */
  private async wholeStatusPage(
    filter: ItemFilter,
    sort: ItemListInput['sort'],
    cursor: ItemCursor | null,
    limit: number,
  ): Promise<{ rows: ItemRecord[]; counted: { total: number; capped: boolean } }> {
    const { rows, kept } = await this.items.wholeStatusPage(filter, sort, cursor, limit);
    const total =
      kept ?? (await this.items.countKept(filter.accountId, filter.userId, filter.status));
    return { rows, counted: { total, capped: false } };
  }

  /** How many items the list's search and filters match (exact under ITEM_COUNT_CAP). */
  async total(ctx: RequestContext, query: ItemFilterInput): Promise<ItemTotalResponse> {
    const owner = await this.owner(ctx, query.userId);
    const counted = await this.totalOf(this.filterFor(ctx, owner, query), null, 'count');
    return { total: counted.total ?? 0, totalCapped: counted.capped };
  }

  /**
   * A view's total without counting its rows on every page: the whole inventory, or one
   * status of it, from the counters the item triggers keep (exact at any size); a narrower
   * view counted on its first page (exact under ITEM_COUNT_CAP) and carried in the cursor to
   * the pages after it, or not at all when its total is asked for `later`, on its own.
   */
  private async totalOf(
    filter: ItemFilter,
    cursor: ItemCursor | null,
    when: ItemListInput['total'],
  ): Promise<{ total: number | null; capped: boolean }> {
    if (coversWholeStatus(filter)) {
      const total = await this.items.countKept(filter.accountId, filter.userId, filter.status);
      return { total, capped: false };
    }
    if (cursor?.t !== undefined) return { total: cursor.t, capped: cursor.c ?? false };
    if (when === 'later') return { total: null, capped: false };
    return this.items.countMatching(filter, ITEM_COUNT_CAP);
  }

  async get(ctx: RequestContext, userId: string, itemId: string): Promise<Item> {
    const owner = await this.owner(ctx, userId);
    const row = await this.items.find(ctx.accountId, owner, itemId);
    if (!row) throw notFound(NO_SUCH_ITEM);
    return toItem(row);
  }

  /**
   * Reads the item locked, lets `change` build the new draft (null: nothing to save), checks
   * it, and saves it with its completeness, labels and search text in one transaction.
   */
  private async save(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    change: (row: ItemRecord, now: number) => ItemDraft | null,
  ): Promise<Item> {
    const owner = await this.owner(ctx, userId);
    return this.db.transaction(async (tx) => {
      const row = await this.items.find(ctx.accountId, owner, itemId, { forUpdate: true, db: tx });
      if (!row) throw notFound(NO_SUCH_ITEM);
      const now = this.now();
      const next = change(row, now);
      if (!next) return toItem(row);
      const draft = this.validate(ctx, next, row.variants);
      await this.checkPhotos(ctx.accountId, draft, tx);
      const labels = await this.labels.ensure(tx, ctx.accountId, owner, draft.labels);
      const write: ItemWrite = {
        id: row.id,
        accountId: row.accountId,
        userId: row.userId,
        status: completenessOf({ generalDetails: draft.generalDetails, labels }).status,
        dateCreated: row.dateCreated,
        dateLastModified: now,
        labels,
        generalDetails: draft.generalDetails,
        listings: draft.listings,
        variants: draft.variants,
      };
      try {
        await this.items.updateMany(ctx.accountId, owner, [write], tx);
      } catch (error) {
        if (isUniqueViolation(error, 'items_owner_sku_unique'))
          throw skuTaken(draft.generalDetails.sku);
        throw error;
      }
      return toItem(write);
    });
  }

  async updateFields(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    changes: Record<string, unknown>,
  ): Promise<{ item: Item; skipped: string[] }> {
    let skipped: string[] = [];
    const item = await this.save(ctx, userId, itemId, (row, now) => {
      const result = applyFieldChanges(toItem(row), changes);
      skipped = result.skipped;
      if (result.errors.length > 0) throw invalid(result.errors);
      if (!result.changed) return null;
      const listings = { ...result.next.listings };
      for (const marketplace of result.touchedListings) {
        listings[marketplace] = stampListing(listings[marketplace] as Record<string, unknown>, now);
      }
      return { ...result.next, listings };
    });
    return { item, skipped };
  }

  async updateGeneralDetails(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    generalDetails: GeneralDetails,
  ): Promise<Item> {
    return this.save(ctx, userId, itemId, (row) => ({ ...toItem(row), generalDetails }));
  }

  /**
   * Spec §4: saving the listing of a marketplace merges the given fields into it, keeps the
   * protected ones, sets dateLastModified (and dateCreated when absent); 'general' saves the
   * general details and no listing timestamp changes.
   */
  async updateListing(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    target: ListingTarget,
    listing: Record<string, unknown>,
  ): Promise<Item> {
    if (target === 'general') {
      const details = GeneralDetailsSchema.safeParse(listing);
      if (!details.success) throw invalid(zodIssues('listing', details.error));
      return this.updateGeneralDetails(ctx, userId, itemId, details.data);
    }
    return this.updateListings(ctx, userId, itemId, { [target]: listing });
  }

  async updateListings(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    given: Partial<Record<string, Record<string, unknown>>>,
  ): Promise<Item> {
    return this.save(ctx, userId, itemId, (row, now) => {
      const current = toItem(row);
      const listings: Record<string, unknown> = { ...current.listings };
      for (const [marketplace, fields] of Object.entries(given)) {
        if (!fields) continue;
        listings[marketplace] = mergeListing(current.listings[marketplace], fields, now);
      }
      return { ...current, listings };
    });
  }

  /**
   * Fills general-details fields that are empty ('' or null) with the values given, through the
   * editor's save (validation, completeness, one transaction on the locked row). A field the
   * seller has filled is left as it is and answered in `filled`, even if it was filled between
   * the caller's read and this save.
   */
  async fillEmptyDetails(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    values: Readonly<Partial<Record<FillableDetail, string>>>,
  ): Promise<{ item: Item; applied: FillableDetail[]; filled: FillableDetail[] }> {
    const applied: FillableDetail[] = [];
    const filled: FillableDetail[] = [];
    const item = await this.save(ctx, userId, itemId, (row) => {
      const current = toItem(row);
      const details: Record<string, unknown> = { ...current.generalDetails };
      applied.length = 0;
      filled.length = 0;
      for (const [field, value] of Object.entries(values) as [FillableDetail, string][]) {
        const now = details[field];
        if (typeof now === 'string' ? now.trim() !== '' : now !== null && now !== undefined) {
          filled.push(field);
          continue;
        }
        details[field] = value;
        applied.push(field);
      }
      if (applied.length === 0) return null;
      return { ...current, generalDetails: details as GeneralDetails };
    });
    return { item, applied, filled };
  }

  /** The brands on the account's items, for reading brands in printed text (most used first). */
  brandsInUse(accountId: string, limit = 2_000): Promise<string[]> {
    return this.items.brandsInUse(accountId, limit);
  }

  /** Deletes the item; answers its title, which the activity log keeps. */
  async remove(
    ctx: RequestContext,
    userId: string,
    itemId: string,
  ): Promise<{ title: string | null }> {
    const owner = await this.owner(ctx, userId);
    const removed = await this.items.remove(ctx.accountId, owner, itemId);
    if (!removed) throw notFound(NO_SUCH_ITEM);
    return removed;
  }

  /**
   * How many items of one inventory were created in each span between consecutive instants
   * (epoch milliseconds, ascending): `boundaries` of n + 1 instants answer n counts.
   */
  async countCreatedBetween(
    ctx: RequestContext,
    owner: string,
    boundaries: readonly number[],
  ): Promise<number[]> {
    return this.items.countCreatedBetween(ctx.accountId, owner, boundaries);
  }

  // For sale detection:
  /** The account's item a marketplace's sale names (see ItemRepository.findSoldItem). */
  findSoldItem(
    accountId: string,
    marketplace: string,
    ref: { itemId?: string | null; listedID?: string | null; sku?: string | null },
  ): Promise<{ id: string; userId: string; marketplaces: string[] } | null> {
    return this.items.findSoldItem(accountId, marketplace, ref);
  }

  /** One item's row as stored, without the caller's context (a sale names the owner itself). */
  findRecord(accountId: string, userId: string, id: string): Promise<ItemRecord | null> {
    return this.items.find(accountId, userId, id);
  }

  /** The item's row locked in the caller's transaction, so two sales of it queue up. */
  findLocked(tx: Db, accountId: string, userId: string, id: string): Promise<ItemRecord | null> {
    return this.items.find(accountId, userId, id, { forUpdate: true, db: tx });
  }

  /** Sets the locked item's quantity in the caller's transaction; answers the row as written. */
  async setQuantityLocked(
    tx: Db,
    row: ItemRecord,
    quantity: number,
    at: number,
  ): Promise<ItemRecord> {
    const held = this.held.get(tx);
    // Held: what an earlier step of the transaction left of the row is its starting point.
    const current = held?.get(row.id)?.row ?? row;
    const written = {
      ...current,
      generalDetails: { ...current.generalDetails, quantity },
      dateLastModified: at,
    };
    if (held) held.set(row.id, { row: written, whole: true });
    else await this.writeWhole(tx, [written]);
    return written;
  }

  /**
   * Runs `work`, the steps of one transaction on items it locked, and writes each item they
   * wrote once, as the last step left it, when they end: a sale sets the quantity, marks the
   * listing sold and queues the delists, three writes of a row with three GIN indexes (every
   * write of `listings` updates them all) where one does. Items of one inventory are written
   * in one statement (a worker's delists of several items). The steps must not read the item
   * back from the database meanwhile; nothing is written if `work` throws.
   */
  async writingOnceLocked<T>(tx: Db, work: () => Promise<T>): Promise<T> {
    const held = new Map<string, HeldWrite>();
    const after: (() => Promise<void>)[] = [];
    this.held.set(tx, held);
    this.atEnd.set(tx, after);
    let result: T;
    try {
      result = await work();
    } finally {
      this.held.delete(tx);
      this.atEnd.delete(tx);
    }
    // One statement per inventory for each kind of write, in key order like the locks.
    const writes = [...held.values()].sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
    for (const [, group] of groupByInventory(writes.filter((write) => write.whole))) {
      await this.writeWhole(
        tx,
        group.map((write) => write.row),
      );
    }
    for (const [, group] of groupByInventory(writes.filter((write) => !write.whole))) {
      const { accountId, userId } = group[0]!.row;
      await this.items.saveListingsMany(
        accountId,
        userId,
        group.map(({ row }) => ({ id: row.id, listings: row.listings })),
        tx,
      );
    }
    for (const write of after) await write();
    return result;
  }

  /**
   * The writingOnceLocked run `tx` is in, null outside one: another module that holds its own
   * rows until the steps end keys them by it (a run's scope is never answered again once it
   * ends), and hands their write to writeAtEnd.
   */
  heldScope(tx: Db): object | null {
    return this.atEnd.get(tx) ?? null;
  }

  /**
   * Inside writingOnceLocked, holds `write` until the steps end, to run after the items are
   * written: rows of another module that its steps add to as they go (a sale's listing
   * history) are written once too. Outside one, `write` runs now.
   */
  async writeAtEnd(tx: Db, write: () => Promise<void>): Promise<void> {
    const after = this.atEnd.get(tx);
    if (after) after.push(write);
    else await write();
  }

  /** Rows of one inventory, written whole in one statement. */
  private async writeWhole(tx: Db, rows: readonly ItemRecord[]): Promise<void> {
    await this.items.updateMany(
      rows[0]!.accountId,
      rows[0]!.userId,
      rows.map((row) => ({
        id: row.id,
        status: row.status,
        dateLastModified: row.dateLastModified,
        labels: row.labels,
        generalDetails: row.generalDetails,
        listings: row.listings,
        variants: row.variants,
      })),
      tx,
    );
  }

  // For the dashboard: the caller's own inventory, as the Inventory screen shows it.
  /** How many of the caller's listings are in each of these statuses, per marketplace. */
  listingStatusCounts(ctx: RequestContext, statuses: readonly ListingStatus[]) {
    return this.items.listingStatusCounts(ctx.accountId, ctx.user.id, statuses);
  }

  /**
   * The caller's items with a listing in one of these (marketplace, status) pairs: how many per
   * status, and the latest `limit` such listings (see ItemRepository.listingsInStatus).
   */
  listingsInStatus(
    ctx: RequestContext,
    wanted: readonly { marketplace: string; status: ListingStatus }[],
    limit: number,
  ) {
    return this.items.listingsInStatus(ctx.accountId, ctx.user.id, wanted, limit);
  }

  /** The titles of the account's items by id (the Sales screen names what sold). */
  titlesOf(accountId: string, ids: readonly string[]): Promise<Map<string, string | null>> {
    return this.items.titlesOf(accountId, ids);
  }

  /** The account's items, of any inventory, with this SKU (any case): what a barcode names. */
  withSku(
    accountId: string,
    sku: string,
  ): Promise<{ id: string; userId: string; title: string | null }[]> {
    return this.items.withSku(accountId, sku.trim(), 5);
  }

  // For bulk actions and the imports: many items of one inventory read and written at once, in
  // the caller's transaction when given one, scoped by account and user like everything here.
  // The caller has already checked the inventory is one the context may work in.
  /** The ids of the owner's items the list's filter matches, in the list's order, at most `limit`. */
  idsMatching(
    ctx: RequestContext,
    owner: string,
    query: ItemFilterInput & { sort: ItemSort },
    limit: number,
  ): Promise<string[]> {
    return this.items.idsMatching(this.filterFor(ctx, owner, query), query.sort, limit);
  }

  /** Which of `ids` are items of the user's inventory. */
  existingIds(accountId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
    return this.items.existingIds(accountId, userId, ids);
  }

  /**
   * Items of one inventory by id, SKU or listing id, in id order; locked for the update that
   * follows (in `options.db`, the caller's transaction) unless `lock` is false.
   */
  findRecords(
    accountId: string,
    userId: string,
    keys: ItemKeys,
    options: { db?: Db; lock?: boolean } = {},
  ): Promise<ItemRecord[]> {
    return this.items.findMany(accountId, userId, keys, options);
  }

  /** New items written as given (their status and stamps already decided), in one statement. */
  insertRecords(rows: readonly ItemWrite[], db: Db = this.db): Promise<void> {
    return this.items.insertMany(rows, db);
  }

  /** Existing items of one inventory rewritten in one statement; answers how many were. */
  updateRecords(
    accountId: string,
    userId: string,
    rows: readonly ItemUpdate[],
    db: Db = this.db,
  ): Promise<number> {
    return this.items.updateMany(accountId, userId, rows, db);
  }

  /** Deletes these items of the user (in `db`, a transaction that has them locked); answers how many. */
  removeRecords(
    accountId: string,
    userId: string,
    ids: readonly string[],
    db: Db = this.db,
  ): Promise<number> {
    return this.items.removeMany(accountId, userId, ids, db);
  }

  // For marketplaces:
  /** Items of one inventory by id or by SKU, read without a lock (Shopify tagging). */
  findByIdsOrSkus(
    accountId: string,
    userId: string,
    keys: { ids: string[]; skus: string[] },
  ): Promise<ItemRecord[]> {
    return this.items.findMany(accountId, userId, keys, { lock: false });
  }

  // For listings:
  /**
   * Writes the listings of a row the caller locked in `tx` as the listing engine left them (moved
   * by a transition: nothing else of the row changes), in the caller's transaction.
   */
  async saveListingsLocked(tx: Db, row: ItemRecord): Promise<void> {
    const held = this.held.get(tx);
    if (held) {
      const before = held.get(row.id);
      // Only the listings are this write's: what an earlier step held of the row stays.
      held.set(
        row.id,
        before
          ? { row: { ...before.row, listings: row.listings }, whole: before.whole }
          : { row, whole: false },
      );
      return;
    }
    await this.items.saveListings(row.accountId, row.userId, row.id, row.listings, tx);
  }

  // For the sandbox:
  /**
   * Whether one of the account's items has its listing on the marketplace at `listedID` (a
   * simulated sale may only sell the seller's own listing).
   */
  hasListingAt(accountId: string, marketplace: string, listedID: string): Promise<boolean> {
    return this.items.hasListingAt(accountId, marketplace, listedID);
  }
}

/** What photoRefs reads of an item: its images and its listings (whose photos it reads). */
/** The general-details text fields a fill from photos may set. */
export type FillableDetail = 'brand' | 'primaryColor' | 'size' | 'condition' | 'category' | 'title';

export interface PhotoDraft {
  generalDetails: {
    images?: readonly { url?: string; url_l?: string; url_s?: string; _l?: string; _s?: string }[];
  };
  listings?: Record<string, unknown>;
}

/** Every photo of an item: each image's addresses and storage keys, and each listing's photos. */
export function photoRefs(draft: PhotoDraft): PhotoRef[] {
  const refs: PhotoRef[] = [];
  (draft.generalDetails.images ?? []).forEach((image, index) => {
    const path = `generalDetails.images.${index}`;
    for (const field of ['url', 'url_l', 'url_s'] as const) {
      const url = image[field];
      if (url !== undefined) refs.push({ path: `${path}.${field}`, url });
    }
    for (const field of ['_l', '_s'] as const) {
      const key = image[field];
      if (key) refs.push({ path: `${path}.${field}`, key });
    }
  });
  for (const [marketplace, listing] of Object.entries(draft.listings ?? {})) {
    const photos = (listing as Record<string, unknown> | undefined)?.photos;
    if (!Array.isArray(photos)) continue;
    photos.forEach((photo: unknown, index) => {
      const url =
        typeof photo === 'string'
          ? photo
          : typeof photo === 'object' && photo !== null && 'url' in photo
            ? (photo as { url: unknown }).url
            : null;
      if (typeof url === 'string') {
        refs.push({ path: `listings.${marketplace}.photos.${index}`, url });
      }
    });
  }
  return refs;
}
