import type { Container } from './container';
import { buildApp, type AppSetup } from './platform/http/app';
import type { App } from './platform/http/types';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { userSettingsRoutes } from './modules/user-settings/user-settings.routes';
import { accountUserRoutes } from './modules/account-users/account-user.routes';
import { accountRoutes } from './modules/accounts/account.routes';
import { roleRoutes } from './modules/roles/role.routes';
import { connectionRoutes } from './modules/connections/connection.routes';
import { credentialRoutes } from './modules/connections/credential.routes';
import { marketplaceAuthRoutes } from './modules/marketplace-auth/marketplace-auth.routes';
import { shopifyMetafieldRoutes } from './modules/shopify-metafields/shopify-metafield.routes';
import { healthRoutes } from './modules/health';
import { webRoutes } from './modules/web';
import { extensionDownloadRoutes } from './modules/extension-download';
import { itemRoutes } from './modules/items/item.routes';
import { enrichmentRoutes } from './modules/enrichment/enrichment.routes';
import { labelRoutes } from './modules/labels/label.routes';
import { marketplaceRuleRoutes } from './modules/rules/marketplace-rule.routes';
import { variantOptionsRoutes } from './modules/variants/variant-options.routes';
import { itemImportRoutes } from './modules/item-import/item-import.routes';
import { marketplaceImportRoutes } from './modules/marketplace-import/marketplace-import.routes';
import { saleDetectionRoutes } from './modules/sale-detection/sale-detection.routes';
import { imageRoutes } from './modules/images/image.routes';
import { uploadRoutes } from './modules/images/upload.routes';
import { listingRoutes } from './modules/listings/listing.routes';
import { marketplaceRoutes } from './modules/marketplaces/marketplaces.routes';
import { webhookRoutes } from './modules/webhooks/webhook.routes';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { bulkActionRoutes } from './modules/bulk-actions/bulk-action.routes';
import { executorTokenRoutes } from './modules/executors/executor-token.routes';
import { executorPresenceRoutes } from './modules/executors/executor-presence.routes';
import { serviceKeyRoutes } from './modules/service-keys/service-key.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { workflowRoutes } from './modules/workflow/workflow.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { pickingListRoutes } from './modules/picking-list/picking-list.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { reportRoutes } from './modules/reports/report.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { backgroundRemovalRoutes } from './modules/background-removal/background-removal.routes';

/**
 * Every module's routes with their dependencies from the container, in the order they are
 * registered (the order is part of the app's behaviour: the web app's catch-all comes last).
 * A new module adds its one call here.
 */
export async function registerRoutes(app: App, container: Container): Promise<void> {
  const { config } = container;
  const { scrapable } = container.observability;
  const metricsToken = config.observability.metricsToken;
  await healthRoutes(app, {
    health: container.observability.health,
    metrics: scrapable && metricsToken ? { registry: scrapable, token: metricsToken } : null,
  });
  await authRoutes(app, {
    auth: container.services.auth,
    signIn: container.services.signIn,
    accountUsers: container.services.accountUsers,
    accountUserService: container.services.accountUsers,
    secureCookies: container.secureCookies,
  });
  await sessionRoutes(app, {
    sessions: container.services.sessions,
    users: container.services.users,
  });
  await userSettingsRoutes(app, { service: container.services.userSettings });
  await accountUserRoutes(app, {
    service: container.services.accountUsers,
    joinLimit: { max: config.loginLimits.perIp, windowMs: config.loginLimits.windowMs },
  });
  await accountRoutes(app, {
    service: container.services.accounts,
    slack: container.services.slackSettings,
    signUpLimit: { max: config.loginLimits.perIp, windowMs: config.loginLimits.windowMs },
  });
  await roleRoutes(app, { service: container.services.roles });
  await onboardingRoutes(app, { service: container.services.onboardings });
  await workflowRoutes(app, { service: container.services.workflows });
  await connectionRoutes(app, { service: container.services.connections });
  await credentialRoutes(app, { service: container.services.credentials });
  await marketplaceAuthRoutes(app, {
    service: container.services.marketplaceAuth,
    appUrl: container.publicUrl,
    followRequestOrigin: config.publicUrl === null && config.marketplaces.mode === 'sandbox',
  });
  await itemRoutes(app, {
    items: container.services.items,
    bulk: container.services.itemBulk,
    exporter: container.services.itemExport,
  });
  await enrichmentRoutes(app, { service: container.services.enrichment });
  await labelRoutes(app, { service: container.services.labels });
  await executorTokenRoutes(app, { service: container.services.executorTokens });
  await executorPresenceRoutes(app, { service: container.services.executorPresence });
  await serviceKeyRoutes(app, { service: container.services.serviceKeys });
  await marketplaceRuleRoutes(app, {
    service: container.services.marketplaceRules,
    previews: container.services.listingPreviews,
  });
  await variantOptionsRoutes(app, { service: container.services.variantOptions });
  await itemImportRoutes(app, { service: container.services.itemImports });
  await marketplaceImportRoutes(app, { service: container.services.marketplaceImports });
  await saleDetectionRoutes(app, {
    events: container.services.saleEvents,
    workflow: container.services.saleDetection,
    markSold: container.services.markSold,
    listings: container.services.listings,
  });
  await imageRoutes(app, { service: container.services.images, signer: container.imageUrls });
  await uploadRoutes(app, { uploads: container.uploads });
  await listingRoutes(app, { service: container.services.listings });
  await shopifyMetafieldRoutes(app, { service: container.services.shopifyMetafields });
  await marketplaceRoutes(app, {
    mode: config.marketplaces.mode,
    providers: container.oauthProviders,
    connectors: container.connectors,
    accounts: container.services.marketplaceAccounts,
    categories: container.services.marketplaceCategories,
    etsyProfiles: container.services.etsyProfiles,
    tags: container.services.shopifyTags,
    appUrl: container.publicUrl,
  });
  await webhookRoutes(app, {
    service: container.services.webhooks,
    limits: config.webhookLimits,
    metrics: container.observability.metrics,
  });
  await notificationRoutes(app, {
    service: container.services.notifications,
    slack: container.services.slackSettings,
  });
  await bulkActionRoutes(app, {
    service: container.services.bulkActions,
    listingEdits: container.services.bulkListingEdits,
  });
  await activityRoutes(app, { service: container.services.activity });
  await dashboardRoutes(app, { service: container.services.dashboard });
  await pickingListRoutes(app, {
    service: container.services.pickingList,
    settings: container.services.pickingListSettings,
    printing: container.services.pickingListPrint,
  });
  await analyticsRoutes(app, { service: container.services.analytics });
  await reportRoutes(app, {
    reports: container.services.reports,
    totals: container.services.itemTotals,
  });
  await aiRoutes(app, { service: container.services.ai });
  await backgroundRemovalRoutes(app, { service: container.services.backgroundRemoval });
  if (container.sandbox && container.sandboxSales) {
    await sandboxRoutes(app, {
      sandbox: container.sandbox,
      sales: container.sandboxSales,
      publicUrl: config.publicUrl,
    });
  }
  await extensionDownloadRoutes(app, {
    distDir: config.extensionDistDir,
    publicUrl: container.publicUrl,
  });
  await webRoutes(app, {
    distDir: config.webDistDir,
    termsUrl: config.termsUrl,
    privacyUrl: config.privacyUrl,
  });
}

/** What platform's `buildApp` needs, taken from the container. */
export function appSetup(container: Container): AppSetup {
  return {
    config: container.config,
    secureCookies: container.secureCookies,
    requestContext: {
      auth: container.services.auth,
      accountUsers: container.services.accountUsers,
      executorTokens: container.services.executorTokens,
      serviceKeys: container.services.serviceKeys,
      identities: container.identities,
    },
    activity: container.services.activity,
    metrics: container.observability.metrics,
    registerRoutes: (app) => registerRoutes(app, container),
  };
}

/** The HTTP app over a container: every module's routes behind platform's plugins and hooks. */
export function buildServerApp(container: Container, options: Parameters<typeof buildApp>[1] = {}) {
  return buildApp(appSetup(container), options);
}
