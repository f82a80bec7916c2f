import { z } from 'zod';
import {
  TAG_CHARACTERISTICS,
  type ConnectorTagging,
  type TagRules,
} from '../../connectors/contract';
import type { RequestContext } from '../../platform/http/request-context';
import type { ItemService } from '../items';

/** Items one call may tag: a page of the inventory screen's selection, many times over. */
export const SHOPIFY_TAGS_MAX_ITEMS = 1000;

/** PATCH /api/rest/v1/item/set-shopify-tags-based-on-characteristics */
export const SetShopifyTagsSchema = z
  .object({
    userId: z.string().min(1).max(64).optional().describe('Whose items; the caller by default'),
    itemIds: z.array(z.string().min(1).max(64)).max(SHOPIFY_TAGS_MAX_ITEMS).optional(),
    skus: z.array(z.string().trim().min(1).max(64)).max(SHOPIFY_TAGS_MAX_ITEMS).optional(),
    /** Which characteristics become tags, in this order; all five by default. */
    characteristics: z
      .array(z.enum(TAG_CHARACTERISTICS))
      .min(1)
      .max(TAG_CHARACTERISTICS.length)
      .optional(),
    /** 'labelled': "Brand: Levi's" (default); 'plain': "Levi's". */
    style: z.enum(['labelled', 'plain']).optional(),
  })
  .refine((v) => (v.itemIds?.length ?? 0) + (v.skus?.length ?? 0) > 0, {
    message: 'Give the item ids or SKUs to tag',
  })
  .refine((v) => (v.itemIds?.length ?? 0) + (v.skus?.length ?? 0) <= SHOPIFY_TAGS_MAX_ITEMS, {
    message: `Tag at most ${SHOPIFY_TAGS_MAX_ITEMS} items at once`,
  });
export type SetShopifyTags = z.output<typeof SetShopifyTagsSchema>;

export const SetShopifyTagsResponseSchema = z.object({
  updated: z.number().int(),
  notFound: z.array(z.string()),
  items: z.array(z.object({ itemID: z.string(), tags: z.array(z.string()) })),
});
export type SetShopifyTagsResponse = z.infer<typeof SetShopifyTagsResponseSchema>;

function tagsOf(listing: unknown): string[] {
  const tags = (listing as { tags?: unknown } | undefined)?.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Shopify tags derived from each item's brand, category, colour, size and condition (the
 * Shopify connector's rules), written into the item's Shopify listing as its `tags` override:
 * tags an earlier derivation made are replaced, the seller's own kept. An item whose tags
 * would not change is not written.
 */
export class ShopifyTagsService {
  constructor(
    private readonly items: ItemService,
    /** Shopify's tagging rules (the Shopify connector's), given by the composition root. */
    private readonly tagging: ConnectorTagging,
  ) {}

  async setTags(ctx: RequestContext, input: SetShopifyTags): Promise<SetShopifyTagsResponse> {
    const owner = await this.items.owner(ctx, input.userId);
    const ids = [...new Set(input.itemIds ?? [])];
    const skus = [...new Set(input.skus ?? [])];
    const rows = await this.items.findByIdsOrSkus(ctx.accountId, owner, { ids, skus });
    const foundIds = new Set(rows.map((r) => r.id));
    const foundSkus = new Set(rows.map((r) => r.generalDetails.sku));
    const notFound = [
      ...ids.filter((id) => !foundIds.has(id)),
      ...skus.filter((sku) => !foundSkus.has(sku)),
    ];
    const rules: TagRules = {
      ...this.tagging.defaults,
      ...(input.characteristics ? { characteristics: input.characteristics } : {}),
      ...(input.style ? { style: input.style } : {}),
    };
    let updated = 0;
    const items: SetShopifyTagsResponse['items'] = [];
    for (const row of rows) {
      // Through the one save path: checked, stamped, and the listing's state left alone.
      const item = await this.items.get(ctx, owner, row.id);
      const current = tagsOf(item.listings.shopify);
      const tags = this.tagging.withDerived(current, item, rules);
      if (JSON.stringify(tags) !== JSON.stringify(current)) {
        await this.items.updateListings(ctx, owner, item.itemID, { shopify: { tags } });
        updated += 1;
      }
      items.push({ itemID: item.itemID, tags });
    }
    return { updated, notFound, items };
  }
}
