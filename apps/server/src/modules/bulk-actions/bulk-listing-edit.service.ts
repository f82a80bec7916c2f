import type { z } from 'zod';
import type { BulkEditListingsSchema, BulkListingFields } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import {
  NO_SUCH_ITEM,
  completenessOf,
  mergeListing,
  toItem,
  type ItemService,
  type ItemUpdate,
} from '../items';

/** The given fields over a stored listing; shipping is merged field by field, not replaced. */
function withFields(
  existing: Record<string, unknown> | undefined,
  fields: BulkListingFields,
): Record<string, unknown> {
  const { shipping, ...rest } = fields;
  const given: Record<string, unknown> = { ...rest };
  if (shipping) {
    const before = existing?.shipping;
    given.shipping = {
      ...(before && typeof before === 'object' && !Array.isArray(before) ? before : {}),
      ...shipping,
    };
  }
  return given;
}

/**
 * PUT /api/account/item/{userId}/bulk-edit-listings (spec §7, body not shown): the same listing
 * fields set on the listings of many items, per marketplace, in one transaction. It merges like a
 * single listing save (spec §3/§4: status, lastStatusDate, listedID and listingURL are never
 * touched; dateLastModified moves), and an item that would not validate is reported, not saved.
 */
export class BulkListingEditService {
  constructor(
    private readonly db: Db,
    private readonly itemService: ItemService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async edit(
    ctx: RequestContext,
    userId: string,
    input: z.output<typeof BulkEditListingsSchema>,
  ): Promise<{ updated: number; failed: { itemId: string; message: string }[] }> {
    const owner = await this.itemService.owner(ctx, userId);
    const ids = [...new Set(input.itemIds)];
    return this.db.transaction(async (tx) => {
      const rows = await this.itemService.findRecords(ctx.accountId, owner, { ids }, { db: tx });
      const found = new Set(rows.map((r) => r.id));
      const failed = ids
        .filter((id) => !found.has(id))
        .map((itemId) => ({ itemId, message: NO_SUCH_ITEM }));
      const now = this.now();
      const writes: ItemUpdate[] = [];
      for (const row of rows) {
        const current = toItem(row);
        const listings: Record<string, unknown> = { ...current.listings };
        for (const [marketplace, fields] of Object.entries(input.listings)) {
          if (!fields) continue;
          const existing = current.listings[marketplace];
          listings[marketplace] = mergeListing(existing, withFields(existing, fields), now);
        }
        try {
          const draft = this.itemService.validate(ctx, { ...current, listings }, row.variants);
          writes.push({
            id: row.id,
            status: completenessOf({ generalDetails: draft.generalDetails, labels: row.labels })
              .status,
            dateLastModified: now,
            labels: row.labels,
            generalDetails: draft.generalDetails,
            listings: draft.listings,
            variants: row.variants,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed.push({ itemId: row.id, message: error.message });
        }
      }
      const updated = await this.itemService.updateRecords(ctx.accountId, owner, writes, tx);
      return { updated, failed };
    });
  }
}
