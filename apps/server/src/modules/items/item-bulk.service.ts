import type { z } from 'zod';
import {
  GeneralDetailsSchema,
  LABELS_PER_ITEM_MAX,
  labelLimitMessage,
  type BulkItemsUpdateSchema,
  type GeneralDetails,
  type SetLabelsBySkuListSchema,
  type SetPackageDimensionsAndWeightSchema,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import type { RequestContext } from '../../platform/http/request-context';
import { uniqueLabelNames, type LabelService } from '../labels';
import { completenessOf, withDetailDefaults } from './item.mapper';
import type { ItemRecord, ItemRepository, ItemWrite } from './item.repository';
import { invalid, NO_SUCH_ITEM, type ItemService } from './item.service';

type Write = Omit<ItemWrite, 'accountId' | 'userId' | 'dateCreated'>;

function lowerSet(names: readonly string[]): Set<string> {
  return new Set(names.map((n) => n.toLowerCase()));
}

/**
 * Changes to many items at once (spec §7 bulk-items and the by-SKU calls): one transaction,
 * the items read locked in one query, each item's completeness, labels and search text
 * worked out here, and every change written back in one set-based statement.
 */
export class ItemBulkService {
  constructor(
    private readonly db: Db,
    private readonly items: ItemRepository,
    private readonly itemService: ItemService,
    private readonly labels: LabelService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private write(
    row: ItemRecord,
    generalDetails: GeneralDetails,
    labels: string[],
    now: number,
  ): Write {
    return {
      id: row.id,
      status: completenessOf({ generalDetails, labels }).status,
      dateLastModified: now,
      labels,
      generalDetails,
      listings: row.listings,
      variants: row.variants,
    };
  }

  async bulkUpdate(
    ctx: RequestContext,
    userId: string,
    input: z.output<typeof BulkItemsUpdateSchema>,
  ): Promise<{ updated: number; failed: { itemId: string; message: string }[] }> {
    const owner = await this.itemService.owner(ctx, userId);
    const ids = [...new Set(input.itemIds)];
    const { changes } = input;
    return this.db.transaction(async (tx) => {
      const rows = await this.items.findMany(ctx.accountId, owner, { ids }, { db: tx });
      const found = new Set(rows.map((r) => r.id));
      const failed = ids
        .filter((id) => !found.has(id))
        .map((itemId) => ({ itemId, message: NO_SUCH_ITEM }));
      const added = changes.addLabels?.length
        ? await this.labels.ensure(tx, ctx.accountId, owner, changes.addLabels)
        : [];
      const removed = lowerSet(changes.removeLabels ?? []);
      const now = this.now();
      const writes: Write[] = [];
      for (const row of rows) {
        const details: Record<string, unknown> = { ...withDetailDefaults(row.generalDetails) };
        if (changes.price !== undefined) details.price = changes.price;
        if (changes.quantity !== undefined) details.quantity = changes.quantity;
        if (changes.condition !== undefined) details.condition = changes.condition;
        if (changes.brand !== undefined) details.brand = changes.brand;
        if (changes.category !== undefined) details.category = changes.category;
        if (changes.location !== undefined) details.location = changes.location;
        if (changes.weight !== undefined) details.weight = changes.weight;
        const labels = uniqueLabelNames([
          ...row.labels.filter((l) => !removed.has(l.toLowerCase())),
          ...added,
        ]);
        if (labels.length > LABELS_PER_ITEM_MAX) {
          failed.push({ itemId: row.id, message: labelLimitMessage(LABELS_PER_ITEM_MAX) });
          continue;
        }
        const parsed = GeneralDetailsSchema.safeParse(details);
        if (!parsed.success) {
          failed.push({ itemId: row.id, message: parsed.error.issues[0]?.message ?? 'Invalid' });
          continue;
        }
        writes.push(this.write(row, parsed.data, labels, now));
      }
      const updated = await this.items.updateMany(ctx.accountId, owner, writes, tx);
      return { updated, failed };
    });
  }

  /**
   * Sets, adds or removes labels on the items with the given SKUs. All or nothing: when an
   * item would end up with more than 20 labels the request is refused naming its SKUs.
   */
  async setLabelsBySku(
    ctx: RequestContext,
    input: z.output<typeof SetLabelsBySkuListSchema>,
  ): Promise<{ updated: number; notFound: string[] }> {
    const owner = await this.itemService.owner(ctx, input.userId);
    const skus = [...new Set(input.skus)];
    return this.db.transaction(async (tx) => {
      const rows = await this.items.findMany(ctx.accountId, owner, { skus }, { db: tx });
      const bySku = new Map(rows.map((r) => [r.generalDetails.sku, r]));
      const notFound = skus.filter((sku) => !bySku.has(sku));
      const given = uniqueLabelNames(input.labels);
      const givenKeys = lowerSet(given);
      const labelsOf = (row: ItemRecord, names: string[]) =>
        input.mode === 'replace'
          ? names
          : input.mode === 'remove'
            ? row.labels.filter((l) => !givenKeys.has(l.toLowerCase()))
            : uniqueLabelNames([...row.labels, ...names]);
      const over = rows.filter((row) => labelsOf(row, given).length > LABELS_PER_ITEM_MAX);
      if (over.length > 0) {
        const names = over.map((r) => r.generalDetails.sku);
        const listed = names.slice(0, 20).join(', ') + (names.length > 20 ? ', …' : '');
        throw invalid([
          {
            path: 'labels',
            message: `These items would have more than ${LABELS_PER_ITEM_MAX} labels: ${listed}. ${labelLimitMessage(LABELS_PER_ITEM_MAX)}`,
          },
        ]);
      }
      const spelled =
        input.mode === 'remove' ? given : await this.labels.ensure(tx, ctx.accountId, owner, given);
      const now = this.now();
      const writes = rows.map((row) =>
        this.write(row, withDetailDefaults(row.generalDetails), labelsOf(row, spelled), now),
      );
      const updated = await this.items.updateMany(ctx.accountId, owner, writes, tx);
      return { updated, notFound };
    });
  }

  async setPackageDimensionsAndWeight(
    ctx: RequestContext,
    input: z.output<typeof SetPackageDimensionsAndWeightSchema>,
  ): Promise<{ updated: number; notFound: string[] }> {
    const owner = await this.itemService.owner(ctx, input.userId);
    const skus = [...new Set(input.skus ?? [])];
    const ids = [...new Set(input.itemIds ?? [])];
    return this.db.transaction(async (tx) => {
      const rows = await this.items.findMany(ctx.accountId, owner, { ids, skus }, { db: tx });
      const foundSkus = new Set(rows.map((r) => r.generalDetails.sku));
      const foundIds = new Set(rows.map((r) => r.id));
      const notFound = [
        ...skus.filter((sku) => !foundSkus.has(sku)),
        ...ids.filter((id) => !foundIds.has(id)),
      ];
      const now = this.now();
      const writes = rows.map((row) => {
        const details = withDetailDefaults(row.generalDetails);
        return this.write(
          row,
          {
            ...details,
            ...(input.weight ? { weight: input.weight } : {}),
            ...(input.dimensions ? { dimensions: input.dimensions } : {}),
          },
          row.labels,
          now,
        );
      });
      const updated = await this.items.updateMany(ctx.accountId, owner, writes, tx);
      return { updated, notFound };
    });
  }
}
