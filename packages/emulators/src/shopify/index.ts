export {
  createShopifyEmulator,
  DEFAULT_METAFIELD_DEFINITIONS,
  DEFAULT_SHOP_DOMAIN,
  MYSHOPIFY_DOMAIN,
  SHOPIFY_EMULATOR_APP,
  ShopifyEmulator,
  ShopifySaleError,
  type ShopifyEmulatorOptions,
  type ShopifyExistingProductInput,
  type ShopifySaleInput,
  type ShopifySaleResult,
} from './shopify-emulator';
export { SHOPIFY_ADMIN_SDL, shopifyAdminSchema, shopifyDocumentProblems } from './admin-schema';
export {
  signWebhook,
  topicHeader,
  type WebhookDelivery as ShopifyWebhookDelivery,
} from './webhooks';
export {
  DEFAULT_THROTTLE as SHOPIFY_DEFAULT_THROTTLE,
  type ThrottleSettings as ShopifyThrottleSettings,
} from './query-cost';
export {
  DEFAULT_TOKEN_LIFETIMES as SHOPIFY_TOKEN_LIFETIMES,
  type ShopifyEmulatorApp,
  type TokenLifetimes as ShopifyTokenLifetimes,
} from './oauth';
export type { ShopState as ShopifyShopState, ShopSettings as ShopifyShopSettings } from './store';
