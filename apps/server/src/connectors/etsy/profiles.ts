import {
  ETSY_READINESS_STATES,
  type EtsyProfileKind,
  type EtsyReadinessState,
  type EtsyShopProfile,
} from '@listloop/domain';
import type { ConnectorScope } from '../contract';
import type {
  EtsyClient,
  EtsyProcessingProfileAnswer,
  EtsyShippingProfileAnswer,
  EtsyShop,
} from './client';

/** ✅ getShopReadinessStateDefinitions answers at most 100 a page. */
const PROCESSING_PAGE = 100;
/**
 * How far the pages are read. A profile is a readiness state and its days, and Etsy refuses two
 * alike, so a shop has a few dozen at most; this bounds a count that never settles.
 */
const PROCESSING_MAX = 1_000;

function days(value: number | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function readinessState(value: string | undefined): EtsyReadinessState | null {
  return (ETSY_READINESS_STATES as readonly string[]).includes(value ?? '')
    ? (value as EtsyReadinessState)
    : null;
}

export function toShippingProfile(raw: EtsyShippingProfileAnswer): EtsyShopProfile {
  const title = typeof raw.title === 'string' ? raw.title.trim() : '';
  return {
    id: String(raw.shipping_profile_id),
    kind: 'shipping',
    name: title === '' ? null : title,
    readinessState: null,
    minProcessingDays: null,
    maxProcessingDays: null,
    originCountry: typeof raw.origin_country_iso === 'string' ? raw.origin_country_iso : null,
  };
}

export function toProcessingProfile(raw: EtsyProcessingProfileAnswer): EtsyShopProfile {
  return {
    id: String(raw.readiness_state_id),
    kind: 'processing',
    // ◐ Etsy gives a processing profile no name: the seller knows it by its state and days.
    name: null,
    readinessState: readinessState(raw.readiness_state),
    minProcessingDays: days(raw.min_processing_days),
    maxProcessingDays: days(raw.max_processing_days),
    originCountry: null,
  };
}

/**
 * The shop's profiles of one kind, as the seller can give them to a listing: shipping profiles
 * that are not deleted, and every processing profile (read a page at a time).
 */
export async function etsyShopProfiles(
  client: EtsyClient,
  scope: ConnectorScope,
  shop: EtsyShop,
  kind: EtsyProfileKind,
): Promise<EtsyShopProfile[]> {
  if (kind === 'shipping') {
    const profiles = await client.shippingProfiles(scope, shop.shopId);
    return profiles
      .filter((profile) => profile.is_deleted !== true)
      .filter((profile) => typeof profile.shipping_profile_id === 'number')
      .map(toShippingProfile);
  }
  const out: EtsyShopProfile[] = [];
  for (let offset = 0; offset < PROCESSING_MAX; offset += PROCESSING_PAGE) {
    const page = await client.processingProfiles(scope, shop.shopId, {
      limit: PROCESSING_PAGE,
      offset,
    });
    out.push(
      ...page.results
        .filter((profile) => typeof profile.readiness_state_id === 'number')
        .map(toProcessingProfile),
    );
    if (page.results.length < PROCESSING_PAGE || offset + PROCESSING_PAGE >= page.count) break;
  }
  return out;
}
