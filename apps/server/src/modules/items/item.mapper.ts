import {
  checkCompleteness,
  GeneralDetailsSchema,
  itemStatusFor,
  ListingSchema,
  type GeneralDetails,
  type Item,
  type ItemStatus,
  type Listing,
} from '@listloop/domain';
import type { ItemWrite } from './item.repository';

const DETAILS_DEFAULTS: GeneralDetails = GeneralDetailsSchema.parse({});
const LISTING_DEFAULTS: Listing = ListingSchema.parse({});

/**
 * Stored JSON as the API shapes it. Rows written by the service are already complete; the
 * defaults only fill keys a row written another way (a seed, an older version) left out.
 */
export function withDetailDefaults(details: Partial<GeneralDetails>): GeneralDetails {
  return {
    ...DETAILS_DEFAULTS,
    ...details,
    weight: { ...DETAILS_DEFAULTS.weight, ...(details.weight ?? {}) },
  };
}

function completeListings(listings: Record<string, Partial<Listing>>): Record<string, Listing> {
  return Object.fromEntries(
    Object.entries(listings ?? {}).map(([marketplace, listing]) => [
      marketplace,
      { ...LISTING_DEFAULTS, ...listing } as Listing,
    ]),
  );
}

/** Spec §4/§5: the completeness messages and the status they give. */
export function completenessOf(item: { generalDetails: GeneralDetails; labels: string[] }): {
  status: ItemStatus;
  completeness: string[];
} {
  const issues = checkCompleteness(item);
  return { status: itemStatusFor(issues), completeness: issues.map((issue) => issue.message) };
}

/** An item row as the API returns it (spec §3 Item). */
export function toItem(row: Omit<ItemWrite, 'accountId'> & { accountId?: string }): Item {
  const generalDetails = withDetailDefaults(row.generalDetails);
  const labels = row.labels ?? [];
  return {
    itemID: row.id,
    userID: row.userId,
    dateCreated: Number(row.dateCreated),
    dateLastModified: Number(row.dateLastModified),
    status: row.status,
    labels,
    generalDetails,
    listings: completeListings(row.listings),
    variants: row.variants ?? [],
    completeness: completenessOf({ generalDetails, labels }).completeness,
  };
}
