import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { Config } from './platform/config';
import {
  migrateDatabase,
  openDatabase,
  pendingMigrations,
  type Database,
} from './platform/db/database';
import { createIdentityCache } from './platform/http/request-context';
import { externalAccountScope, KeptReads } from './platform/http/context-cache';
import * as schema from './schema';
import { SaleDetectionRepository } from './modules/sale-detection/sale-detection.repository';
import {
  MarkSoldService,
  SaleEventsService,
  SalePollService,
  SaleWorkflow,
} from './modules/sale-detection';
import {
  pushQuantityJob,
  recordSaleJob,
  salePollJob,
  salePollScheduleJob,
} from './modules/sale-detection/sale-detection.jobs';
import { Queue } from './platform/queue/queue';
import { queueBacklog } from './platform/queue/queue-backlog';
import { Lifecycle } from './platform/observability/lifecycle';
import { NO_METRICS, type Metrics, type ScrapableMetrics } from './platform/observability/metrics';
import { PrometheusMetrics } from './platform/observability/prometheus-metrics';
import { createTracing, type SpanExporter } from './platform/observability/tracing';
import { HealthService } from './modules/health';
import type { OperationFinished } from './modules/listings';
import { createStorage } from './platform/storage/create-storage';
import { FeatureFlags } from './platform/feature-flags/feature-flags';
import { RemoteFlagFile } from './platform/feature-flags/remote-flag-file';
import { createAuth } from './modules/auth/auth';
import { AuthService } from './modules/auth/auth.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { SignInRepository } from './modules/auth/sign-in.repository';
import { deviceCookieKey, SignInService } from './modules/auth/sign-in.service';
import { purgeExpiredSessionsJob } from './modules/auth/auth.jobs';
import { credentialsSecretBox } from './platform/crypto/credentials-key';
import { ConnectionRepository } from './modules/connections/connection.repository';
import { ConnectionService } from './modules/connections/connection.service';
import { CredentialService } from './modules/connections/credential.service';
import { apiKeyCheck } from './modules/connections/key-check';
import { AccountRepository } from './modules/accounts/account.repository';
import { AccountService } from './modules/accounts/account.service';
import { AccountUserRepository } from './modules/account-users/account-user.repository';
import { AccountUserService } from './modules/account-users/account-user.service';
import type { MembershipLinks } from './modules/account-users/member-links';
import { RoleRepository } from './modules/roles/role.repository';
import { RoleService } from './modules/roles/role.service';
import { UserRepository } from './modules/users/user.repository';
import { UserSettingsRepository } from './modules/users/user-settings.repository';
import { UserService } from './modules/users/user.service';
import { SessionService } from './modules/session/session.service';
import { UserSettingsService } from './modules/user-settings/user-settings.service';
import { ItemRepository } from './modules/items/item.repository';
import { ItemService } from './modules/items/item.service';
import { ItemBulkService } from './modules/items/item-bulk.service';
import { ItemExportService } from './modules/items/item-export.service';
import { ItemLabelService } from './modules/items/item-labels.service';
import { LabelRepository } from './modules/labels/label.repository';
import { LabelService } from './modules/labels/label.service';
import { MarketplaceRuleRepository } from './modules/rules/marketplace-rule.repository';
import { MarketplaceRuleService } from './modules/rules/marketplace-rule.service';
import { ListingPreviewService } from './modules/rules/listing-preview.service';
import { listingSku } from './connectors/shared/marketplace-sku';
import { VariantOptionsRepository } from './modules/variants/variant-options.repository';
import { VariantOptionsService } from './modules/variants/variant-options.service';
import { ItemImportRepository } from './modules/item-import/item-import.repository';
import { ItemImportService } from './modules/item-import/item-import.service';
import { importItemsJob } from './modules/item-import/item-import.jobs';
import { MarketplaceImportRepository } from './modules/marketplace-import/marketplace-import.repository';
import { MarketplaceImportService } from './modules/marketplace-import/marketplace-import.service';
import { importMarketplaceListingsJob } from './modules/marketplace-import/marketplace-import.jobs';
import { ImageRepository } from './modules/images/image.repository';
import { ImageService } from './modules/images/image.service';
import { EnrichmentService, PhotoAnalyser } from './modules/enrichment';
import { ImageDerivatives } from './modules/images/image.derivatives';
import { ImageCache } from './modules/images/image.cache';
import { imageDerivativesJob, purgeExpiredUploadsJob } from './modules/images/image.jobs';
import { UploadRepository } from './modules/images/upload.repository';
import { UploadServer } from './modules/images/upload.tus';
import { ImageUrlSigner, imageSigningKey } from './modules/images/image.signing';
import { demoShopCatalogue } from './seed/demo-catalogue';
import { demoPhotosJob } from './seed/demo-photos.job';
import { ConnectorRegistry } from './connectors/contract';
import {
  ConnectionTokenService,
  OAuthProviders,
} from './modules/connections/connection-token.service';
import { OAuthStateRepository } from './modules/marketplace-auth/oauth-state.repository';
import { MarketplaceAuthService } from './modules/marketplace-auth/marketplace-auth.service';
import { purgeOAuthStatesJob } from './modules/marketplace-auth/marketplace-auth.jobs';
import { ListingRepository } from './modules/listings/listing.repository';
import { ListingService } from './modules/listings/listing.service';
import { connectorSending } from './modules/listings/listing-sending';
import { notifyDelistFailed } from './modules/listings/listing-notices';
import { executorByConnection } from './modules/listings/listing-executor';
import { extensionMarketplacesOf, listingReachFor } from './modules/listings/listing-reach';
import { EtsyProfileService } from './modules/marketplaces/etsy-profile.service';
import { MarketplaceCategoryService } from './modules/marketplaces/marketplace-category.service';
import {
  enqueueFirstListingAttempts,
  enqueueListingOperation,
  executeListingJob,
  sweepListingsJob,
} from './modules/listings/listing.jobs';
import {
  registerMarketplaces,
  SANDBOX_OAUTH_TERMS,
  shopifyMetafieldValues,
  shopifyTagging,
} from './connectors/marketplaces';
import { ShopifyMetafieldRepository } from './modules/shopify-metafields/shopify-metafield.repository';
import { ShopifyMetafieldService } from './modules/shopify-metafields/shopify-metafield.service';
import { syncShopifyMetafieldsJob } from './modules/shopify-metafields/shopify-metafield.jobs';
import { MarketplaceAccountService } from './modules/marketplaces/marketplace-account.service';
import { ShopifyTagsService } from './modules/marketplaces/shopify-tags.service';
import { afterConnectJob } from './modules/marketplaces/marketplaces.jobs';
import { WebhookDeliveryRepository } from './modules/webhooks/webhook-delivery.repository';
import { WebhookService } from './modules/webhooks/webhook.service';
import { SandboxMarketplaces } from './modules/sandbox/sandbox-marketplaces';
import { createGuardedFetcher } from './platform/net/guarded-fetch';
import { SandboxConnections } from './modules/sandbox/sandbox-connections';
import { SandboxSales } from './modules/sandbox/sandbox-sales';
import { BulkActionRepository } from './modules/bulk-actions/bulk-action.repository';
import { ActivityRepository } from './modules/activity/activity.repository';
import { ActivityService } from './modules/activity/activity.service';
import { pruneActivityJob } from './modules/activity/activity.jobs';
import { DashboardService } from './modules/dashboard';
import { AnalyticsRepository } from './modules/analytics/analytics.repository';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { ExecutorTokenRepository } from './modules/executors/executor-token.repository';
import { ExecutorTokenService } from './modules/executors/executor-token.service';
import { ExecutorPresenceRepository } from './modules/executors/executor-presence.repository';
import { ExecutorPresenceService } from './modules/executors/executor-presence.service';
import { ServiceKeyRepository } from './modules/service-keys/service-key.repository';
import { ServiceKeyService } from './modules/service-keys/service-key.service';
import { BulkActionService } from './modules/bulk-actions/bulk-action.service';
import { BulkActionSteps } from './modules/bulk-actions/bulk-action.steps';
import { BulkListingEditService } from './modules/bulk-actions/bulk-listing-edit.service';
import { bulkActionBatchJob, sweepBulkActionsJob } from './modules/bulk-actions/bulk-action.jobs';
import { createMailer } from './platform/mailer/mailer';
import { WorkflowRepository } from './modules/workflow/workflow.repository';
import { WorkflowService } from './modules/workflow/workflow.service';
import { workflowImportScheduleJob } from './modules/workflow/workflow.jobs';
import { OnboardingRepository } from './modules/onboarding/onboarding.repository';
import { PickingListRepository } from './modules/picking-list/picking-list.repository';
import {
  PickingListPrintService,
  PickingListService,
  PickingListSettingsService,
  renderPickingListPdf,
} from './modules/picking-list';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import { NotificationRepository } from './modules/notifications/notification.repository';
import { SlackWebhookRepository } from './modules/notifications/slack-webhook.repository';
import { NotificationService } from './modules/notifications/notification.service';
import { SlackSettingsService } from './modules/notifications/slack-settings.service';
import { ReportRepository } from './modules/reports/report.repository';
import { ReportService } from './modules/reports/report.service';
import { ItemTotalsService } from './modules/reports/items-created.service';
import { itemReportJob, pruneReportsJob, sweepReportsJob } from './modules/reports/report.jobs';
import { AiRepository } from './modules/ai/ai.repository';
import { AiService, aiProviderFrom } from './modules/ai';
import { BackgroundRemovalRepository } from './modules/background-removal/background-removal.repository';
import { BackgroundRemovalModel, BackgroundRemovalService } from './modules/background-removal';
import {
  backgroundRemovalJob,
  pruneBackgroundRemovalsJob,
} from './modules/background-removal/background-removal.jobs';
import {
  postNotificationToSlackJob,
  sendNotificationEmailJob,
  sweepNotificationDeliveriesJob,
} from './modules/notifications/notification.jobs';

export interface ContainerOptions {
  logger?: Logger;
  /** Use this database instead of opening the configured one (tests). */
  database?: Database;
  queue?: { pollingIntervalSeconds?: number; schedule?: boolean };
  /** Traces go here, span by span, instead of to the configured OTLP endpoint (tests). */
  spanExporter?: SpanExporter;
}

/**
 * Embedded mode keeps its auth secret in DATA_DIR, created on first start, so sessions
 * survive restarts with no configuration.
 */
async function authSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/** Wires repositories → services → jobs by plain constructor arguments. */
export async function createContainer(config: Config, options: ContainerOptions = {}) {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
      schema,
      { log: { info: (message) => logger.info(message) } },
    ));
  await migrateDatabase(database);
  const { db } = database;
  // Who each session is, kept a few seconds and dropped the moment the database says it changed.
  const identities = createIdentityCache(config.sessionCacheMs);
  database.onNotification('listloop_context', (payload) => identities.changed(payload));
  // What every sale reads again (decision 0068), kept as long and dropped the same way.
  const keptReads = new KeptReads(config.sessionCacheMs);
  database.onNotification('listloop_context', (payload) => keptReads.changed(payload));

  // The operators' view (decision 0062): metrics kept only with METRICS_TOKEN, traces sent only
  // to a configured OTLP endpoint; both off by default, at no cost.
  const lifecycle = new Lifecycle();
  const tracing = createTracing({
    serviceName: config.observability.serviceName,
    role: config.role,
    url: config.observability.tracesUrl,
    ...(options.spanExporter ? { exporter: options.spanExporter } : {}),
  });
  const scrapable: ScrapableMetrics | null = config.observability.metricsToken
    ? new PrometheusMetrics({
        labels: { role: config.role },
        processMetrics: config.env !== 'test',
        logger,
        sources: {
          queues: () =>
            queueBacklog(
              database.executor,
              Object.values(jobs).map((job) => job.name),
            ),
          executors: () => executorPresence.seenByMarketplace(),
        },
      })
    : null;
  const metrics: Metrics = scrapable ?? NO_METRICS;
  // Each ended listing operation is counted; a sale's last delist also times the sale.
  const operationFinished = (finished: OperationFinished): void => {
    metrics.listingOperation({
      marketplace: finished.marketplace,
      operation: finished.operation,
      outcome: finished.status,
    });
    if (!metrics.enabled || finished.operation !== 'delist' || finished.status !== 'succeeded') {
      return;
    }
    saleEvents
      .secondsToLastDelist(finished.accountId, finished.itemId, finished.operationId)
      .then((seconds) => {
        if (seconds !== null) metrics.saleToLastDelist(seconds);
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, operationId: finished.operationId }, 'sale delist not timed');
      });
  };

  const storage = createStorage(config);
  const credentialsBox = await credentialsSecretBox(config);

  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const secureCookies = publicUrl.startsWith('https://');
  const mailer = createMailer(config.mail, logger);
  const secret = await authSecret(config);
  // Photos handed to marketplaces: signed, expiring, absolute under PUBLIC_URL (decision 0013).
  const imageUrls = new ImageUrlSigner(imageSigningKey(secret), publicUrl);

  // The account and role of a membership, from their own modules' services (made below, before
  // any membership is read).
  const memberLinks: MembershipLinks = {
    accountOf: (accountId) => accounts.findById(accountId),
    roleOf: (accountId, roleId) => roles.findInAccount(accountId, roleId),
  };
  const repositories = {
    accounts: new AccountRepository(db),
    accountUsers: new AccountUserRepository(db),
    roles: new RoleRepository(db),
    users: new UserRepository(db),
    userSettings: new UserSettingsRepository(db),
    connections: new ConnectionRepository(db),
    auth: new AuthRepository(db),
    signIn: new SignInRepository(db),
    items: new ItemRepository(db),
    labels: new LabelRepository(db),
    marketplaceRules: new MarketplaceRuleRepository(db),
    variantOptions: new VariantOptionsRepository(db),
    itemImports: new ItemImportRepository(db),
    marketplaceImports: new MarketplaceImportRepository(db),
    images: new ImageRepository(db),
    listings: new ListingRepository(db),
    oauthStates: new OAuthStateRepository(db),
    webhookDeliveries: new WebhookDeliveryRepository(db),
    saleEvents: new SaleDetectionRepository(db),
    bulkActions: new BulkActionRepository(db),
    notifications: new NotificationRepository(db),
    executorTokens: new ExecutorTokenRepository(db),
    executorPresence: new ExecutorPresenceRepository(db),
    serviceKeys: new ServiceKeyRepository(db),
    slackWebhooks: new SlackWebhookRepository(db),
    activity: new ActivityRepository(db),
    workflows: new WorkflowRepository(db),
    onboardings: new OnboardingRepository(db),
    pickingList: new PickingListRepository(db),
    analytics: new AnalyticsRepository(db),
    reports: new ReportRepository(db),
  };

  const auth = new AuthService(
    createAuth({
      db,
      logger,
      secret,
      baseUrl: publicUrl,
      sessionDays: config.sessionDays,
    }),
    logger,
  );
  const remoteFlags = new RemoteFlagFile(config.featureFlagsUrl, logger);
  await remoteFlags.start();
  const flags = await FeatureFlags.create(remoteFlags, logger);

  // The identity modules, each using only those below it: users and auth, the team (members
  // and their memberships), roles, then accounts (opening one uses all the others).
  const users = new UserService(repositories.users, repositories.userSettings);
  const accountUsers = new AccountUserService(
    db,
    repositories.accountUsers,
    users,
    auth,
    mailer,
    {
      publicUrl,
    },
    memberLinks,
  );
  const roles = new RoleService(repositories.roles, accountUsers);
  const accounts = new AccountService(db, repositories.accounts, accountUsers, roles, users, auth);

  const imageDerivatives = new ImageDerivatives(repositories.images, storage);

  const images = new ImageService(
    repositories.images,
    users,
    storage,
    imageDerivatives,
    new ImageCache(path.join(config.dataDir, 'cache', 'images')),
    async (imageId) => {
      await queue.send(jobs.imageDerivatives, { imageId });
    },
    imageUrls,
  );
  const labels = new LabelService(
    db,
    repositories.labels,
    new ItemLabelService(repositories.items),
  );
  const items = new ItemService(db, repositories.items, labels, accountUsers, images);
  // The AI helper: the configured OpenAI-compatible server, or the offline one (decision 0052).
  const ai = new AiService(
    new AiRepository(db),
    aiProviderFrom(config.ai),
    { items, currencyOf: (accountId) => accounts.currencyOf(accountId) },
    config.ai.prices,
    logger,
  );
  // Photos read for suggestions; the Tesseract worker is started on the first one. The AI
  // helper's model suggests from the photos too when it sees pictures (AI_VISION).
  const enrichment = new EnrichmentService(
    items,
    images,
    accounts,
    new PhotoAnalyser(path.join(config.dataDir, 'cache', 'tesseract')),
    ai,
    logger,
  );
  const marketplaceRules = new MarketplaceRuleService(db, repositories.marketplaceRules);
  // The API connectors of the source-group marketplaces, and the OAuth providers of those a
  // seller connects by signing in; registered from the configuration below.
  const connectors = new ConnectorRegistry();
  const connections = new ConnectionService(db, repositories.connections);
  // Who carries out an account's listings: read from its connections, kept (decision 0068).
  const executorOf = executorByConnection(connectors, connections);
  // The marketplaces' category trees, kept for a day (decision 0022).
  const marketplaceCategories = new MarketplaceCategoryService(connectors, connections);
  // The seller's Etsy shipping and processing profiles, kept five minutes.
  const etsyProfiles = new EtsyProfileService(connectors, connections);
  // One check for every listing path: reach, the marketplace's limits, its connector's own,
  // and whether the category is one of the marketplace's (decision 0021).
  const listingPreviews = new ListingPreviewService(items, marketplaceRules, accounts, {
    imageUrls: images,
    connectors,
    reachFor: listingReachFor(connectors, connections),
    categories: marketplaceCategories,
    sending: connectorSending(connectors, listingSku),
  });
  const oauthProviders = new OAuthProviders();
  // A pasted Depop API key is checked with Depop before it is stored (its seller id kept).
  const credentials = new CredentialService(
    db,
    repositories.connections,
    credentialsBox,
    apiKeyCheck(connectors),
  );
  const connectionTokens = new ConnectionTokenService(
    repositories.connections,
    credentials,
    oauthProviders,
  );
  // Sandbox mode: the emulated marketplaces run in this process (decision 0012).
  const sandbox =
    config.marketplaces.mode === 'sandbox'
      ? await SandboxMarketplaces.create({
          publicUrl: config.publicUrl,
          serverUrl: publicUrl,
          oauth: SANDBOX_OAUTH_TERMS,
          catalogue: demoShopCatalogue(),
        })
      : null;
  const shopifyMetafields = new ShopifyMetafieldService(
    new ShopifyMetafieldRepository(db),
    connections,
    shopifyMetafieldValues,
    connectors,
    (payload, options): Promise<unknown> =>
      queue.send(jobs.syncShopifyMetafields, payload, options),
  );
  // Every address the server fetches but did not choose (photos, Slack webhooks) goes through a
  // guarded fetcher: public internet addresses only (decision 0031). In sandbox mode the
  // server's own address (signed photos, the emulators) is answered in process, never a socket.
  const photoFetcher = createGuardedFetcher(
    sandbox ? { inProcess: { origins: [new URL(publicUrl).origin], fetch: sandbox.fetch } } : {},
  );
  // The tests' Slack stand-in listens on 127.0.0.1; the configuration allows it only under
  // NODE_ENV=test (SLACK_LOOPBACK_WEBHOOKS).
  const slackFetcher = createGuardedFetcher(
    config.slack.allowLoopbackWebhooks
      ? { trusts: (origin) => ['127.0.0.1', 'localhost', '[::1]'].includes(origin.hostname) }
      : {},
  );
  registerMarketplaces({
    photoFetcher,
    shopifyMetafields: (input) => shopifyMetafields.valuesFor(input),
    config: config.marketplaces,
    publicUrl,
    auth: connectionTokens,
    connectors,
    providers: oauthProviders,
    sandbox,
  });
  const marketplaceAccounts = new MarketplaceAccountService(
    connectors,
    connections,
    accounts,
    marketplaceRules,
    config.publicUrl,
    logger,
  );

  // Where the extension looked last, per marketplace: its reports, and its claims (decision 0041).
  const executorPresence = new ExecutorPresenceService(repositories.executorPresence);
  // The account's API keys for programs (decision 0045).
  const serviceKeys = new ServiceKeyService(repositories.serviceKeys, auth, roles);

  const activity = new ActivityService(repositories.activity);

  const services = {
    activity,
    // The profit and analytics screen's figures (decision 0049).
    analytics: new AnalyticsService(repositories.analytics),
    auth,
    signIn: new SignInService(auth, repositories.signIn, deviceCookieKey(secret), {
      perPair: config.loginLimits.perEmail,
      perAddress: config.loginLimits.perIp,
      perEmail: config.loginLimits.perEmailTotal,
      windowMs: config.loginLimits.windowMs,
    }),
    flags,
    users,
    accounts,
    accountUsers,
    roles,
    connections,
    credentials,
    connectionTokens,
    marketplaceAuth: new MarketplaceAuthService(
      db,
      repositories.oauthStates,
      connections,
      credentials,
      oauthProviders,
      logger,
      async (event) => {
        await activity.recordConnected(event).catch((error: unknown) => {
          logger.warn({ err: error }, 'connection not recorded in the activity log');
        });
        await queue.send(jobs.afterConnect, event);
      },
    ),
    marketplaceAccounts,
    marketplaceCategories,
    etsyProfiles,
    shopifyMetafields,
    shopifyTags: new ShopifyTagsService(items, shopifyTagging),
    webhooks: new WebhookService(
      connectors,
      repositories.webhookDeliveries,
      {
        ofExternalAccount: (marketplace, owner) =>
          keptReads.read(
            `connections-of:${externalAccountScope(marketplace, owner)}`,
            // None is not kept: the store's first connection must be heard on its first sale.
            (found) =>
              found.length === 0
                ? null
                : {
                    accountIds: [
                      externalAccountScope(marketplace, owner),
                      ...found.map((c) => c.accountId),
                    ],
                  },
            () => connections.ofExternalAccount(marketplace, owner),
          ),
      },
      logger,
      async (accountIds, sales): Promise<void> => {
        await saleWorkflow.receive(accountIds, sales);
      },
      { metrics, tracing },
    ),
    executorTokens: new ExecutorTokenService(
      repositories.executorTokens,
      auth,
      extensionMarketplacesOf(listingReachFor(connectors, connections)),
    ),
    executorPresence,
    serviceKeys,
    sessions: new SessionService(users, flags, serviceKeys),
    userSettings: new UserSettingsService(db, users, accountUsers),
    labels,
    items,
    enrichment,
    itemBulk: new ItemBulkService(db, repositories.items, items, labels),
    itemExport: new ItemExportService(repositories.items, items),
    marketplaceRules,
    listingPreviews,
    listings: new ListingService(
      db,
      items,
      repositories.listings,
      connectors,
      enqueueListingOperation((payload, options): Promise<string | null> =>
        queue.send(jobs.executeListing, payload, options),
      ),
      listingPreviews,
      {
        leaseSeconds: config.listings.leaseSeconds,
        enqueueFirstAttempts: enqueueFirstListingAttempts((sent): Promise<void> =>
          queue.sendMany(jobs.executeListing, sent),
        ),
        executorOf: (accountId) =>
          keptReads.read(`executors:${accountId}`, { accountIds: [accountId] }, () =>
            executorOf(accountId),
          ),
        onDelistFailed: notifyDelistFailed(async (input): Promise<void> => {
          await notifications.notify(input);
        }),
        onClaim: (claim) => executorPresence.claimed(claim),
        onFinished: operationFinished,
        tracing,
      },
    ),
    variantOptions: new VariantOptionsService(repositories.variantOptions),
    itemImports: new ItemImportService(
      db,
      repositories.itemImports,
      items,
      labels,
      storage,
      async (payload) => {
        await queue.send(jobs.importItems, payload);
      },
    ),
    images,
  };
  // Notifications: in-app, e-mail over SMTP when configured, the account's Slack.
  const slackSettings = new SlackSettingsService(
    db,
    repositories.slackWebhooks,
    {
      slackAlertsEnabled: (accountId) =>
        keptReads.read(`slack-alerts:${accountId}`, { accountIds: [accountId] }, () =>
          accounts.slackAlertsEnabled(accountId),
        ),
      setSlackAlertsEnabled: (...args) => accounts.setSlackAlertsEnabled(...args),
    },
    credentialsBox,
    logger,
    config.slack,
  );
  const notifications = new NotificationService(
    repositories.notifications,
    accountUsers,
    services.userSettings,
    slackSettings,
    mailer,
    {
      email: (payload, options): Promise<unknown> =>
        queue.send(jobs.sendNotificationEmail, payload, options),
      slack: (payload, options): Promise<unknown> =>
        queue.send(jobs.postNotificationToSlack, payload, options),
    },
    { publicUrl, fetcher: slackFetcher },
  );
  // Sale detection: one event per sale, the item down everywhere else.
  const saleWorkflow = new SaleWorkflow(
    db,
    repositories.saleEvents,
    items,
    services.listings,
    (accountId, userId) =>
      keptReads.read(
        `sale-settings:${accountId}:${userId}`,
        { userIds: [userId], accountIds: [accountId] },
        () => services.userSettings.saleSettingsFor(accountId, userId),
      ),
    (accountId) => accounts.currencyOf(accountId),
    async (input): Promise<void> => {
      await notifications.notify(input);
    },
    {
      recordSale: async (report): Promise<void> => {
        await queue.send(jobs.recordSale, report);
      },
      pushQuantity: async (payload, options): Promise<void> => {
        await queue.send(jobs.pushQuantity, payload, options);
      },
      recordActivity: (entries) => activity.recordByProduct(entries),
    },
    logger,
  );
  const saleEvents = new SaleEventsService(repositories.saleEvents, items, services.listings);
  const markSold = new MarkSoldService(items, saleWorkflow);
  const salePolls = new SalePollService(
    repositories.saleEvents,
    connections,
    connectors,
    saleWorkflow,
    logger,
  );
  const marketplaceImports = new MarketplaceImportService(
    db,
    repositories.marketplaceImports,
    connections,
    items,
    services.images,
    connectors,
    (payload, options): Promise<unknown> =>
      queue.send(jobs.importMarketplaceListings, payload, options),
  );
  // The crosslisting workflow; keeping importing from eBay schedules the marketplace import.
  const workflows = new WorkflowService(
    db,
    repositories.workflows,
    connections,
    {
      startScheduled: (owner, connectionId) =>
        marketplaceImports.startScheduled(owner, connectionId),
    },
    logger,
  );
  const onboardings = new OnboardingService(
    db,
    repositories.onboardings,
    accounts,
    users,
    workflows,
    mailer,
    { vestiaireAccessEmail: config.vestiaireAccessEmail },
  );
  // Bulk actions: durable runs over a frozen selection, a batch per job.
  const bulkListingEdits = new BulkListingEditService(db, services.items);
  const bulkActions = new BulkActionService(
    repositories.bulkActions,
    services.items,
    accountUsers,
    auth,
    new BulkActionSteps(
      db,
      services.items,
      services.itemBulk,
      services.labels,
      services.listings,
      bulkListingEdits,
    ),
    notifications,
    (payload, options): Promise<unknown> => queue.send(jobs.bulkActionBatch, payload, options),
    {
      batchSize: config.bulkActions.batchSize,
      leaseSeconds: config.listings.leaseSeconds,
    },
  );
  // The picking list: sold items waiting to be packed, checked, packed, printed (decision 0047).
  const pickingListSettings = new PickingListSettingsService(repositories.pickingList);
  const pickingList = new PickingListService(db, repositories.pickingList, pickingListSettings, {
    sales: saleEvents,
    items: services.items,
    accounts,
  });
  // The home screen's one read, through the other modules' services (decision 0050).
  const dashboard = new DashboardService({
    sales: saleEvents,
    items,
    listings: services.listings,
    presence: executorPresence,
    activity,
    ordersToPack: pickingList,
  });

  const pickingListPrint = new PickingListPrintService(
    pickingList,
    pickingListSettings,
    services.images,
    renderPickingListPdf,
  );
  // Item reports: a durable job writes each file; each user's defaults (decision 0048).
  const reports = new ReportService(
    repositories.reports,
    services.items,
    services.itemExport,
    accountUsers,
    auth,
    users,
    storage,
    (payload, options): Promise<unknown> => queue.send(jobs.itemReport, payload, options),
    { workDir: path.join(config.dataDir, 'tmp') },
  );
  const itemTotals = new ItemTotalsService(services.items);
  // Background removal: the offline model in a child process, loaded on first use (decision 0051).
  const backgroundRemovalModel = new BackgroundRemovalModel(config.backgroundRemoval.model, logger);
  const backgroundRemoval = new BackgroundRemovalService(
    new BackgroundRemovalRepository(db),
    services.images,
    accounts,
    storage,
    backgroundRemovalModel,
    (payload, options): Promise<unknown> => queue.send(jobs.backgroundRemoval, payload, options),
    { limit: config.backgroundRemoval.limit },
  );
  const uploads = new UploadServer(
    path.join(config.dataDir, 'uploads'),
    services.images,
    new UploadRepository(db),
    logger,
  );

  const jobs = {
    purgeExpiredSessions: purgeExpiredSessionsJob(repositories.auth, repositories.signIn),
    purgeOAuthStates: purgeOAuthStatesJob(repositories.oauthStates),
    syncShopifyMetafields: syncShopifyMetafieldsJob(shopifyMetafields),
    afterConnect: afterConnectJob(marketplaceAccounts),
    importItems: importItemsJob(services.itemImports),
    importMarketplaceListings: importMarketplaceListingsJob(marketplaceImports),
    scheduleWorkflowImports: workflowImportScheduleJob(workflows),
    recordSale: recordSaleJob(saleWorkflow),
    pushQuantity: pushQuantityJob(services.listings),
    pollSales: salePollJob(salePolls),
    schedulePollSales: salePollScheduleJob(salePolls, (connection, options): Promise<unknown> =>
      queue.send(jobs.pollSales, connection, options),
    ),
    bulkActionBatch: bulkActionBatchJob(bulkActions),
    sweepBulkActions: sweepBulkActionsJob(bulkActions),
    sendNotificationEmail: sendNotificationEmailJob(notifications),
    postNotificationToSlack: postNotificationToSlackJob(notifications),
    sweepNotificationDeliveries: sweepNotificationDeliveriesJob(notifications),
    executeListing: executeListingJob(services.listings, config.listings.workers),
    sweepListings: sweepListingsJob(services.listings, {
      getJob: (name, id) => queue.getJob(name, id),
    }),
    imageDerivatives: imageDerivativesJob(imageDerivatives),
    purgeExpiredUploads: purgeExpiredUploadsJob(uploads),
    pruneActivity: pruneActivityJob(activity),
    itemReport: itemReportJob(reports),
    sweepReports: sweepReportsJob(reports, {
      getJob: (name, id) => queue.getJob(name, id),
    }),
    pruneReports: pruneReportsJob(reports),
    backgroundRemoval: backgroundRemovalJob(backgroundRemoval),
    pruneBackgroundRemovals: pruneBackgroundRemovalsJob(backgroundRemoval),
    demoPhotos: demoPhotosJob({
      accountUsers,
      items: services.items,
      images: services.images,
    }),
  };
  const queue = new Queue(database, logger, { ...options.queue, tracing });
  queue.register(Object.values(jobs));
  const health = new HealthService({
    database,
    queue,
    role: config.role,
    lifecycle,
    pendingMigrations: () => pendingMigrations(database),
  });

  const sandboxSales = sandbox ? new SandboxSales(sandbox, services.items) : null;
  const sandboxConnections = sandbox
    ? new SandboxConnections(
        db,
        sandbox,
        connections,
        credentials,
        (event) => marketplaceAccounts.afterConnect(event),
        logger,
      )
    : null;
  // The emulators start empty: the stored sandbox connections get tokens they know.
  if (sandboxConnections) {
    const restored = await sandboxConnections.restore();
    if (restored > 0) logger.info({ restored }, 'sandbox connections restored');
  }

  let closing: Promise<void> | null = null;
  return {
    config,
    logger,
    database,
    identities,
    secureCookies,
    publicUrl,
    imageUrls,
    storage,
    uploads,
    repositories,
    services: {
      ...services,
      marketplaceImports,
      workflows,
      onboardings,
      notifications,
      slackSettings,
      bulkActions,
      bulkListingEdits,
      reports,
      itemTotals,
      ai,
      backgroundRemoval,
      // The sale workflow (record, receive); its reading and mark-as-sold beside it.
      saleDetection: saleWorkflow,
      saleEvents,
      markSold,
      salePolls,
      dashboard,
      pickingList,
      pickingListSettings,
      pickingListPrint,
    },
    connectors,
    oauthProviders,
    sandbox,
    sandboxConnections,
    sandboxSales,
    jobs,
    queue,
    /** Metrics (null when off), traces, health and where the process is in its life. */
    observability: { metrics, scrapable, tracing, lifecycle, health },
    /** Stops the workers, then closes what the container opened; a second call waits on the first. */
    close() {
      closing ??= (async () => {
        await sandbox?.shopify.settled();
        await sandbox?.depop.settled();
        await queue.stop();
        remoteFlags.stop();
        await flags.close();
        await Promise.all([
          photoFetcher.close(),
          slackFetcher.close(),
          backgroundRemovalModel.close(),
          enrichment.close(),
        ]);
        if (!options.database) await database.close();
        await tracing.close();
      })();
      return closing;
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
