import {
  ItemCreateSchema,
  ListingDefaultsPutSchema,
  MappingRuleUpsertSchema,
} from '@listloop/domain';
import type { Container } from '../container';
import { loadMemberContext } from '../platform/http/request-context';
import { demoEbayCategories, demoItems } from './demo-catalogue';

/** Where the demo shop ships from (New York), for eBay's required ship-from location. */
const DEMO_SHIP_FROM = { postalCode: '10001', country: 'US' } as const;

const PHOTO_BATCH = 10;

/**
 * The demo account, created on first start: a vintage reseller's shop whose owner is its
 * admin, with every supported marketplace open to it and about 200 items in the inventory.
 * Their photos are made by a background job. In sandbox mode it is connected to the emulated
 * eBay and Shopify. A later start finds the owner and does nothing.
 */
export async function seedDemo(
  container: Container,
  options: { itemCount?: number } = {},
): Promise<{ created: boolean }> {
  const { config, services, repositories, queue, jobs } = container;
  if (await services.auth.findUserByEmail(config.demo.email)) return { created: false };
  const { userId } = await services.accounts.createWithOwner({
    companyName: 'Loop & Thread Vintage',
    owner: {
      email: config.demo.email,
      password: config.demo.password,
      firstName: 'Dana',
      lastName: 'Reyes',
      countryCode: 'US',
    },
    marketplaceAllowedToAccess: {
      ebay: true,
      etsy: true,
      shopify: true,
      poshmark: true,
      mercari: true,
      depop: true,
      grailed: true,
      facebook: true,
      vinted: true,
      vestiaire: true,
      whatnot: true,
    },
  });

  const user = { id: userId, email: config.demo.email, name: 'Dana Reyes' };
  const { context } = await loadMemberContext(repositories.accountUsers, user, 'demo-seed');
  if (!context) throw new Error('The demo owner cannot enter their own account');

  const photos: { itemId: string; caption: string; hue: number; count: number }[] = [];
  for (const demo of demoItems(options.itemCount ?? 200)) {
    const item = await services.items.create(
      context,
      ItemCreateSchema.parse({ generalDetails: demo.generalDetails, labels: demo.labels }),
    );
    photos.push({
      itemId: item.itemID,
      caption: demo.generalDetails.title ?? '',
      hue: demo.hue,
      count: demo.photoCount,
    });
  }
  // Sandbox mode: the demo shop is connected to the emulated eBay and Shopify, and ready to
  // cross-list there at once (eBay needs a ship-from location and its own category ids).
  if (container.sandboxConnections) {
    await services.marketplaceRules.putDefaults(
      context,
      'ebay',
      ListingDefaultsPutSchema.parse({ defaults: { location: DEMO_SHIP_FROM } }).defaults,
    );
    await services.marketplaceRules.putMapping(
      context,
      'ebay',
      demoEbayCategories().map(({ category, ebayCategoryId }) =>
        MappingRuleUpsertSchema.parse({ field: 'category', from: category, to: ebayCategoryId }),
      ),
    );
    await container.sandboxConnections.connectAccount(context.accountId, userId);
  }

  // The newest items top the inventory screen: photograph them first.
  photos.reverse();
  for (let start = 0; start < photos.length; start += PHOTO_BATCH) {
    await queue.send(jobs.demoPhotos, {
      userId,
      email: config.demo.email,
      items: photos.slice(start, start + PHOTO_BATCH),
    });
  }
  return { created: true };
}
