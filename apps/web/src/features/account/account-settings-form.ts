import {
  SHOPIFY_WEBHOOKS,
  type AccountSettings,
  type AccountSettingsUpdateInput,
} from '@listloop/domain';

type VerificationMethod =
  AccountSettings['config']['features']['pickingList']['verificationMethod'];
type ShopifyWebhook = (typeof SHOPIFY_WEBHOOKS)[number];

/** What the account settings form edits, flat, as the fields hold it. */
export interface AccountSettingsValues {
  companyName: string;
  isMultiVariantsEnabled: boolean;
  pickingListEnabled: boolean;
  verificationMethod: VerificationMethod;
  shopifyWebhooks: ShopifyWebhook[];
  slackAlerts: boolean;
  timeZone: string;
}

export function valuesFromSettings(settings: AccountSettings): AccountSettingsValues {
  return {
    companyName: settings.companyName,
    isMultiVariantsEnabled: settings.config.features.isMultiVariantsEnabled,
    pickingListEnabled: settings.config.features.pickingList.isEnabled,
    verificationMethod: settings.config.features.pickingList.verificationMethod,
    shopifyWebhooks: sortedWebhooks(settings.config.shopify.webhooksAvailable),
    slackAlerts: settings.isSlackAlertsBySaleDetectionEnabled,
    timeZone: settings.timeZone,
  };
}

function sortedWebhooks(topics: readonly string[]): ShopifyWebhook[] {
  return SHOPIFY_WEBHOOKS.filter((topic) => topics.includes(topic));
}

/**
 * The save for what changed, and only that (spec §7 PUT /api/account is partial): a save that
 * changes nothing is null, and the form is not dirty.
 */
export function settingsUpdate(
  saved: AccountSettingsValues,
  current: AccountSettingsValues,
): AccountSettingsUpdateInput | null {
  const update: AccountSettingsUpdateInput = {};
  const companyName = current.companyName.trim();
  if (companyName !== saved.companyName) update.companyName = companyName;

  const pickingList: { isEnabled?: boolean; verificationMethod?: VerificationMethod } = {};
  if (current.pickingListEnabled !== saved.pickingListEnabled) {
    pickingList.isEnabled = current.pickingListEnabled;
  }
  if (current.verificationMethod !== saved.verificationMethod) {
    pickingList.verificationMethod = current.verificationMethod;
  }
  const features: NonNullable<NonNullable<AccountSettingsUpdateInput['config']>['features']> = {};
  if (current.isMultiVariantsEnabled !== saved.isMultiVariantsEnabled) {
    features.isMultiVariantsEnabled = current.isMultiVariantsEnabled;
  }
  if (Object.keys(pickingList).length > 0) features.pickingList = pickingList;

  const webhooks = sortedWebhooks(current.shopifyWebhooks);
  const webhooksChanged = webhooks.join() !== sortedWebhooks(saved.shopifyWebhooks).join();
  if (Object.keys(features).length > 0 || webhooksChanged) {
    update.config = {
      ...(Object.keys(features).length > 0 ? { features } : {}),
      ...(webhooksChanged ? { shopify: { webhooksAvailable: webhooks } } : {}),
    };
  }
  if (current.slackAlerts !== saved.slackAlerts) {
    update.isSlackAlertsBySaleDetectionEnabled = current.slackAlerts;
  }
  if (current.timeZone !== saved.timeZone) update.timeZone = current.timeZone;
  return Object.keys(update).length > 0 ? update : null;
}
