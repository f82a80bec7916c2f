import {
  ItemCreateSchema,
  ListingDefaultsPutSchema,
  MappingRuleUpsertSchema,
} from '@listloop/domain';
import type { Container } from '../container';
import {
  demoDepopProductTypes,
  demoDepopSizes,
  demoEbayCategories,
  demoEtsyCategories,
  demoItems,
} from './demo-catalogue';

/** Where the demo shop ships from (New York), for eBay's required ship-from location. */
const DEMO_SHIP_FROM = { postalCode: '10001', country: 'US' } as const;

const PHOTO_BATCH = 10;

/**
 * ✅ Etsy's "when made" for vintage (20 years old or more, by the 2021 API description's
 * ranges): every demo item is from the 1970s to the turn of the century.
 */
const DEMO_ETSY_WHEN_MADE = 'before_2002';
/** What the demo charges a Depop buyer for shipping, in the listing's currency. */
const DEMO_DEPOP_SHIPPING = 5;

/**
 * The demo account, created on first start: a vintage reseller's shop whose owner is its
 * admin, with every supported marketplace open to it and about 200 items in the inventory.
 * Their photos are made by a background job. In sandbox mode it is connected to the emulated
 * eBay, Shopify, Etsy and Depop. A later start finds the owner and does nothing.
 */
export async function seedDemo(
  container: Container,
  options: { itemCount?: number } = {},
): Promise<{ created: boolean }> {
  const { config, services, queue, jobs } = container;
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
  const { context } = await services.accountUsers.memberContext(user, 'demo-seed');
  if (!context) throw new Error('The demo owner cannot enter their own account');

  const sandbox = container.sandbox;
  const photos: { itemId: string; caption: string; hue: number; count: number }[] = [];
  for (const demo of demoItems(options.itemCount ?? 200)) {
    const item = await services.items.create(
      context,
      ItemCreateSchema.parse({
        generalDetails: demo.generalDetails,
        labels: demo.labels,
        // Depop's department is the item's own (its Depop tab): no rule derives it.
        ...(sandbox
          ? { listings: { depop: { extra: { department: demo.depopDepartment } } } }
          : {}),
      }),
    );
    photos.push({
      itemId: item.itemID,
      caption: demo.generalDetails.title ?? '',
      hue: demo.hue,
      count: demo.photoCount,
    });
  }
  // Sandbox mode: the demo shop is connected to the emulated eBay, Shopify, Etsy and Depop,
  // and ready to cross-list there at once with what a seller sets once: eBay's ship-from
  // location and category ids; Etsy's taxonomy nodes, shipping and processing profiles (the
  // emulated shop's) and who/when made; Depop's product types, size ids and shipping.
  if (container.sandboxConnections && sandbox) {
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
    const etsy = sandbox.etsy.seeded;
    await services.marketplaceRules.putDefaults(
      context,
      'etsy',
      ListingDefaultsPutSchema.parse({
        defaults: {
          shipping: {
            profileId: String(etsy.shippingProfileId),
            processingProfileId: String(etsy.readinessStateId),
          },
          // A vintage shop: someone else made every item, decades ago.
          extra: { who_made: 'someone_else', when_made: DEMO_ETSY_WHEN_MADE },
        },
      }).defaults,
    );
    await services.marketplaceRules.putMapping(
      context,
      'etsy',
      demoEtsyCategories().map(({ category, etsyTaxonomyId }) =>
        MappingRuleUpsertSchema.parse({ field: 'category', from: category, to: etsyTaxonomyId }),
      ),
    );
    await services.marketplaceRules.putDefaults(
      context,
      'depop',
      ListingDefaultsPutSchema.parse({
        defaults: { shipping: { cost: DEMO_DEPOP_SHIPPING, payer: 'buyer' } },
      }).defaults,
    );
    await services.marketplaceRules.putMapping(context, 'depop', [
      ...demoDepopProductTypes().map(({ category, productType }) =>
        MappingRuleUpsertSchema.parse({ field: 'category', from: category, to: productType }),
      ),
      ...demoDepopSizes().map(({ size, depopSize }) =>
        MappingRuleUpsertSchema.parse({ field: 'size', from: size, to: depopSize, match: 'exact' }),
      ),
    ]);
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
