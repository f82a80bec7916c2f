import type { MarketplaceId, SaleChannel, SaleSource } from '@listloop/domain';
import type { SaleEventRow } from './sale-detection.repository';
import type { ItemRecord } from '../items';

/** Where an item a marketplace sold may be found: the first that matches wins. */
export interface SaleItemRef {
  itemId?: string | null;
  listedID?: string | null;
  sku?: string | null;
}

/**
 * A verified sale as a marketplace reports it, before ListLoop knows whose it is: the typed
 * sale event a connector turns a webhook into (structurally the connectors' `SaleEvent`).
 */
export interface VerifiedSale {
  /** Where it sold; in_person only for a sale the seller records. */
  marketplace: SaleChannel;
  externalOrderId: string;
  item: SaleItemRef;
  quantity: number;
  salePrice?: number | null;
  currency?: string | null;
  soldAt?: number | null;
  /** The buyer's shipping deadline (epoch ms), where the marketplace gives one. */
  shipBy?: number | null;
}

/** A sale as a marketplace, a poll, the extension or the seller reports it, for one account. */
export interface SaleReport extends VerifiedSale {
  accountId: string;
  fees?: number | null;
  buyerCountry?: string | null;
  source: SaleSource;
}

/** The job that sets a sale's new quantity on one marketplace's live listing. */
export interface QuantityPush {
  accountId: string;
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  eventId: string;
}

export type SaleRecorded =
  /** `item`: the item as the sale left it, before anything it queued was carried out. */
  | { status: 'recorded'; event: SaleEventRow; item: ItemRecord }
  | { status: 'duplicate'; event: SaleEventRow }
  | { status: 'unknown_item' };

/**
 * The item owner's settings a sale follows, per marketplace: whether its sales take the item
 * down elsewhere (saleDetection), and whether a listing there that keeps units is changed by
 * delisting and relisting it rather than by setting its quantity (forceDelistRelist).
 */
export type SaleDetectionSettingsOf = (
  accountId: string,
  userId: string,
) => Promise<{
  saleDetection: Partial<Record<MarketplaceId, { enabled: boolean }>>;
  forceDelistRelist: Partial<Record<MarketplaceId, { enabled: boolean }>>;
}>;
