import type { Clock } from '../core/clock';
import type { EtsyCallContext } from './etsy-api';
import {
  listingPriceCents,
  listingQuantity,
  listingSkus,
  type EtsyImageRecord,
  type EtsyListingRecord,
  type EtsyProductRecord,
  type EtsyReadinessStateRecord,
  type EtsyReceiptRecord,
  type EtsyShippingProfileRecord,
  type EtsyShopRecord,
  type EtsyStore,
} from './etsy-store';

export interface EtsyRules {
  /** ✅ 140 characters. */
  titleMax: number;
  /** ✅ 13 tags of at most 20 characters. */
  tagsMax: number;
  tagMaxLength: number;
  /** ◐ 13 materials. */
  materialsMax: number;
  /** ✅ A listing may have up to two styles. */
  stylesMax: number;
  /** ✅ 10 images per listing through the API. */
  imagesMax: number;
  /** ◐ 999 per offering. */
  quantityMax: number;
  /** ◐ Prices from 0.20 to 50,000 in the shop's currency. */
  priceMin: number;
  priceMax: number;
  /** Taxonomy node ids a listing may use; null accepts any positive id (the tree has thousands). */
  taxonomyIds: ReadonlySet<number> | null;
  /** ◐ A physical listing goes live only with a shipping profile. */
  requireShippingProfile: boolean;
  /** ◐ A physical listing goes live only with a processing profile (readiness state). */
  requireProcessingProfile: boolean;
  /** ◐ A listing runs four months before it expires or renews. */
  listingLifetimeSeconds: number;
}

export const DEFAULT_ETSY_RULES: EtsyRules = {
  titleMax: 140,
  tagsMax: 13,
  tagMaxLength: 20,
  materialsMax: 13,
  stylesMax: 2,
  imagesMax: 10,
  quantityMax: 999,
  priceMin: 0.2,
  priceMax: 50_000,
  taxonomyIds: null,
  requireShippingProfile: true,
  requireProcessingProfile: true,
  listingLifetimeSeconds: 120 * 86_400,
};

export interface EtsyContext {
  store: EtsyStore;
  rules: EtsyRules;
  clock: Clock;
  /** Records a request the real API would refuse, beside the answer. */
  violation(call: EtsyCallContext, messages: string[]): void;
  /** A listing's page on the emulator (https://www.etsy.com/listing/<id> on the real site). */
  listingUrl(baseUrl: string, listingId: number): string;
  imageUrl(baseUrl: string, listingImageId: number, size: string): string;
}

/** Unix seconds, as Etsy's timestamps are. */
export function seconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

export function money(cents: number, currency: string) {
  return { amount: cents, divisor: 100, currency_code: currency };
}

export function shopJson(shop: EtsyShopRecord, baseUrl: string, activeListings: number) {
  return {
    shop_id: shop.shopId,
    user_id: shop.userId,
    shop_name: shop.shopName,
    create_date: shop.createdAt,
    title: `${shop.shopName} on Etsy`,
    announcement: null,
    currency_code: shop.currency,
    is_vacation: false,
    vacation_message: null,
    sale_message: null,
    digital_sale_message: null,
    update_date: shop.createdAt,
    listing_active_count: activeListings,
    digital_listing_count: 0,
    login_name: shop.loginName,
    accepts_custom_requests: false,
    policy_welcome: null,
    policy_payment: null,
    policy_shipping: null,
    policy_refunds: null,
    policy_additional: null,
    policy_seller_info: null,
    policy_update_date: shop.createdAt,
    policy_has_private_receipt_info: false,
    has_unstructured_policies: false,
    policy_privacy: null,
    vacation_autoreply: null,
    url: `${baseUrl}/shop/${encodeURIComponent(shop.shopName)}`,
    image_url_760x100: null,
    num_favorers: 0,
    languages: ['en-US'],
    icon_url_fullxfull: null,
    is_using_structured_policies: true,
    has_onboarded_structured_policies: true,
    include_dispute_form_link: false,
    is_direct_checkout_onboarded: true,
    is_calculated_eligible: true,
    is_opted_in_to_buyer_promise: true,
    is_shop_us_based: shop.countryIso === 'US',
    transaction_sold_count: 0,
    shipping_from_country_iso: shop.countryIso,
    shop_location_country_iso: shop.countryIso,
    review_count: 0,
    review_average: null,
  };
}

/**
 * A shipping profile as the 2021 draft's getListingShippingProfiles answers it, with its
 * processing days; today's getShopShippingProfiles answers it without them (`current`).
 */
export function shippingProfileJson(
  profile: EtsyShippingProfileRecord,
  userId: number,
  options: { current?: boolean } = {},
) {
  const processing = options.current
    ? {}
    : {
        min_processing_days: profile.minProcessingDays,
        max_processing_days: profile.maxProcessingDays,
        processing_days_display_label: `${profile.minProcessingDays}-${profile.maxProcessingDays} business days`,
      };
  return {
    shipping_profile_id: profile.shippingProfileId,
    title: profile.title,
    user_id: userId,
    ...processing,
    origin_country_iso: profile.originCountryIso,
    is_deleted: false,
    shipping_profile_destinations: [],
    shipping_profile_upgrades: [],
    origin_postal_code: profile.originPostalCode,
  };
}

/** A processing profile (getShopReadinessStateDefinitions). */
export function readinessStateJson(state: EtsyReadinessStateRecord, shopId: number) {
  const days =
    state.minProcessingDays === state.maxProcessingDays
      ? `${state.maxProcessingDays}`
      : `${state.minProcessingDays} - ${state.maxProcessingDays}`;
  return {
    shop_id: shopId,
    readiness_state_id: state.readinessStateId,
    readiness_state: state.readinessState,
    min_processing_days: state.minProcessingDays,
    max_processing_days: state.maxProcessingDays,
    processing_days_display_label: `${days} days`,
  };
}

export function listingJson(etsy: EtsyContext, listing: EtsyListingRecord, baseUrl: string) {
  const shop = etsy.store.shops.get(listing.shopId);
  const currency = shop?.currency ?? 'USD';
  return {
    listing_id: listing.listingId,
    user_id: listing.userId,
    shop_id: listing.shopId,
    title: listing.title,
    description: listing.description,
    state: listing.state,
    creation_timestamp: listing.createdAt,
    ending_timestamp: listing.stateAt + etsy.rules.listingLifetimeSeconds,
    original_creation_timestamp: listing.createdAt,
    last_modified_timestamp: listing.updatedAt,
    state_timestamp: listing.stateAt,
    quantity: listingQuantity(listing),
    shop_section_id: listing.shopSectionId,
    featured_rank: listing.featuredRank,
    url: etsy.listingUrl(baseUrl, listing.listingId),
    views: listing.views,
    num_favorers: listing.numFavorers,
    non_taxable: !listing.isTaxable,
    is_customizable: listing.isCustomizable,
    listing_type: listing.type,
    tags: listing.tags,
    materials: listing.materials,
    shipping_template_id: listing.shippingProfileId,
    shipping_profile_id: listing.shippingProfileId,
    processing_min: listing.processingMin,
    processing_max: listing.processingMax,
    who_made: listing.whoMade,
    when_made: listing.whenMade,
    item_weight: listing.itemWeight,
    item_weight_unit: listing.itemWeightUnit,
    item_length: listing.itemLength,
    item_width: listing.itemWidth,
    item_height: listing.itemHeight,
    item_dimensions_unit: listing.itemDimensionsUnit,
    is_private: listing.isPrivate,
    recipient: listing.recipient,
    occasion: listing.occasion,
    style: listing.styles,
    file_data: '',
    has_variations: listing.products.some((p) => p.propertyValues.length > 0),
    should_auto_renew: listing.shouldAutoRenew,
    language: 'en-US',
    price: money(listingPriceCents(listing), currency),
    skus: listingSkus(listing),
    taxonomy_id: listing.taxonomyId,
  };
}

/** ✅ The sizes Etsy serves each listing image in. */
export const IMAGE_SIZES = ['75x75', '170x135', '570xN', 'fullxfull'] as const;

export function imageJson(
  etsy: EtsyContext,
  image: EtsyImageRecord,
  listingId: number,
  baseUrl: string,
) {
  return {
    listing_id: listingId,
    listing_image_id: image.listingImageId,
    hex_code: null,
    red: 0,
    green: 0,
    blue: 0,
    hue: 0,
    saturation: 0,
    brightness: 0,
    is_black_and_white: false,
    creation_tsz: image.createdAt,
    rank: image.rank,
    url_75x75: etsy.imageUrl(baseUrl, image.listingImageId, '75x75'),
    url_170x135: etsy.imageUrl(baseUrl, image.listingImageId, '170x135'),
    url_570xN: etsy.imageUrl(baseUrl, image.listingImageId, '570xN'),
    url_fullxfull: etsy.imageUrl(baseUrl, image.listingImageId, 'fullxfull'),
    full_height: image.height,
    full_width: image.width,
  };
}

function productJson(product: EtsyProductRecord, currency: string) {
  return {
    product_id: product.productId,
    sku: product.sku,
    is_deleted: false,
    offerings: product.offerings.map((o) => ({
      offering_id: o.offeringId,
      quantity: o.quantity,
      is_enabled: o.isEnabled,
      is_deleted: false,
      price: money(o.priceCents, currency),
      readiness_state_id: o.readinessStateId,
    })),
    property_values: product.propertyValues,
  };
}

export function inventoryJson(etsy: EtsyContext, listing: EtsyListingRecord) {
  const currency = etsy.store.shops.get(listing.shopId)?.currency ?? 'USD';
  return {
    products: listing.products.map((p) => productJson(p, currency)),
    price_on_property: listing.priceOnProperty,
    quantity_on_property: listing.quantityOnProperty,
    sku_on_property: listing.skuOnProperty,
  };
}

export function receiptJson(receipt: EtsyReceiptRecord) {
  const total = receipt.transactions.reduce((sum, t) => sum + t.priceCents * t.quantity, 0);
  const currency = receipt.currency;
  const zero = money(0, currency);
  return {
    receipt_id: receipt.receiptId,
    receipt_type: 0,
    seller_user_id: receipt.sellerUserId,
    buyer_user_id: receipt.buyerUserId,
    name: receipt.buyerName,
    first_line: '1 Emulated Street',
    second_line: null,
    city: 'Brooklyn',
    state: 'NY',
    zip: '11201',
    formatted_address: `${receipt.buyerName}\n1 Emulated Street\nBrooklyn, NY 11201\nUnited States`,
    country_iso: 'US',
    payment_method: 'cc',
    payment_email: receipt.buyerEmail,
    message_from_seller: null,
    message_from_buyer: null,
    message_from_payment: null,
    is_paid: receipt.isPaid,
    is_shipped: receipt.isShipped,
    create_timestamp: receipt.createdAt,
    update_timestamp: receipt.updatedAt,
    gift_message: '',
    grandtotal: money(total, currency),
    subtotal: money(total, currency),
    total_price: money(total, currency),
    total_shipping_cost: zero,
    total_tax_cost: zero,
    total_vat_cost: zero,
    discount_amt: zero,
    gift_wrap_price: zero,
    shipments: [],
    transactions: receipt.transactions.map((t) => ({
      transaction_id: t.transactionId,
      title: t.title,
      description: t.description,
      seller_user_id: receipt.sellerUserId,
      buyer_user_id: receipt.buyerUserId,
      create_timestamp: receipt.createdAt,
      paid_timestamp: receipt.isPaid ? receipt.createdAt : null,
      shipped_timestamp: null,
      quantity: t.quantity,
      listing_image_id: t.listingImageId,
      receipt_id: receipt.receiptId,
      is_digital: false,
      file_data: '',
      listing_id: t.listingId,
      transaction_type: 'listing',
      product_id: t.productId,
      sku: t.sku,
      price: money(t.priceCents, currency),
      shipping_cost: zero,
      expected_ship_date: t.expectedShipDate,
    })),
  };
}
