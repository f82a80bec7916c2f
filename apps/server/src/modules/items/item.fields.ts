import {
  GeneralDetailsSchema,
  isMarketplaceId,
  PROTECTED_LISTING_FIELDS,
  type GeneralDetails,
  type Listing,
  type Variant,
} from '@listloop/domain';

/** Listing fields only the server sets: an edit never writes them (spec §3, §4). */
export const LISTING_TIMESTAMPS = ['dateCreated', 'dateLastModified'] as const;
const PROTECTED: readonly string[] = PROTECTED_LISTING_FIELDS;
const SERVER_SET: readonly string[] = [...PROTECTED_LISTING_FIELDS, ...LISTING_TIMESTAMPS];
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const DETAIL_KEYS = new Set(Object.keys(GeneralDetailsSchema.shape));

export interface EditableItem {
  generalDetails: GeneralDetails;
  labels: string[];
  listings: Record<string, Listing>;
  variants: Variant[];
}

export interface FieldChangeResult {
  /** The item with every applicable change made (not yet validated). */
  next: {
    generalDetails: unknown;
    labels: unknown;
    listings: Record<string, unknown>;
    variants: unknown;
  };
  /** Paths left alone because they name listing fields only the listing engine sets. */
  skipped: string[];
  /** Marketplaces whose listing changed: their timestamps are set on save. */
  touchedListings: string[];
  /** Paths that make no sense (unknown field, a path through a non-object). */
  errors: { path: string; message: string }[];
  changed: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Sets `value` at `segments` below `target`, creating missing objects on the way. */
function setAt(target: unknown, segments: string[], value: unknown): string | null {
  let current = target;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index]!;
    const last = index === segments.length - 1;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment) || Number(segment) > current.length) {
        return `"${segment}" is not a position in this list`;
      }
      const position = Number(segment);
      if (last) current[position] = value;
      else {
        current[position] ??= {};
        current = current[position];
      }
    } else if (isPlainObject(current)) {
      if (last) current[segment] = value;
      else {
        current[segment] ??= {};
        current = current[segment];
      }
    } else {
      return `cannot set "${segment}" inside a value that is not an object`;
    }
  }
  return null;
}

/**
 * Spec §4 "form-value saves use a field-level update that skips listing status fields":
 * applies dotted paths (generalDetails.title, labels, variants, listings.ebay.price, …) to a
 * copy of the item. A path that touches a listing's status, lastStatusDate, listedID or
 * listingURL, or sets a whole listing holding one of them, is skipped and reported; listing
 * timestamps are the server's to set, so paths to them are skipped too.
 */
export function applyFieldChanges(
  item: EditableItem,
  changes: Record<string, unknown>,
): FieldChangeResult {
  const next = {
    generalDetails: clone(item.generalDetails) as unknown,
    labels: clone(item.labels) as unknown,
    listings: clone(item.listings) as Record<string, unknown>,
    variants: clone(item.variants) as unknown,
  };
  const skipped: string[] = [];
  const errors: { path: string; message: string }[] = [];
  const touched = new Set<string>();
  let changed = false;

  const setListing = (path: string, marketplace: string, value: unknown) => {
    if (!isMarketplaceId(marketplace)) {
      errors.push({ path, message: `"${marketplace}" is not a marketplace` });
      return;
    }
    if (!isPlainObject(value)) {
      errors.push({ path, message: 'A listing must be an object' });
      return;
    }
    if (Object.keys(value).some((key) => PROTECTED.includes(key))) {
      skipped.push(path);
      return;
    }
    const existing = isPlainObject(next.listings[marketplace]) ? next.listings[marketplace] : {};
    const kept = Object.fromEntries(
      Object.entries(existing).filter(([key]) => SERVER_SET.includes(key)),
    );
    const given = Object.fromEntries(
      Object.entries(value).filter(([key]) => !SERVER_SET.includes(key)),
    );
    next.listings[marketplace] = { ...given, ...kept };
    touched.add(marketplace);
    changed = true;
  };

  for (const [path, value] of Object.entries(changes)) {
    const segments = path.split('.');
    if (segments.some((s) => s === '' || FORBIDDEN_SEGMENTS.has(s))) {
      errors.push({ path, message: 'This is not a valid field path' });
      continue;
    }
    const [top, ...rest] = segments;
    switch (top) {
      case 'generalDetails': {
        if (rest.length === 0) {
          next.generalDetails = value;
          changed = true;
          break;
        }
        if (!DETAIL_KEYS.has(rest[0]!)) {
          errors.push({ path, message: `Unknown field "${rest[0]}" of the general details` });
          break;
        }
        if (!isPlainObject(next.generalDetails)) next.generalDetails = {};
        const problem = setAt(next.generalDetails, rest, value);
        if (problem) errors.push({ path, message: problem });
        else changed = true;
        break;
      }
      case 'labels':
      case 'variants': {
        if (rest.length === 0) {
          next[top] = value;
          changed = true;
          break;
        }
        const problem = setAt(next[top], rest, value);
        if (problem) errors.push({ path, message: problem });
        else changed = true;
        break;
      }
      case 'listings': {
        if (rest.length === 0) {
          // Listings not named are kept: a field update never removes a listing.
          if (!isPlainObject(value)) {
            errors.push({ path, message: 'Listings must be an object keyed by marketplace' });
            break;
          }
          for (const [marketplace, listing] of Object.entries(value)) {
            setListing(`listings.${marketplace}`, marketplace, listing);
          }
          break;
        }
        const [marketplace, field, ...deeper] = rest as [string, string | undefined, ...string[]];
        if (field === undefined) {
          setListing(path, marketplace, value);
          break;
        }
        if (!isMarketplaceId(marketplace)) {
          errors.push({ path, message: `"${marketplace}" is not a marketplace` });
          break;
        }
        if (SERVER_SET.includes(field)) {
          skipped.push(path);
          break;
        }
        if (!isPlainObject(next.listings[marketplace])) next.listings[marketplace] = {};
        const problem = setAt(next.listings[marketplace], [field, ...deeper], value);
        if (problem) errors.push({ path, message: problem });
        else {
          touched.add(marketplace);
          changed = true;
        }
        break;
      }
      default:
        errors.push({
          path,
          message: `Unknown field "${top}"; use generalDetails, labels, listings or variants`,
        });
    }
  }
  return { next, skipped, touchedListings: [...touched], errors, changed };
}

/**
 * Spec §3/§4 merge of a listing save (PUT …/listing/{marketplaceId}, PUT …/listings): the
 * given fields go over the stored listing, the protected ones stay as they were, and the
 * timestamps are the server's.
 */
export function mergeListing(
  existing: Record<string, unknown> | undefined,
  given: Record<string, unknown>,
  now: number,
): Record<string, unknown> {
  const base = existing ?? {};
  const editable = Object.fromEntries(
    Object.entries(given).filter(([key]) => !SERVER_SET.includes(key)),
  );
  return stampListing({ ...base, ...editable }, now);
}

/** Saving a listing sets its dateLastModified to now, and dateCreated when it has none. */
export function stampListing(
  listing: Record<string, unknown>,
  now: number,
): Record<string, unknown> {
  const created = listing.dateCreated;
  return {
    ...listing,
    dateCreated: typeof created === 'number' ? created : now,
    dateLastModified: now,
  };
}
