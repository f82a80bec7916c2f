import type { Logger } from 'pino';
import {
  LABELS_PER_USER_MESSAGE,
  ListingSchema,
  MARKETPLACE_NAMES,
  PROTECTED_LISTING_FIELDS,
  listingStateOf,
  phaseOf,
  type BulkAction,
  type BulkActionParameters,
  type ListingPhase,
  type MarketplaceId,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { derivedItemId } from '../item-import';
import {
  NO_SUCH_ITEM,
  completenessOf,
  stampListing,
  type ItemBulkService,
  type ItemRecord,
  type ItemService,
  type ItemWrite,
} from '../items';
import type { LabelService } from '../labels';
import type { ListingService } from '../listings';
import type { ItemOutcome } from './bulk-action.repository';
import type { BulkListingEditService } from './bulk-listing-edit.service';

export const ITEM_GONE = 'This item no longer exists.';
const UNEXPECTED = 'ListLoop could not finish this item; run the action again for it.';

/** Listings that are live on the marketplace, or on their way there or off it. */
const LIVE_PHASES: readonly ListingPhase[] = [
  'listed',
  'queued:list',
  'queued:delist',
  'queued:relist',
  'delist_failure',
];

/** Up on the marketplace with nothing on its way (the domain's isLiveListing, by phase). */
const isLivePhase = (phase: ListingPhase) => phase === 'listed' || phase === 'delist_failure';

/** The run a batch belongs to, as the steps need it. */
export interface BatchRun {
  id: string;
  accountId: string;
  ownerUserId: string;
  /** When the run was made: what happened to an item since may be this run's own doing. */
  createdAt: Date;
}

type Step<A extends BulkAction> = (input: {
  ctx: RequestContext;
  run: BatchRun;
  rows: ItemRecord[];
  parameters: BulkActionParameters[A];
  logger: Logger;
}) => Promise<ItemOutcome[]>;

const name = (marketplace: MarketplaceId) => MARKETPLACE_NAMES[marketplace] ?? marketplace;

function outcome(row: ItemRecord, status: ItemOutcome['status'], message: string | null) {
  return { itemId: row.id, title: row.title ?? '', status, message };
}

/**
 * The eight bulk actions, each over one batch of items (read once, in selection order). They
 * reuse the inventory's and the listing engine's services, so a bulk action obeys exactly the
 * rules a single change does, and they are safe to run again over items a crashed batch already
 * changed: labels and edits set the same values again, a copy has an id fixed by the run and the
 * item, and a listing already queued or live is skipped rather than queued twice.
 */
export class BulkActionSteps {
  constructor(
    private readonly db: Db,
    private readonly itemService: ItemService,
    private readonly itemBulk: ItemBulkService,
    private readonly labels: LabelService,
    private readonly listings: ListingService,
    private readonly listingEdits: BulkListingEditService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The outcome of every id of the batch, in the batch's order. */
  async run<A extends BulkAction>(
    action: A,
    input: {
      ctx: RequestContext;
      run: BatchRun;
      itemIds: string[];
      parameters: BulkActionParameters[A];
      logger: Logger;
    },
  ): Promise<ItemOutcome[]> {
    const { ctx, run, itemIds } = input;
    const found = await this.itemService.findRecords(
      run.accountId,
      run.ownerUserId,
      { ids: itemIds },
      { lock: false },
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = itemIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const step = this.steps[action] as Step<A>;
    const done = rows.length
      ? await step({ ctx, run, rows, parameters: input.parameters, logger: input.logger })
      : [];
    const byItem = new Map(done.map((o) => [o.itemId, o]));
    return itemIds.map(
      (itemId) =>
        byItem.get(itemId) ?? { itemId, title: '', status: 'skipped', message: ITEM_GONE },
    );
  }

  /** Runs `work` on each item alone, turning its refusal into the item's failure. */
  private async eachItem(
    rows: ItemRecord[],
    logger: Logger,
    work: (row: ItemRecord) => Promise<ItemOutcome>,
  ): Promise<ItemOutcome[]> {
    const results: ItemOutcome[] = [];
    for (const row of rows) {
      try {
        results.push(await work(row));
      } catch (error) {
        results.push(this.failureOf(row, error, logger));
      }
    }
    return results;
  }

  private failureOf(row: ItemRecord, error: unknown, logger: Logger): ItemOutcome {
    if (error instanceof AppError) {
      if (error.statusCode === 404 && error.message === NO_SUCH_ITEM) {
        return outcome(row, 'skipped', ITEM_GONE);
      }
      return outcome(row, 'failed', error.message);
    }
    logger.warn({ err: error, itemId: row.id }, 'bulk action item failed');
    return outcome(row, 'failed', UNEXPECTED);
  }

  /** PATCH bulk-items' changes over the batch; its per-item refusals become failures. */
  private async bulkUpdate(
    ctx: RequestContext,
    run: BatchRun,
    rows: ItemRecord[],
    changes: Parameters<ItemBulkService['bulkUpdate']>[2]['changes'],
    logger: Logger,
  ): Promise<ItemOutcome[]> {
    try {
      const result = await this.itemBulk.bulkUpdate(ctx, run.ownerUserId, {
        itemIds: rows.map((row) => row.id),
        changes,
      });
      const failed = new Map(result.failed.map((f) => [f.itemId, f.message]));
      return rows.map((row) => {
        const message = failed.get(row.id);
        if (message === undefined) return outcome(row, 'done', null);
        if (message === NO_SUCH_ITEM) return outcome(row, 'skipped', ITEM_GONE);
        return outcome(row, 'failed', message);
      });
    } catch (error) {
      // A refusal of the whole batch (the 500-labels limit) is every item's.
      return rows.map((row) => this.failureOf(row, error, logger));
    }
  }

  /**
   * Queues `operation` on each marketplace whose listing is in one of `from`; the others are
   * skipped with `skip`'s reason. The item fails when any marketplace refused.
   */
  private async queueEach(
    input: Parameters<Step<'bulkList'>>[0],
    operation: 'list' | 'delist' | 'relist',
    from: (phase: ListingPhase) => boolean,
    skip: (phase: ListingPhase, marketplace: MarketplaceId) => string,
  ): Promise<ItemOutcome[]> {
    const { ctx, run, rows, parameters, logger } = input;
    // A list or delist done by a crashed try of this batch leaves a phase that is skipped; a
    // finished relist leaves the listing live again, so it is found by its operation instead.
    const relisted =
      operation === 'relist'
        ? await this.listings.relistedSince(
            run.accountId,
            rows.map((row) => row.id),
            parameters.marketplaces,
            run.createdAt,
          )
        : new Set<string>();
    return this.eachItem(rows, logger, async (row) => {
      const queued: string[] = [];
      const skipped: string[] = [];
      const refused: string[] = [];
      for (const marketplace of parameters.marketplaces) {
        if (relisted.has(`${row.id}:${marketplace}`)) {
          skipped.push(`Already relisted on ${name(marketplace)} since this bulk action started.`);
          continue;
        }
        const phase = phaseOf(listingStateOf(row.listings[marketplace] ?? null));
        if (!from(phase)) {
          skipped.push(skip(phase, marketplace));
          continue;
        }
        try {
          await this.listings.queue(ctx, row.id, {
            userId: run.ownerUserId,
            marketplace,
            operation,
          });
          queued.push(marketplace);
        } catch (error) {
          const failure = this.failureOf(row, error, logger);
          if (failure.status === 'skipped') return failure;
          const message = failure.message ?? '';
          // The listing engine's refusals mostly name the marketplace already.
          refused.push(
            message.includes(name(marketplace)) ? message : `${name(marketplace)}: ${message}`,
          );
        }
      }
      if (refused.length > 0) return outcome(row, 'failed', refused.join(' '));
      if (queued.length > 0) return outcome(row, 'done', null);
      return outcome(row, 'skipped', skipped.join(' '));
    });
  }

  private readonly steps: { [A in BulkAction]: Step<A> } = {
    bulkEditLabels: ({ ctx, run, rows, parameters, logger }) =>
      this.bulkUpdate(
        ctx,
        run,
        rows,
        {
          ...(parameters.addLabels.length ? { addLabels: parameters.addLabels } : {}),
          ...(parameters.removeLabels.length ? { removeLabels: parameters.removeLabels } : {}),
        },
        logger,
      ),

    bulkEdit: async ({ ctx, run, rows, parameters, logger }) => {
      let results = rows.map((row) => outcome(row, 'done', null));
      if (parameters.changes) {
        results = await this.bulkUpdate(ctx, run, rows, parameters.changes, logger);
      }
      const { listings } = parameters;
      const still = rows.filter((_, index) => results[index]!.status === 'done');
      if (listings && still.length > 0) {
        try {
          const edited = await this.listingEdits.edit(ctx, run.ownerUserId, {
            itemIds: still.map((row) => row.id),
            listings,
          });
          const failed = new Map(edited.failed.map((f) => [f.itemId, f.message]));
          results = results.map((result) => {
            const message = failed.get(result.itemId);
            if (message === undefined) return result;
            return message === NO_SUCH_ITEM
              ? { ...result, status: 'skipped', message: ITEM_GONE }
              : { ...result, status: 'failed', message };
          });
        } catch (error) {
          const failedIds = new Set(still.map((row) => row.id));
          results = results.map((result, index) =>
            failedIds.has(result.itemId) ? this.failureOf(rows[index]!, error, logger) : result,
          );
        }
      }
      return results;
    },

    // A live listing would be left on the marketplace with nothing in ListLoop to take it down
    // when the item sells elsewhere: such items are refused, not deleted. The check and the
    // delete are made on the items locked, in one transaction, as the listing engine locks an
    // item to queue a listing: a list queued since the batch read its items is seen here.
    bulkDelete: ({ run, rows }) =>
      this.db.transaction(async (tx) => {
        const locked = await this.itemService.findRecords(
          run.accountId,
          run.ownerUserId,
          { ids: rows.map((row) => row.id) },
          { db: tx },
        );
        const byId = new Map(locked.map((row) => [row.id, row]));
        const removable: string[] = [];
        const results = rows.map((read) => {
          const row = byId.get(read.id);
          if (!row) return outcome(read, 'skipped', ITEM_GONE);
          const live = Object.entries(row.listings)
            .filter(([, listing]) => LIVE_PHASES.includes(phaseOf(listingStateOf(listing))))
            .map(([marketplace]) => name(marketplace as MarketplaceId));
          if (live.length > 0) {
            return outcome(
              row,
              'failed',
              `Still listed on ${live.join(', ')}: delist it there first, or mark it not listed.`,
            );
          }
          removable.push(row.id);
          return outcome(row, 'done', null);
        });
        await this.itemService.removeRecords(run.accountId, run.ownerUserId, removable, tx);
        return results;
      }),

    bulkCopyItems: ({ ctx, run, rows, logger }) => this.copyAll(ctx, run, rows, logger),

    bulkMarkAsNotListed: ({ ctx, run, rows, parameters, logger }) =>
      this.eachItem(rows, logger, async (row) => {
        const marked = parameters.marketplaces.filter((marketplace) => {
          const state = listingStateOf(row.listings[marketplace] ?? null);
          return state.status !== 'not_listed' || state.listedID !== null || !!state.listingURL;
        });
        if (marked.length === 0) {
          return outcome(
            row,
            'skipped',
            `Already not listed on ${parameters.marketplaces.map(name).join(', ')}.`,
          );
        }
        await this.listings.markNotListed(ctx, run.ownerUserId, row.id, marked);
        return outcome(row, 'done', null);
      }),

    bulkList: (input) =>
      this.queueEach(
        input,
        'list',
        (phase) => phase === 'not_listed' || phase === 'delisted' || phase === 'list_failure',
        (phase, marketplace) =>
          phase === 'sold'
            ? `Sold on ${name(marketplace)}.`
            : phase.startsWith('queued:')
              ? `Already on its way to ${name(marketplace)}.`
              : `Already listed on ${name(marketplace)}.`,
      ),

    bulkDelist: (input) =>
      this.queueEach(input, 'delist', isLivePhase, (phase, marketplace) =>
        phase === 'queued:delist' || phase === 'queued:relist'
          ? `Already being taken down from ${name(marketplace)}.`
          : phase === 'queued:list'
            ? `Still being listed on ${name(marketplace)}; delist it once that has finished.`
            : `Not listed on ${name(marketplace)}.`,
      ),

    bulkDelistRelist: (input) =>
      this.queueEach(input, 'relist', isLivePhase, (phase, marketplace) =>
        phase === 'queued:relist'
          ? `Already being relisted on ${name(marketplace)}.`
          : phase.startsWith('queued:')
            ? `Busy on ${name(marketplace)}; relist it once that has finished.`
            : `Not listed on ${name(marketplace)}, so there is nothing to relist.`,
      ),
  };

  /**
   * A new item for each, with the same details, labels, photos, variants and listing fields, but
   * no SKU (SKUs are unique in an inventory) and nothing listed: the copy's listings start over.
   * Its id is fixed by the run and the original, so a batch done again finds the copy already
   * there. The batch's copies are written together: one transaction, one insert.
   */
  private async copyAll(
    ctx: RequestContext,
    run: BatchRun,
    rows: ItemRecord[],
    logger: Logger,
  ): Promise<ItemOutcome[]> {
    const now = this.now();
    const results = new Map<string, ItemOutcome>();
    const drafts: { row: ItemRecord; id: string; draft: ReturnType<ItemService['validate']> }[] =
      [];
    for (const row of rows) {
      try {
        const draft = this.copyDraft(ctx, row, now);
        await this.itemService.checkPhotos(ctx.accountId, draft);
        drafts.push({ row, id: this.copyId(run, row), draft });
      } catch (error) {
        results.set(row.id, this.failureOf(row, error, logger));
      }
    }
    await this.db.transaction(async (tx) => {
      const made = new Set(
        (
          await this.itemService.findRecords(
            run.accountId,
            run.ownerUserId,
            { ids: drafts.map((d) => d.id) },
            { db: tx, lock: false },
          )
        ).map((copy) => copy.id),
      );
      const fresh = drafts.filter((d) => !made.has(d.id));
      const labels = await this.labels.ensureEach(
        tx,
        run.accountId,
        run.ownerUserId,
        fresh.map((d) => d.draft.labels),
      );
      const writes: ItemWrite[] = [];
      for (const [index, { row, id, draft }] of fresh.entries()) {
        const spelled = labels[index];
        if (!spelled) {
          results.set(row.id, outcome(row, 'failed', LABELS_PER_USER_MESSAGE));
          continue;
        }
        writes.push({
          id,
          accountId: run.accountId,
          userId: run.ownerUserId,
          status: completenessOf({ generalDetails: draft.generalDetails, labels: spelled }).status,
          dateCreated: now,
          dateLastModified: now,
          labels: spelled,
          generalDetails: draft.generalDetails,
          listings: draft.listings,
          variants: draft.variants,
        });
      }
      // A copy another try of this batch is making at this moment fails the insert: the job is
      // tried again, and then finds that copy made.
      await this.itemService.insertRecords(writes, tx);
    });
    return rows.map((row) => results.get(row.id) ?? outcome(row, 'done', null));
  }

  private copyId(run: BatchRun, row: ItemRecord): string {
    return derivedItemId(run.accountId, run.ownerUserId, `bulk-copy:${run.id}:${row.id}`);
  }

  /** The copy of one item, checked as a new item is. */
  private copyDraft(ctx: RequestContext, row: ItemRecord, now: number) {
    const protectedKeys: readonly string[] = PROTECTED_LISTING_FIELDS;
    const listings = Object.fromEntries(
      Object.entries(row.listings).map(([marketplace, listing]) => {
        const editable = Object.fromEntries(
          Object.entries(listing ?? {}).filter(
            ([key]) => !protectedKeys.includes(key) && key !== 'dateCreated',
          ),
        );
        return [
          marketplace,
          stampListing({ ...editable, ...ListingSchema.parse({}), dateCreated: null }, now),
        ];
      }),
    );
    return this.itemService.validate(
      ctx,
      {
        generalDetails: { ...row.generalDetails, sku: '' },
        labels: row.labels,
        listings,
        variants: row.variants.map((variant) => ({ ...variant, sku: '' })),
      },
      row.variants,
    );
  }
}
