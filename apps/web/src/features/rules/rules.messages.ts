import type { MappingMatch, PriceRounding, PricingStepKind, ShippingPayer } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';
import type { DefaultsField } from './defaults-form';
import type { PreviewStage } from './preview-steps';

export const rulesMessages = defineMessages({
  title: { id: 'rules.title' },
  intro: { id: 'rules.intro' },
  marketplace: { id: 'rules.marketplace' },
  noMarketplacesTitle: { id: 'rules.noMarketplaces.title' },
  noMarketplacesBody: { id: 'rules.noMarketplaces.body' },
  readOnly: { id: 'rules.readOnly' },
  loadFailed: { id: 'rules.loadFailed' },
  notSaved: { id: 'rules.notSaved' },
  notSet: { id: 'rules.notSet' },
  yes: { id: 'rules.yes' },
  no: { id: 'rules.no' },
});

export const mappingMessages = defineMessages({
  title: { id: 'rules.mapping.title' },
  description: { id: 'rules.mapping.description' },
  count: { id: 'rules.mapping.count' },
  add: { id: 'rules.mapping.add' },
  empty: { id: 'rules.mapping.empty' },
  columnField: { id: 'rules.mapping.columnField' },
  columnFrom: { id: 'rules.mapping.columnFrom' },
  columnTo: { id: 'rules.mapping.columnTo' },
  columnMatch: { id: 'rules.mapping.columnMatch' },
  columnActions: { id: 'rules.mapping.columnActions' },
  edit: { id: 'rules.mapping.edit' },
  delete: { id: 'rules.mapping.delete' },
  deleteTitle: { id: 'rules.mapping.deleteTitle' },
  deleteBody: { id: 'rules.mapping.deleteBody' },
  deleteConfirm: { id: 'rules.mapping.deleteConfirm' },
  formAddTitle: { id: 'rules.mapping.formAddTitle' },
  formEditTitle: { id: 'rules.mapping.formEditTitle' },
  field: { id: 'rules.mapping.field' },
  from: { id: 'rules.mapping.from' },
  fromHint: { id: 'rules.mapping.fromHint' },
  to: { id: 'rules.mapping.to' },
  toHint: { id: 'rules.mapping.toHint' },
  conditionToHint: { id: 'rules.mapping.conditionToHint' },
  categoryToHint: { id: 'rules.mapping.categoryToHint' },
  match: { id: 'rules.mapping.match' },
  create: { id: 'rules.mapping.create' },
  save: { id: 'rules.mapping.save' },
  required: { id: 'rules.mapping.required' },
  overlap: { id: 'rules.mapping.overlap' },
});

export const matchMessages = defineMessages({
  case_insensitive: { id: 'rules.mapping.match.caseInsensitive' },
  exact: { id: 'rules.mapping.match.exact' },
}) satisfies Record<MappingMatch, MessageDescriptor>;

export const pricingMessages = defineMessages({
  title: { id: 'rules.pricing.title' },
  description: { id: 'rules.pricing.description' },
  none: { id: 'rules.pricing.none' },
  percent: { id: 'rules.pricing.percent' },
  percentHint: { id: 'rules.pricing.percentHint' },
  fixed: { id: 'rules.pricing.fixed' },
  fixedHint: { id: 'rules.pricing.fixedHint' },
  rounding: { id: 'rules.pricing.rounding' },
  roundingHint: { id: 'rules.pricing.roundingHint' },
  minimum: { id: 'rules.pricing.minimum' },
  maximum: { id: 'rules.pricing.maximum' },
  limitHint: { id: 'rules.pricing.limitHint' },
  save: { id: 'rules.pricing.save' },
  saved: { id: 'rules.pricing.saved' },
  remove: { id: 'rules.pricing.remove' },
  removeTitle: { id: 'rules.pricing.removeTitle' },
  removeBody: { id: 'rules.pricing.removeBody' },
  removeConfirm: { id: 'rules.pricing.removeConfirm' },
  example: { id: 'rules.pricing.example' },
  exampleHint: { id: 'rules.pricing.exampleHint' },
  exampleTitle: { id: 'rules.pricing.exampleTitle' },
  exampleResult: { id: 'rules.pricing.exampleResult' },
  exampleUnchanged: { id: 'rules.pricing.exampleUnchanged' },
  exampleInvalid: { id: 'rules.pricing.exampleInvalid' },
  step: { id: 'rules.pricing.step' },
});

export const roundingMessages = defineMessages({
  none: { id: 'rules.pricing.rounding.none' },
  up_to_99: { id: 'rules.pricing.rounding.upTo99' },
  nearest_dollar: { id: 'rules.pricing.rounding.nearestDollar' },
  nearest_5: { id: 'rules.pricing.rounding.nearest5' },
}) satisfies Record<PriceRounding, MessageDescriptor>;

export const pricingStepMessages = defineMessages({
  percent: { id: 'rules.pricing.step.percent' },
  fixed: { id: 'rules.pricing.step.fixed' },
  floor_at_zero: { id: 'rules.pricing.step.floorAtZero' },
  rounding: { id: 'rules.pricing.step.rounding' },
  minimum: { id: 'rules.pricing.step.minimum' },
  maximum: { id: 'rules.pricing.step.maximum' },
}) satisfies Record<PricingStepKind, MessageDescriptor>;

/** Why a rule's value cannot be saved; shared by the pricing and the defaults forms. */
export const valueProblemMessages = defineMessages({
  tooSmall: { id: 'rules.problem.tooSmall' },
  tooBig: { id: 'rules.problem.tooBig' },
  tooLong: { id: 'rules.problem.tooLong' },
  decimals: { id: 'rules.problem.decimals' },
  wholeNumber: { id: 'rules.problem.wholeNumber' },
  minAboveMax: { id: 'rules.problem.minAboveMax' },
  countryCode: { id: 'rules.problem.countryCode' },
  invalid: { id: 'rules.problem.invalid' },
});

export const defaultsMessages = defineMessages({
  title: { id: 'rules.defaults.title' },
  description: { id: 'rules.defaults.description' },
  sectionShipping: { id: 'rules.defaults.section.shipping' },
  sectionReturns: { id: 'rules.defaults.section.returns' },
  sectionPolicies: { id: 'rules.defaults.section.policies' },
  shippingNeeded: { id: 'rules.defaults.shippingNeeded' },
  neededToPublish: { id: 'rules.defaults.neededToPublish' },
  payerBuyer: { id: 'rules.defaults.payer.buyer' },
  payerSeller: { id: 'rules.defaults.payer.seller' },
  shippingCostFree: { id: 'rules.defaults.shippingCostFree' },
  shippingServiceHint: { id: 'rules.defaults.shippingServiceHint' },
  countryHint: { id: 'rules.defaults.countryHint' },
  handlingDaysHint: { id: 'rules.defaults.handlingDaysHint' },
  profileHint: { id: 'rules.defaults.profileHint' },
  policyHint: { id: 'rules.defaults.policyHint' },
  returnsAccepted: { id: 'rules.defaults.returns.accepted' },
  returnsNotAccepted: { id: 'rules.defaults.returns.notAccepted' },
  save: { id: 'rules.defaults.save' },
  saved: { id: 'rules.defaults.saved' },
});

export const payerMessages = {
  buyer: defaultsMessages.payerBuyer,
  seller: defaultsMessages.payerSeller,
} satisfies Record<ShippingPayer, MessageDescriptor>;

/** Labels of the defaults form's fields; a marketplace's own label (form overrides) wins. */
export const defaultsFieldMessages = defineMessages({
  shippingPayer: { id: 'rules.defaults.field.shippingPayer' },
  shippingCost: { id: 'rules.defaults.field.shippingCost' },
  shippingService: { id: 'rules.defaults.field.shippingService' },
  profileId: { id: 'rules.defaults.field.profileId' },
  processingProfileId: { id: 'rules.defaults.field.processingProfileId' },
  postalCode: { id: 'rules.defaults.field.postalCode' },
  country: { id: 'rules.defaults.field.country' },
  handlingDays: { id: 'rules.defaults.field.handlingDays' },
  returnsAccepted: { id: 'rules.defaults.field.returnsAccepted' },
  returnDays: { id: 'rules.defaults.field.returnDays' },
  paymentPolicy: { id: 'rules.defaults.field.paymentPolicy' },
  returnPolicy: { id: 'rules.defaults.field.returnPolicy' },
  fulfillmentPolicy: { id: 'rules.defaults.field.fulfillmentPolicy' },
}) satisfies Record<DefaultsField, MessageDescriptor>;

export const previewMessages = defineMessages({
  title: { id: 'rules.preview.title' },
  description: { id: 'rules.preview.description' },
  item: { id: 'rules.preview.item' },
  itemPlaceholder: { id: 'rules.preview.itemPlaceholder' },
  noItems: { id: 'rules.preview.noItems' },
  untitled: { id: 'rules.preview.untitled' },
  choose: { id: 'rules.preview.choose' },
  loadFailed: { id: 'rules.preview.loadFailed' },
  ready: { id: 'rules.preview.ready' },
  problemsTitle: { id: 'rules.preview.problemsTitle' },
  stepsTitle: { id: 'rules.preview.stepsTitle' },
  noChange: { id: 'rules.preview.noChange' },
  change: { id: 'rules.preview.change' },
  byRule: { id: 'rules.preview.byRule' },
  standardCondition: { id: 'rules.preview.standardCondition' },
  wholeCents: { id: 'rules.preview.wholeCents' },
  ignored: { id: 'rules.preview.ignored' },
  listingTitle: { id: 'rules.preview.listingTitle' },
  photos: { id: 'rules.preview.photos' },
  openItem: { id: 'rules.preview.openItem' },
  originalPrice: { id: 'rules.preview.field.originalPrice' },
  dimensions: { id: 'rules.preview.field.dimensions' },
  tags: { id: 'rules.preview.field.tags' },
});

export const stageMessages = defineMessages({
  mapping: { id: 'rules.preview.stage.mapping' },
  pricing: { id: 'rules.preview.stage.pricing' },
  defaults: { id: 'rules.preview.stage.defaults' },
  override: { id: 'rules.preview.stage.override' },
}) satisfies Record<PreviewStage, MessageDescriptor>;
