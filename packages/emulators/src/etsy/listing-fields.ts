import type { EtsyRules } from './etsy-context';
import type { EtsyListingRecord, EtsyShopRecord, EtsyWhoMade, EtsyListingType } from './etsy-store';

/**
 * ✅ The characters Etsy refuses in each kind of text (the description gives the regexes), and
 * ✅ "You can only use the %, :, & and + characters once each" in a title.
 */
const TITLE_REFUSED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u;
const TAG_REFUSED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/u;
const MATERIAL_REFUSED = /[^\p{L}\p{Nd}\p{Zs}]/u;
const TITLE_ONCE = ['%', ':', '&', '+'];

type Body = Record<string, unknown>;

function has(body: Body, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(body, name);
}

function intOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function textProblems(
  label: string,
  values: string[],
  max: number,
  maxLength: number | null,
  refused: RegExp,
): string[] {
  const problems: string[] = [];
  if (values.length > max) problems.push(`A listing may have at most ${max} ${label}s.`);
  for (const value of values) {
    if (maxLength !== null && value.length > maxLength) {
      problems.push(`The ${label} '${value}' is longer than ${maxLength} characters.`);
    }
    const bad = refused.exec(value);
    if (bad)
      problems.push(`The ${label} '${value}' contains a character Etsy does not allow: ${bad[0]}`);
  }
  return problems;
}

export function titleProblems(title: string, rules: EtsyRules): string[] {
  const problems: string[] = [];
  if (!title.trim()) problems.push('The title may not be empty.');
  if (title.length > rules.titleMax) {
    problems.push(`The title must be ${rules.titleMax} characters or fewer.`);
  }
  const bad = TITLE_REFUSED.exec(title);
  if (bad) problems.push(`The title contains a character Etsy does not allow: ${bad[0]}`);
  for (const char of TITLE_ONCE) {
    if (title.split(char).length > 2) {
      problems.push(`The title may use the ${TITLE_ONCE.join(' ')} characters only once each.`);
      break;
    }
  }
  return problems;
}

/**
 * What Etsy would refuse in the listing fields of a create or update: the texts, the taxonomy,
 * the shop's profiles, the processing days and the measurements. `current` is the listing an
 * update changes (null for a create).
 */
export function listingFieldProblems(
  body: Body,
  shop: EtsyShopRecord,
  rules: EtsyRules,
  current: EtsyListingRecord | null,
): string[] {
  const problems: string[] = [];
  if (typeof body.title === 'string') problems.push(...titleProblems(body.title, rules));
  if (has(body, 'description') && !String(body.description ?? '').trim()) {
    problems.push('The description may not be empty.');
  }
  if (has(body, 'tags')) {
    problems.push(
      ...textProblems('tag', strings(body.tags), rules.tagsMax, rules.tagMaxLength, TAG_REFUSED),
    );
  }
  if (has(body, 'materials')) {
    problems.push(
      ...textProblems(
        'material',
        strings(body.materials),
        rules.materialsMax,
        null,
        MATERIAL_REFUSED,
      ),
    );
  }
  if (has(body, 'styles')) {
    problems.push(
      ...textProblems('style', strings(body.styles), rules.stylesMax, null, MATERIAL_REFUSED),
    );
  }
  const taxonomyId = intOrNull(body.taxonomy_id);
  if (taxonomyId !== null && rules.taxonomyIds && !rules.taxonomyIds.has(taxonomyId)) {
    problems.push(`taxonomy_id ${taxonomyId} is not a seller taxonomy node.`);
  }
  const shippingProfileId = intOrNull(body.shipping_profile_id);
  if (shippingProfileId !== null && !shop.shippingProfiles.has(shippingProfileId)) {
    problems.push(
      `shipping_profile_id ${shippingProfileId} is not a shipping profile of this shop.`,
    );
  }
  const readinessStateId = intOrNull(body.readiness_state_id);
  if (readinessStateId !== null && !shop.readinessStates.has(readinessStateId)) {
    problems.push(
      `readiness_state_id ${readinessStateId} is not a processing profile of this shop.`,
    );
  }
  const min = has(body, 'processing_min')
    ? intOrNull(body.processing_min)
    : (current?.processingMin ?? null);
  const max = has(body, 'processing_max')
    ? intOrNull(body.processing_max)
    : (current?.processingMax ?? null);
  if (min !== null && max !== null && min > max) {
    problems.push('processing_min may not be greater than processing_max.');
  }
  for (const field of ['item_weight', 'item_length', 'item_width', 'item_height']) {
    const value = body[field];
    if (typeof value === 'number' && value < 0) problems.push(`${field} may not be negative.`);
  }
  return problems;
}

/** Price and quantity of a create (an update sets them through the inventory). */
export function offerProblems(price: unknown, quantity: unknown, rules: EtsyRules): string[] {
  const problems: string[] = [];
  if (typeof price === 'number' && (price < rules.priceMin || price > rules.priceMax)) {
    problems.push(
      `The price must be between ${rules.priceMin.toFixed(2)} and ${rules.priceMax.toFixed(2)}.`,
    );
  }
  if (
    typeof quantity === 'number' &&
    (!Number.isInteger(quantity) || quantity < 1 || quantity > rules.quantityMax)
  ) {
    problems.push(`The quantity must be between 1 and ${rules.quantityMax}.`);
  }
  return problems;
}

/** Writes the listing fields the body names into the listing (after the checks passed). */
export function applyListingFields(listing: EtsyListingRecord, body: Body): void {
  if (typeof body.title === 'string') listing.title = body.title;
  if (typeof body.description === 'string') listing.description = body.description;
  if (typeof body.who_made === 'string') listing.whoMade = body.who_made as EtsyWhoMade;
  if (typeof body.when_made === 'string') listing.whenMade = body.when_made;
  if (typeof body.type === 'string') listing.type = body.type as EtsyListingType;
  const ints: Array<[string, (value: number | null) => void]> = [
    ['taxonomy_id', (v) => (listing.taxonomyId = v ?? listing.taxonomyId)],
    ['shipping_profile_id', (v) => (listing.shippingProfileId = v)],
    ['readiness_state_id', (v) => (listing.readinessStateId = v)],
    ['shop_section_id', (v) => (listing.shopSectionId = v)],
    ['processing_min', (v) => (listing.processingMin = v)],
    ['processing_max', (v) => (listing.processingMax = v)],
    ['featured_rank', (v) => (listing.featuredRank = v ?? -1)],
  ];
  for (const [field, set] of ints) if (has(body, field)) set(intOrNull(body[field]));
  const numbers: Array<[string, (value: number | null) => void]> = [
    ['item_weight', (v) => (listing.itemWeight = v)],
    ['item_length', (v) => (listing.itemLength = v)],
    ['item_width', (v) => (listing.itemWidth = v)],
    ['item_height', (v) => (listing.itemHeight = v)],
  ];
  for (const [field, set] of numbers) {
    if (has(body, field)) set(typeof body[field] === 'number' ? (body[field] as number) : null);
  }
  const texts: Array<[string, (value: string | null) => void]> = [
    ['item_weight_unit', (v) => (listing.itemWeightUnit = v)],
    ['item_dimensions_unit', (v) => (listing.itemDimensionsUnit = v)],
    ['recipient', (v) => (listing.recipient = v)],
    ['occasion', (v) => (listing.occasion = v)],
  ];
  for (const [field, set] of texts) {
    if (has(body, field)) set(typeof body[field] === 'string' ? (body[field] as string) : null);
  }
  if (has(body, 'tags')) listing.tags = strings(body.tags);
  if (has(body, 'materials')) listing.materials = strings(body.materials);
  if (has(body, 'styles')) listing.styles = strings(body.styles);
  const flags: Array<[string, (value: boolean) => void]> = [
    ['is_supply', (v) => (listing.isSupply = v)],
    ['is_personalizable', (v) => (listing.isPersonalizable = v)],
    ['is_customizable', (v) => (listing.isCustomizable = v)],
    ['is_taxable', (v) => (listing.isTaxable = v)],
    ['is_private', (v) => (listing.isPrivate = v)],
    ['should_auto_renew', (v) => (listing.shouldAutoRenew = v)],
  ];
  for (const [field, set] of flags)
    if (typeof body[field] === 'boolean') set(body[field] as boolean);
}

/**
 * What stops a listing going live: ✅ no image (the Listings tutorial: a listing that "lacks at
 * least one image" stays a draft); ◐ no stock, no taxonomy node, and for a physical listing
 * no shipping profile or processing profile.
 */
export function activationProblems(listing: EtsyListingRecord, quantity: number, rules: EtsyRules) {
  const problems: string[] = [];
  if (listing.images.length === 0) problems.push('the listing has no image');
  if (quantity < 1) problems.push('the listing has no quantity available');
  if (listing.taxonomyId === null) problems.push('the listing has no taxonomy_id');
  const physical = listing.type !== 'download';
  if (physical && rules.requireShippingProfile && listing.shippingProfileId === null) {
    problems.push('a physical listing needs a shipping_profile_id');
  }
  const readiness =
    listing.readinessStateId !== null ||
    listing.products.some((p) => p.offerings.some((o) => o.readinessStateId !== null));
  if (physical && rules.requireProcessingProfile && !readiness) {
    problems.push('a physical listing needs a processing profile (readiness_state_id)');
  }
  return problems;
}
