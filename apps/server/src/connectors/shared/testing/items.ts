import {
  composeListing,
  defaultCatalogue,
  GeneralDetailsSchema,
  ListingSchema,
  type BuiltListing,
  type GeneralDetailsInput,
  type Item,
  type MarketplaceId,
} from '@listloop/domain';
import type { ConnectorExistingListing, ConnectorListingInput } from '../../contract';
import { TEST_SCOPE } from './fixtures';

let itemCounter = 0;

/**
 * A new item id, unique within the test file: `prefix` and a counter padded to 20 digits, so 24
 * characters in all, as the engine's ids are.
 */
export function nextItemID(prefix = 'item'): string {
  itemCounter += 1;
  return `${prefix}${String(itemCounter).padStart(20, '0')}`;
}

/**
 * A complete item of the test user's as the engine stores it: general details parsed from
 * `details`, no listings, variants or labels, created at time 0. `fields` replace any of that;
 * without an `itemID` it takes the next one of {@link nextItemID}.
 */
export function testItem(details: GeneralDetailsInput, fields: Partial<Item> = {}): Item {
  const { itemID, ...rest } = fields;
  return {
    itemID: itemID ?? nextItemID(),
    userID: TEST_SCOPE.userId,
    dateCreated: 0,
    dateLastModified: 0,
    status: 'complete',
    labels: [],
    generalDetails: GeneralDetailsSchema.parse(details),
    listings: {},
    variants: [],
    completeness: [],
    ...rest,
  };
}

/**
 * What the engine hands a connector for `item` in the test scope: the listing to send, `built`,
 * and the item's stored listing on the marketplace, `listing` (none yet by default).
 */
export function connectorInput(
  item: Item,
  built: BuiltListing,
  listing: Record<string, unknown> = {},
): ConnectorListingInput {
  return { ...TEST_SCOPE, item, listing, built };
}

/**
 * The item's listing as the import stores it for `found`: listed or delisted as found there, its
 * listing id and URL, and the seller's own SKU as the marketplace SKU.
 */
export function importedListing(found: ConnectorExistingListing): Record<string, unknown> {
  return {
    status: found.state === 'active' ? 'listed' : 'delisted',
    listedID: found.listedID,
    listingURL: found.listingURL,
    marketplaceSku: found.sku,
  };
}

/**
 * What the engine sends for an item the import made from `found`: general details as the import
 * writes them, its listing on `marketplace` (the listing's fields as overrides), composed as for
 * a publish with the marketplace's conditions and first currency.
 */
export function importedListingInput(
  found: ConnectorExistingListing,
  marketplace: MarketplaceId,
): ConnectorListingInput {
  const listing = ListingSchema.parse({ ...found.listingFields, ...importedListing(found) });
  const item = testItem(
    {
      images: found.photoUrls.map((url, index) => ({ id: `photo${index}`, url })),
      title: found.title,
      description: found.description,
      brand: found.brand ?? '',
      condition: found.condition,
      price: found.price,
      primaryColor: found.primaryColor,
      size: found.size ?? '',
      sku: found.sku ?? '',
      quantity: found.quantity,
    },
    { itemID: 'item000000000000000000042', listings: { [marketplace]: listing } },
  );
  const spec = defaultCatalogue[marketplace];
  const { listing: built } = composeListing({
    item,
    marketplace,
    conditionMap: spec.conditions?.fromItem ?? null,
    currency: spec.currencies[0],
  });
  return connectorInput(item, built, listing);
}
