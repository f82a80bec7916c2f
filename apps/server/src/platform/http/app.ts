import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PermissionKey } from '@listloop/domain';
import type { Config } from '../config';
import type { Metrics } from '../observability/metrics';
import { permissionsOf } from './access';
import { activityKind, registerActivityRecording, type ActivityRecorder } from './activity';
import { registerCsrfProtection } from './csrf';
import { registerErrorHandling } from './error-handler';
import { registerNoStore } from './no-store';
import { registerNulGuard } from './nul-guard';
import { registerPublicRateLimits } from './rate-limits';
import { registerRequestContext, type RequestContextDeps } from './request-context';
import { responseSerializerCompiler } from './response-serializer';
import type { App } from './types';

export interface RouteInfo {
  method: string;
  url: string;
  access: string;
  /** The permissions the route's access names: the caller needs every one. */
  permissions: readonly PermissionKey[];
  /** What the route's `config.activity` declares: it records, it records nothing, or nothing said. */
  activity: 'records' | 'none' | null;
  /** The route's zod schemas, for the generic tests that walk every route. */
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
}

/** What the HTTP side is given by the composition root (`src/routes.ts`). */
export interface AppSetup {
  config: Pick<
    Config,
    'env' | 'logLevel' | 'trustProxy' | 'publicLimits' | 'publicUrl' | 'trustedOrigins'
  >;
  /** Cookies and HSTS only over HTTPS. */
  secureCookies: boolean;
  /** How a request's session becomes a member's context. */
  requestContext: RequestContextDeps;
  /** Where the routes' declared activity is written. */
  activity: ActivityRecorder;
  /** Registers every module's routes, after the plugins and hooks every route passes through. */
  registerRoutes(app: App): Promise<void>;
  /** Where each answered request's latency is recorded (decision 0062); none: nowhere. */
  metrics?: Pick<Metrics, 'enabled' | 'httpRequest'>;
}

/**
 * The HTTP side: plugins, the one request-context hook, and the routes the root registers. The
 * route table is recorded so the generic tests (bad input, tenancy) can walk every route.
 */
export async function buildApp(
  setup: AppSetup,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** A pino logger of the caller's to write the request logs with (a test that reads them). */
    loggerInstance?: FastifyBaseLogger;
  } = {},
) {
  const { config } = setup;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? { level: config.logLevel } }),
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
        activity: activityKind(route.config?.activity),
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
  // Answers are written by serialisers compiled from the response schemas, unvalidated; the
  // tests also encode each answer with zod and fail on any difference (decision 0058).
  app.setSerializerCompiler(
    responseSerializerCompiler(
      config.env === 'test' ? 'checked' : 'compiled',
      (route, compiled) => {
        if (compiled.fallback !== null) {
          app.log.debug(
            { route, why: compiled.fallback },
            'answers written with JSON.stringify: the response schema cannot be compiled',
          );
        } else if (compiled.usesValidator) {
          app.log.debug({ route }, 'the compiled serialiser validates to choose a union branch');
        }
      },
    ),
  );
  const { metrics } = setup;
  if (metrics?.enabled) {
    // By the route's pattern (`/api/account/item/:userId/:itemId`), never the URL as sent: one
    // series per route, however many items. A request no route matched is `unmatched`.
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpRequest({
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
  }
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
    hsts: setup.secureCookies ? undefined : false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  // Hooks before any route, so that every route, the plugins' included, passes through them.
  registerCsrfProtection(app, {
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  registerRequestContext(app, setup.requestContext, { secureCookies: setup.secureCookies });
  registerActivityRecording(app, setup.activity);
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

  await setup.registerRoutes(app);

  return { app, routes };
}
