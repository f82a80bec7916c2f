import { expect, type APIRequestContext } from '@playwright/test';

export interface ApiItem {
  itemID: string;
  userID: string;
  generalDetails: {
    title: string;
    description: string;
    price: number | null;
    quantity: number;
    sku: string;
    images: unknown[];
    brand: string;
    category: string;
    size: string;
    primaryColor: string | null;
  };
  listings: Record<string, unknown>;
}

/**
 * Whether a demo item is still unlisted for a journey: nothing of it is on any marketplace
 * (every stored listing is not listed; the sandbox demo keeps per-item Depop details such as
 * the department in a listing that is not listed), and the journey's marketplaces have no
 * listing at all, so each journey starts from "not listed" there.
 */
export function unlistedFor(
  listings: Record<string, unknown>,
  marketplaces: readonly string[],
): boolean {
  const live = Object.values(listings).some((listing) => {
    const status = (listing as { status?: string } | null)?.status;
    return status !== undefined && status !== 'not_listed';
  });
  return !live && marketplaces.every((marketplace) => !(marketplace in listings));
}

/**
 * A seeded demo item (SKU LT-…; other journeys create and edit their own) the journey's
 * marketplaces would take: photographed (the demo photos are made by a background job after
 * the first start), described, one unit, priced, a title of at most 80 characters, unlisted
 * for those marketplaces. Journeys that may run side by side take it from different ends.
 */
export async function findListableItem(
  request: APIRequestContext,
  options: {
    marketplaces: readonly string[];
    from: 'first' | 'last';
    maxPrice?: number;
    /** How many listable items to pass over from that end (journeys sharing an end). */
    skip?: number;
    /** What else the journey's marketplaces need of it (Poshmark: a size, brand and colour). */
    where?: (item: ApiItem) => boolean;
    /** Only items with a size (Poshmark, Grailed and Vinted need one). */
    withSize?: boolean;
  },
): Promise<ApiItem> {
  let found: ApiItem | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/account/item?limit=100');
        if (!response.ok()) return false;
        const { items } = (await response.json()) as { items: ApiItem[] };
        const listable = ({ generalDetails: details, listings }: ApiItem) =>
          details.sku.startsWith('LT-') &&
          details.images.length > 0 &&
          details.description.trim() !== '' &&
          details.quantity === 1 &&
          details.price !== null &&
          details.price >= 1 &&
          (options.maxPrice === undefined || details.price <= options.maxPrice) &&
          details.title.length <= 80 &&
          (!options.withSize || details.size.trim() !== '') &&
          unlistedFor(listings, options.marketplaces);
        const candidates = items.filter(
          (item) => listable(item) && (options.where?.(item) ?? true),
        );
        if (options.from === 'last') candidates.reverse();
        found = candidates[options.skip ?? 0];
        return found !== undefined;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  return found!;
}
