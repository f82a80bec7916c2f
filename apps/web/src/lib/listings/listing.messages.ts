import type {
  DepopProductType,
  DepopSizeSet,
  ListingProblemCode,
  RequirableField,
} from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

/** The listing checks' problems (domain listing-checks.ts), by code, each saying how to fix it. */
export const listingProblemMessages = defineMessages({
  'marketplace.unsupported': { id: 'listing.problem.marketplace.unsupported' },
  'marketplace.unreachable': { id: 'listing.problem.marketplace.unreachable' },
  'connection.missing': { id: 'listing.problem.connection.missing' },
  'connection.needsReconnect': { id: 'listing.problem.connection.needsReconnect' },
  'title.missing': { id: 'listing.problem.title.missing' },
  'title.tooLong': { id: 'listing.problem.title.tooLong' },
  'title.characterNotAllowed': { id: 'listing.problem.title.characterNotAllowed' },
  'title.characterRepeated': { id: 'listing.problem.title.characterRepeated' },
  'description.missing': { id: 'listing.problem.description.missing' },
  'description.tooLong': { id: 'listing.problem.description.tooLong' },
  'description.tooManyHashtags': { id: 'listing.problem.description.tooManyHashtags' },
  'description.htmlNotAllowed': { id: 'listing.problem.description.htmlNotAllowed' },
  'description.contactDetails': { id: 'listing.problem.description.contactDetails' },
  'photos.tooFew': { id: 'listing.problem.photos.tooFew' },
  'photos.tooMany': { id: 'listing.problem.photos.tooMany' },
  'photos.notPublic': { id: 'listing.problem.photos.notPublic' },
  'photos.notInAccount': { id: 'listing.problem.photos.notInAccount' },
  'price.missing': { id: 'listing.problem.price.missing' },
  'price.tooLow': { id: 'listing.problem.price.tooLow' },
  'price.tooHigh': { id: 'listing.problem.price.tooHigh' },
  'currency.unsupported': { id: 'listing.problem.currency.unsupported' },
  'quantity.tooLow': { id: 'listing.problem.quantity.tooLow' },
  'quantity.tooHigh': { id: 'listing.problem.quantity.tooHigh' },
  'sku.tooLong': { id: 'listing.problem.sku.tooLong' },
  'sku.characters': { id: 'listing.problem.sku.characters' },
  'sku.reserved': { id: 'listing.problem.sku.reserved' },
  'tags.tooMany': { id: 'listing.problem.tags.tooMany' },
  'tags.tooLong': { id: 'listing.problem.tags.tooLong' },
  'tags.characterNotAllowed': { id: 'listing.problem.tags.characterNotAllowed' },
  'category.notMarketplaceCategory': { id: 'listing.problem.category.notMarketplaceCategory' },
  'category.unknown': { id: 'listing.problem.category.unknown' },
  'category.notLeaf': { id: 'listing.problem.category.notLeaf' },
  'size.notMapped': { id: 'listing.problem.size.notMapped' },
  'field.missing': { id: 'listing.problem.field.missing' },
  'field.notAnId': { id: 'listing.problem.field.notAnId' },
  'extra.missing': { id: 'listing.problem.extra.missing' },
  'extra.invalid': { id: 'listing.problem.extra.invalid' },
  'extra.tooMany': { id: 'listing.problem.extra.tooMany' },
  'extra.characterNotAllowed': { id: 'listing.problem.extra.characterNotAllowed' },
  'condition.missing': { id: 'listing.problem.condition.missing' },
  'condition.notMappable': { id: 'listing.problem.condition.notMappable' },
}) satisfies Record<ListingProblemCode, MessageDescriptor>;

/** price.tooLow when the marketplace has no stated minimum: any price above zero. */
export const priceAboveZeroMessage = defineMessages({
  priceAboveZero: { id: 'listing.problem.price.aboveZero' },
}).priceAboveZero;

/** What a marketplace may require, as the object of "{marketplace} needs …". */
export const requirableFieldMessages = defineMessages({
  category: { id: 'listing.requirable.category' },
  brand: { id: 'listing.requirable.brand' },
  size: { id: 'listing.requirable.size' },
  colour: { id: 'listing.requirable.colour' },
  condition: { id: 'listing.requirable.condition' },
  quantity: { id: 'listing.requirable.quantity' },
  originalPrice: { id: 'listing.requirable.originalPrice' },
  sku: { id: 'listing.requirable.sku' },
  weight: { id: 'listing.requirable.weight' },
  shipping: { id: 'listing.requirable.shipping' },
  'shipping.profileId': { id: 'listing.requirable.shipping.profileId' },
  'shipping.processingProfileId': { id: 'listing.requirable.shipping.processingProfileId' },
  'shipping.fromPostalCode': { id: 'listing.requirable.shipping.fromPostalCode' },
}) satisfies Record<RequirableField, MessageDescriptor>;

/**
 * Labels of the §1 form overrides, by the message ids the domain's form-overrides.ts names
 * (the postal-code label is a region label, in the region messages).
 */
export const formOverrideMessages = defineMessages({
  'listing.field.upc.upc': { id: 'listing.field.upc.upc' },
  'listing.field.upc.ean': { id: 'listing.field.upc.ean' },
  'listing.field.ukSize': { id: 'listing.field.ukSize' },
  'listing.field.packageWeight': { id: 'listing.field.packageWeight' },
  'listing.field.packageDimensions': { id: 'listing.field.packageDimensions' },
  'listing.field.shippingProfile': { id: 'listing.field.shippingProfile' },
  'listing.field.processingProfile': { id: 'listing.field.processingProfile' },
  'listing.section.delivery': { id: 'listing.section.delivery' },
  'listing.section.shippingProfile': { id: 'listing.section.shippingProfile' },
  'listing.section.processingProfile': { id: 'listing.section.processingProfile' },
});

/** Marketplace-only fields a marketplace requires (catalogue requiredExtra), by their key. */
export const extraFieldMessages = defineMessages({
  who_made: { id: 'listing.extra.who_made' },
  when_made: { id: 'listing.extra.when_made' },
  department: { id: 'listing.extra.department' },
  materials: { id: 'listing.extra.materials' },
});

/** Names of the built listing's fields and of the item's, by path (see listing-values.ts). */
export const listingFieldNameMessages = defineMessages({
  withUnit: { id: 'listing.fieldName.withUnit' },
  marketplaceItemNumber: { id: 'listing.fieldName.marketplaceItemNumber' },
  itemId: { id: 'listing.fieldName.itemId' },
  originalPrice: { id: 'listing.fieldName.originalPrice' },
  dimensions: { id: 'listing.fieldName.dimensions' },
  length: { id: 'listing.fieldName.length' },
  width: { id: 'listing.fieldName.width' },
  height: { id: 'listing.fieldName.height' },
  tags: { id: 'listing.fieldName.tags' },
  shippingPrice: { id: 'listing.fieldName.shippingPrice' },
  shippingService: { id: 'listing.fieldName.shippingService' },
  shippingPolicy: { id: 'listing.fieldName.shippingPolicy' },
  shippingProfile: { id: 'listing.fieldName.shippingProfile' },
  processingProfile: { id: 'listing.fieldName.processingProfile' },
  paymentPolicy: { id: 'listing.fieldName.paymentPolicy' },
  returnPolicy: { id: 'listing.fieldName.returnPolicy' },
  shippingPayer: { id: 'listing.fieldName.shippingPayer' },
  returnsAccepted: { id: 'listing.fieldName.returnsAccepted' },
  returnDays: { id: 'listing.fieldName.returnDays' },
  handlingDays: { id: 'listing.fieldName.handlingDays' },
  shipsFromCountry: { id: 'listing.fieldName.shipsFromCountry' },
  itemLocation: { id: 'listing.fieldName.itemLocation' },
});

/** Values of listing fields that are codes on the marketplace. */
export const listingValueMessages = defineMessages({
  yes: { id: 'listing.value.yes' },
  no: { id: 'listing.value.no' },
  policyById: { id: 'listing.value.policyById' },
  payerBuyer: { id: 'listing.value.payerBuyer' },
  payerSeller: { id: 'listing.value.payerSeller' },
  womenswear: { id: 'listing.value.department.womenswear' },
  menswear: { id: 'listing.value.department.menswear' },
  kidswear: { id: 'listing.value.department.kidswear' },
  everythingElse: { id: 'listing.value.department.everythingElse' },
  whoMadeIDid: { id: 'listing.value.whoMade.iDid' },
  whoMadeSomeoneElse: { id: 'listing.value.whoMade.someoneElse' },
  whoMadeCollective: { id: 'listing.value.whoMade.collective' },
  madeToOrder: { id: 'listing.value.whenMade.madeToOrder' },
  madeBefore: { id: 'listing.value.whenMade.before' },
  profileById: { id: 'listing.value.profileById' },
  profileGone: { id: 'listing.value.profileGone' },
  etsyReadyToShip: { id: 'listing.value.etsy.readyToShip' },
  etsyMadeToOrder: { id: 'listing.value.etsy.madeToOrder' },
  etsyProcessingDays: { id: 'listing.value.etsy.processingDays' },
  etsyProcessingRange: { id: 'listing.value.etsy.processingRange' },
  etsyShippingUntitled: { id: 'listing.value.etsy.shippingUntitled' },
  depopSize: { id: 'listing.value.depop.size' },
  depopSizeUnknown: { id: 'listing.value.depop.sizeUnknown' },
});

/** Depop's product types ListLoop names (domain DEPOP_PRODUCT_TYPES). */
export const depopProductTypeMessages: Record<DepopProductType, MessageDescriptor> = defineMessages(
  {
    bags: { id: 'listing.value.depop.productType.bags' },
    boots: { id: 'listing.value.depop.productType.boots' },
    cameras: { id: 'listing.value.depop.productType.cameras' },
    dresses: { id: 'listing.value.depop.productType.dresses' },
    jackets: { id: 'listing.value.depop.productType.jackets' },
    jumpers: { id: 'listing.value.depop.productType.jumpers' },
    scarves: { id: 'listing.value.depop.productType.scarves' },
    shirts: { id: 'listing.value.depop.productType.shirts' },
    'swimsuit-one-piece': { id: 'listing.value.depop.productType.swimsuitOnePiece' },
    trainers: { id: 'listing.value.depop.productType.trainers' },
    tshirts: { id: 'listing.value.depop.productType.tshirts' },
    vases: { id: 'listing.value.depop.productType.vases' },
    vinyl: { id: 'listing.value.depop.productType.vinyl' },
  },
);

/** The kinds of Depop size set ListLoop names (domain DEPOP_SIZE_SETS). */
export const depopSizeSetMessages: Record<DepopSizeSet['kind'], MessageDescriptor> = defineMessages(
  {
    letter: { id: 'listing.value.depop.sizeSet.letter' },
    usShoe: { id: 'listing.value.depop.sizeSet.usShoe' },
  },
);

/** The seller's Etsy profiles, chosen by name (EtsyProfileSelect). */
export const etsyProfileSelectMessages = defineMessages({
  loading: { id: 'listing.etsyProfiles.loading' },
  unavailable: { id: 'listing.etsyProfiles.unavailable' },
  outage: { id: 'listing.etsyProfiles.outage' },
});
