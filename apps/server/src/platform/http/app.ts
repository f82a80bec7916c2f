import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PermissionKey } from '@listloop/domain';
import type { Container } from '../../container';
import { authRoutes } from '../../modules/auth/auth.routes';
import { sessionRoutes } from '../../modules/session/session.routes';
import { userSettingsRoutes } from '../../modules/user-settings/user-settings.routes';
import { accountUserRoutes } from '../../modules/account-users/account-user.routes';
import { roleRoutes } from '../../modules/roles/role.routes';
import { connectionRoutes } from '../../modules/connections/connection.routes';
import { credentialRoutes } from '../../modules/connections/credential.routes';
import { marketplaceAuthRoutes } from '../../modules/marketplace-auth/marketplace-auth.routes';
import { shopifyMetafieldRoutes } from '../../modules/shopify-metafields/shopify-metafield.routes';
import { healthRoutes } from '../../modules/health/health.routes';
import { webRoutes } from '../../modules/web/web.routes';
import { itemRoutes } from '../../modules/items/item.routes';
import { labelRoutes } from '../../modules/labels/label.routes';
import { marketplaceRuleRoutes } from '../../modules/rules/marketplace-rule.routes';
import { variantOptionsRoutes } from '../../modules/variants/variant-options.routes';
import { itemImportRoutes } from '../../modules/item-import/item-import.routes';
import { marketplaceImportRoutes } from '../../modules/marketplace-import/marketplace-import.routes';
import { saleDetectionRoutes } from '../../modules/sale-detection/sale-detection.routes';
import { imageRoutes } from '../../modules/images/image.routes';
import { uploadRoutes } from '../../modules/images/upload.routes';
import { listingRoutes } from '../../modules/listings/listing.routes';
import { marketplaceRoutes } from '../../modules/marketplaces/marketplaces.routes';
import { webhookRoutes } from '../../modules/webhooks/webhook.routes';
import { sandboxRoutes } from '../../modules/sandbox/sandbox.routes';
import { notificationRoutes } from '../../modules/notifications/notification.routes';
import { bulkActionRoutes } from '../../modules/bulk-actions/bulk-action.routes';
import { permissionsOf } from './access';
import { registerCsrfProtection } from './csrf';
import { registerErrorHandling } from './error-handler';
import { registerNoStore } from './no-store';
import { registerNulGuard } from './nul-guard';
import { registerPublicRateLimits } from './rate-limits';
import { registerRequestContext } from './request-context';
import type { App } from './types';

export interface RouteInfo {
  method: string;
  url: string;
  access: string;
  /** The permissions the route's access names: the caller needs every one. */
  permissions: readonly PermissionKey[];
  /** The route's zod schemas, for the generic tests that walk every route. */
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
}

/**
 * The HTTP side: plugins, the one request-context hook, and every module's routes. The route
 * table is recorded so the generic tests (bad input, tenancy) can walk every route.
 */
export async function buildApp(
  container: Container,
  options: { logger?: FastifyServerOptions['logger'] } = {},
) {
  const { config } = container;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.schema?.hide) continue;
      routes.push({
        method,
        url: route.url,
        access: route.config?.access?.kind ?? 'member',
        permissions: permissionsOf(route.config?.access),
        body: route.schema?.body,
        params: route.schema?.params,
        querystring: route.schema?.querystring,
      });
    }
  });

  // The API description and its UI are public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs'))
      route.config = { ...(route.config ?? {}), access: { kind: 'public' } };
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNoStore(app);
  registerNulGuard(app);
  registerPublicRateLimits(app, config.publicLimits);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: container.secureCookies ? undefined : false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  // Hooks before any route, so that every route, the plugins' included, passes through them.
  registerCsrfProtection(app, {
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  registerRequestContext(
    app,
    { auth: container.services.auth, accountUsers: container.repositories.accountUsers },
    { secureCookies: container.secureCookies },
  );
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'ListLoop API',
        version: '0.1.0',
        description: 'One inventory, every marketplace.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'listloop.session_token' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true },
    staticCSP: true,
  });

  await healthRoutes(app, {
    database: container.database,
    queue: container.queue,
    role: config.role,
  });
  await authRoutes(app, {
    auth: container.services.auth,
    signIn: container.services.signIn,
    accountUsers: container.repositories.accountUsers,
    accountUserService: container.services.accountUsers,
    secureCookies: container.secureCookies,
  });
  await sessionRoutes(app, {
    sessions: container.services.sessions,
    users: container.repositories.users,
  });
  await userSettingsRoutes(app, { service: container.services.userSettings });
  await accountUserRoutes(app, {
    service: container.services.accountUsers,
    joinLimit: { max: config.loginLimits.perIp, windowMs: config.loginLimits.windowMs },
  });
  await roleRoutes(app, { service: container.services.roles });
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
  await labelRoutes(app, { service: container.services.labels });
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
  });
  await notificationRoutes(app, {
    service: container.services.notifications,
    slack: container.services.slackSettings,
  });
  await bulkActionRoutes(app, {
    service: container.services.bulkActions,
    listingEdits: container.services.bulkListingEdits,
  });
  if (container.sandbox && container.sandboxSales) {
    await sandboxRoutes(app, {
      sandbox: container.sandbox,
      sales: container.sandboxSales,
      publicUrl: config.publicUrl,
    });
  }
  await webRoutes(app, {
    distDir: config.webDistDir,
    termsUrl: config.termsUrl,
    privacyUrl: config.privacyUrl,
  });

  return { app, routes };
}
