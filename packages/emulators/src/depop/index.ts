export * from './depop-emulator';
export {
  DEFAULT_DEPOP_RULES,
  DEPOP_CONDITIONS,
  DEPOP_DEPARTMENTS,
  type DepopRules,
  type DepopSeller,
} from './depop-context';
export { DEPOP_API_BASE_PATH, DEPOP_DESCRIPTION_FILE } from './depop-description';
export { depopErrors, type DepopError } from './depop-errors';
export type {
  OrderRecord as DepopOrderRecord,
  ProductRecord as DepopProductRecord,
  ProductStatus as DepopProductStatus,
} from './depop-store';
export {
  DEPOP_SIGNATURE_HEADER,
  DEPOP_TIMESTAMP_HEADER,
  signDepopWebhook,
  type DepopWebhookDelivery,
  type DepopWebhookSubscription,
} from './webhooks';
