import { z } from 'zod';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { STORAGE_MESSAGES } from './storage/storage';
import { decodeKey } from './crypto/secret-box';

/**
 * The Shopify Admin API version used when SHOPIFY_API_VERSION is unset: the one the Shopify
 * connector's documents are written for (`SHOPIFY_API_VERSION` in connectors/shopify/client.ts).
 * Platform may not import a connector, so the value is written twice and a unit test
 * (src/boundaries.test.ts) holds the two equal.
 */
export const DEFAULT_SHOPIFY_API_VERSION = '2025-07';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Fastify's trustProxy: false (the socket's address), the proxies' addresses and ranges, or
 * which hops to trust (the first n from the socket).
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export const ROLES = ['api', 'worker', 'all'] as const;
export type ServerRole = (typeof ROLES)[number];

/**
 * Every setting comes from the environment and has a default that makes the embedded mode
 * (PGlite in DATA_DIR, everything in one process) work with no configuration at all. The
 * README's configuration table lists the same names and defaults.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  ROLE: z.enum(ROLES).default('all'),
  AUTH_SECRET: z
    .string()
    .min(32, { message: 'AUTH_SECRET must be at least 32 characters' })
    .optional(),
  CREDENTIALS_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== null, {
      message: 'CREDENTIALS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  CREDENTIALS_KEY_VERSION: z.coerce.number().int().min(1).default(1),
  CREDENTIALS_PREVIOUS_KEYS: z.string().default(''),
  TRUSTED_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context) => {
      const trust = trustProxyFrom(value);
      if (trust === null) {
        context.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY is false, true (one proxy in front), a number of proxies, or the proxies' addresses and ranges separated by commas (10.0.0.0/8, loopback)",
        });
        return z.NEVER;
      }
      return trust;
    }),
  SEED_DEMO: booleanFromEnv.default(true),
  DEMO_EMAIL: z.email().default('demo@listloop.local'),
  DEMO_PASSWORD: z.string().min(8).default('listloop-demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  EXTENSION_DIST_DIR: z.string().optional(),
  TERMS_URL: z.url().default('https://listloop.app/legal/terms'),
  PRIVACY_URL: z.url().default('https://listloop.app/legal/privacy'),
  FEATURE_FLAGS_URL: z.url().optional(),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_PER_EMAIL_TOTAL: z.coerce.number().int().min(1).optional(),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  PUBLIC_MAX_PER_IP: z.coerce.number().int().min(1).default(120),
  PUBLIC_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  WEBHOOK_REFUSALS_PER_IP: z.coerce.number().int().min(1).default(30),
  WEBHOOK_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, { message: 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 24)' })
    .regex(/^[\x21-\x7e]+$/, {
      message: 'METRICS_TOKEN is one word of printable characters (it is sent as a bearer token)',
    })
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(25),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s):// URL' })
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s):// URL',
    })
    .optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).default('listloop'),
  OTEL_SDK_DISABLED: booleanFromEnv.default(false),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none']).default('otlp'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  LISTING_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  LISTING_WORKERS: z.coerce.number().int().min(1).max(32).default(4),
  BULK_ACTION_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  BACKGROUND_REMOVAL_LIMIT: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, { message: 'BACKGROUND_REMOVAL_LIMIT must be a whole number, or empty' })
    .default(''),
  BACKGROUND_REMOVAL_MODEL: z.enum(['small', 'medium']).default('small'),
  MARKETPLACES: z.enum(['sandbox', 'live']).optional(),
  EBAY_CLIENT_ID: z.string().trim().min(1).optional(),
  EBAY_CLIENT_SECRET: z.string().trim().min(1).optional(),
  EBAY_RU_NAME: z.string().trim().min(1).optional(),
  EBAY_API_URL: z.url().default('https://api.ebay.com'),
  EBAY_AUTH_URL: z.url().default('https://auth.ebay.com'),
  SHOPIFY_CLIENT_ID: z.string().trim().min(1).optional(),
  SHOPIFY_CLIENT_SECRET: z.string().trim().min(1).optional(),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, {
      message: 'SHOPIFY_API_VERSION is a Shopify API version such as 2025-07',
    })
    .default(DEFAULT_SHOPIFY_API_VERSION),
  ETSY_API_KEY: z.string().trim().min(1).optional(),
  ETSY_SHARED_SECRET: z.string().trim().min(1).optional(),
  ETSY_API_URL: z.url().default('https://openapi.etsy.com'),
  ETSY_AUTH_URL: z.url().default('https://www.etsy.com'),
  DEPOP_API_URL: z.url().default('https://partnerapi.depop.com'),
  DEPOP_WEBHOOK_SECRET: z.string().trim().min(8).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, {
      message:
        'SMTP_URL must be smtp://user:password@host:port (or smtps:// for TLS from the start)',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      message: 'MAIL_FROM must be an address such as ListLoop <notifications@example.com>',
    })
    .optional(),
  SLACK_LOOPBACK_WEBHOOKS: booleanFromEnv.default(false),
  /** Where a seller's request for Vestiaire Collective API access is e-mailed. */
  VESTIAIRE_ACCESS_EMAIL: z.email().default('vestiaire-access@listloop.app'),
  AI_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'AI_BASE_URL must be the http:// or https:// base of an OpenAI-compatible API',
    })
    .optional(),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  AI_API_KEY: z.string().trim().min(1).optional(),
  AI_VISION: booleanFromEnv.default(false),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_PRICE_INPUT_PER_1K: z.coerce.number().min(0).max(1_000).default(0),
  AI_PRICE_OUTPUT_PER_1K: z.coerce.number().min(0).max(1_000).default(0),
  AI_PRICE_CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { message: 'AI_PRICE_CURRENCY is a currency code such as USD' })
    .default('USD'),
});

const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies' X-Forwarded-For the client address is read through (Fastify's trustProxy).
 * `true` means the one proxy in front: the address it saw, never an entry the client wrote
 * further left. False: the socket's address. Null: not a setting.
 */
function trustProxyFrom(value: string): TrustProxy | null {
  const lower = value.toLowerCase();
  if (['false', '0', 'no', ''].includes(lower)) return false;
  if (['true', 'yes'].includes(lower)) return trustHops(1);
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every(
    (entry) =>
      NAMED_PROXY_RANGES.has(entry) ||
      ipaddr.isValid(entry) ||
      (entry.includes('/') && isCidr(entry)),
  );
  return valid ? entries : null;
}

function trustHops(count: number): TrustProxy {
  return (_address, hop) => hop < count;
}

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Where files live: local disk under DATA_DIR/files, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Null for AWS itself; the URL of any other S3-compatible service. */
      endpoint: string | null;
      /** Null: the AWS SDK's default credential chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

/**
 * Which marketplaces the connectors talk to. `sandbox`: the emulators, started inside the
 * server and mounted under /sandbox/<marketplace> (the embedded demo's default). `live`: the
 * real marketplaces, each only when its app keys are configured.
 */
export interface MarketplacesConfig {
  mode: 'sandbox' | 'live';
  ebay: {
    clientId: string;
    clientSecret: string;
    ruName: string;
    apiUrl: string;
    authUrl: string;
  } | null;
  shopify: { clientId: string; clientSecret: string; apiVersion: string } | null;
  /** Etsy's app keys: the keystring (the OAuth client id) and the shared secret. */
  etsy: { apiKey: string; sharedSecret: string; apiUrl: string; authUrl: string } | null;
  /**
   * Depop's Seller API needs no app keys (each seller connects an API key), so it is always
   * there live; the secret that signs its newOrder webhooks comes from Depop, null when none.
   */
  depop: { apiUrl: string; webhookSecret: string | null };
}

/**
 * The AI helper (decision 0052). `server`: an OpenAI-compatible chat completions API, null for
 * the built-in offline helper. Prices per 1,000 tokens in `currency` make each call's cost.
 */
export interface AiConfig {
  server: { baseUrl: string; model: string; apiKey: string | null; vision: boolean } | null;
  /** For each attempt of a call (the spec retries once). */
  timeoutMs: number;
  prices: { inputPer1k: number; outputPer1k: number; currency: string };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | null;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections each process keeps to a server Postgres at most. */
  databasePoolSize: number;
  role: ServerRole;
  authSecret: string | null;
  /**
   * The key marketplace credentials are sealed with (base64, null: generated into DATA_DIR),
   * its version, and the earlier keys still needed to open rows sealed before a rotation.
   */
  credentials: {
    key: string | null;
    keyVersion: number;
    previousKeys: { version: number; key: string }[];
  };
  trustedOrigins: string[];
  trustProxy: TrustProxy;
  seedDemo: boolean;
  demo: { email: string; password: string };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** The built browser extension the server packs and offers for download. */
  extensionDistDir: string;
  termsUrl: string;
  privacyUrl: string;
  featureFlagsUrl: string | null;
  /**
   * Failed sign-ins allowed per window: per address, per e-mail and address pair, and per e-mail
   * from every address that is not one of its known devices.
   */
  loginLimits: { perIp: number; perEmail: number; perEmailTotal: number; windowMs: number };
  /**
   * Requests per client address to each route that needs no session (health, sign-out, the
   * API description, sign-in), unless the route keeps a limit of its own (joining a team).
   */
  publicLimits: { perIp: number; windowMs: number };
  /**
   * How long a process keeps who a session is (user, memberships, accounts, roles) before it
   * asks the database again; any change to them drops it at once. 0 keeps nothing.
   */
  sessionCacheMs: number;
  /**
   * Operators' view of the process (decision 0062). `metricsToken`: the bearer token GET /metrics
   * asks for; null turns metrics off. `metricsPort`: a small listener of its own serving
   * /metrics and the health checks (the only HTTP a worker has); null: none.
   */
  observability: {
    metricsToken: string | null;
    metricsPort: number | null;
    /** Where traces go over OTLP/HTTP (the full /v1/traces URL); null: tracing is off. */
    tracesUrl: string | null;
    serviceName: string;
  };
  /**
   * SIGTERM: how long the process may take to finish what it is doing before it returns the
   * rest to the queue and exits, and how long of that it keeps serving (readiness 503) before
   * it stops accepting connections, so a load balancer has seen it leave.
   */
  shutdown: { timeoutMs: number; delayMs: number };
  /**
   * Webhook deliveries per client address that may be refused (unsigned, wrong signature, too
   * large) in the window; past that the address is answered 429 before its body is read.
   * Verified deliveries never count: a marketplace's burst of genuine webhooks is never slowed.
   */
  webhookLimits: { refusalsPerIp: number; windowMs: number };
  sessionDays: number;
  storage: StorageConfig;
  /**
   * Listing jobs: how long a worker holds a connector operation without renewing it (a dead
   * worker's operation is offered again after this), and how many run at once per process.
   */
  listings: { leaseSeconds: number; workers: number };
  /** Bulk actions: items one job works on before it records them and sends the next. */
  bulkActions: { batchSize: number };
  /** Decision 0051: pictures each account may have processed (null: no limit), and the model. */
  backgroundRemoval: { limit: number | null; model: 'small' | 'medium' };
  marketplaces: MarketplacesConfig;
  /** Notification e-mail through SMTP; null: e-mail is off. */
  mail: { smtpUrl: string; from: string } | null;
  /** Where requests for Vestiaire Collective API access are e-mailed. */
  vestiaireAccessEmail: string;
  /**
   * Slack alerts. `allowLoopbackWebhooks` lets a webhook URL on 127.0.0.1 stand in for Slack,
   * for the tests' local receiver; refused outside NODE_ENV=test.
   */
  slack: { allowLoopbackWebhooks: boolean };
  ai: AiConfig;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment (and `--role=` from argv); throws a readable ConfigError. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): Config {
  const roleArg = argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
  const parsed = EnvSchema.safeParse({ ...env, ...(roleArg ? { ROLE: roleArg } : {}) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: the ${e.ROLE} role runs beside other processes, which needs a server Postgres (DATABASE_URL); the embedded database serves one process`,
    );
  }
  const allowLoopbackWebhooks = slackLoopback(e);
  // Without it, marketplaces would be sent back to an address guessed from somewhere: the
  // sellers' OAuth codes and the stores' webhooks must go to one the operator chose.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required in production: the https:// address sellers open ListLoop at, where marketplaces send sellers and webhooks back',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') ?? null,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    role: e.ROLE,
    authSecret: e.AUTH_SECRET ?? null,
    credentials: {
      key: e.CREDENTIALS_KEY?.trim() ?? null,
      keyVersion: e.CREDENTIALS_KEY_VERSION,
      previousKeys: previousCredentialKeys(e.CREDENTIALS_PREVIOUS_KEYS, e.CREDENTIALS_KEY_VERSION),
    },
    trustedOrigins: e.TRUSTED_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    demo: { email: e.DEMO_EMAIL.toLowerCase(), password: e.DEMO_PASSWORD },
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    extensionDistDir: path.resolve(
      e.EXTENSION_DIST_DIR ?? path.join(repoRoot, 'apps/extension/dist'),
    ),
    termsUrl: e.TERMS_URL,
    privacyUrl: e.PRIVACY_URL,
    featureFlagsUrl: e.FEATURE_FLAGS_URL ?? null,
    loginLimits: {
      perIp: e.LOGIN_MAX_PER_IP,
      perEmail: e.LOGIN_MAX_PER_EMAIL,
      perEmailTotal: e.LOGIN_MAX_PER_EMAIL_TOTAL ?? Math.max(100, e.LOGIN_MAX_PER_EMAIL * 10),
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    publicLimits: { perIp: e.PUBLIC_MAX_PER_IP, windowMs: e.PUBLIC_WINDOW_SECONDS * 1000 },
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    observability: {
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsPort: e.METRICS_PORT ?? null,
      tracesUrl: tracesUrl(e),
      serviceName: e.OTEL_SERVICE_NAME,
    },
    shutdown: shutdownConfig(e),
    webhookLimits: {
      refusalsPerIp: e.WEBHOOK_REFUSALS_PER_IP,
      windowMs: e.WEBHOOK_WINDOW_MINUTES * 60_000,
    },
    sessionDays: e.SESSION_DAYS,
    storage: storageConfig(e),
    listings: { leaseSeconds: e.LISTING_LEASE_SECONDS, workers: e.LISTING_WORKERS },
    bulkActions: { batchSize: e.BULK_ACTION_BATCH_SIZE },
    backgroundRemoval: {
      // Empty: no limit. A number: the pictures each account may have processed (0 turns it off).
      limit: e.BACKGROUND_REMOVAL_LIMIT === '' ? null : Number(e.BACKGROUND_REMOVAL_LIMIT),
      model: e.BACKGROUND_REMOVAL_MODEL,
    },
    marketplaces: marketplacesConfig(e),
    mail: keySet(e, ['SMTP_URL', 'MAIL_FROM'] as const)
      ? { smtpUrl: e.SMTP_URL!, from: e.MAIL_FROM! }
      : null,
    slack: { allowLoopbackWebhooks },
    vestiaireAccessEmail: e.VESTIAIRE_ACCESS_EMAIL.toLowerCase(),
    ai: aiConfig(e),
  };
}

/**
 * The OTLP/HTTP traces URL by OpenTelemetry's own settings: the traces endpoint as given, or
 * `/v1/traces` under the general one; none (tracing off) without either, or when the SDK or
 * its traces exporter is turned off.
 */
function tracesUrl(e: z.infer<typeof EnvSchema>): string | null {
  if (e.OTEL_SDK_DISABLED || e.OTEL_TRACES_EXPORTER === 'none') return null;
  if (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT) {
    return `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  }
  return null;
}

function shutdownConfig(e: z.infer<typeof EnvSchema>): Config['shutdown'] {
  if (e.SHUTDOWN_DELAY_SECONDS >= e.SHUTDOWN_TIMEOUT_SECONDS) {
    throw new ConfigError(
      `Invalid configuration:\n  SHUTDOWN_DELAY_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS (${e.SHUTDOWN_TIMEOUT_SECONDS}), which it is part of`,
    );
  }
  return {
    timeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    delayMs: Math.round(e.SHUTDOWN_DELAY_SECONDS * 1000),
  };
}

function aiConfig(e: z.infer<typeof EnvSchema>): AiConfig {
  if (!e.AI_BASE_URL && (e.AI_MODEL || e.AI_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_BASE_URL: AI_MODEL and AI_API_KEY need the address of the AI server (AI_BASE_URL); without it the offline helper answers',
    );
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_MODEL: name the model the AI server at AI_BASE_URL should use',
    );
  }
  return {
    server: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
          model: e.AI_MODEL!,
          apiKey: e.AI_API_KEY ?? null,
          vision: e.AI_VISION,
        }
      : null,
    timeoutMs: e.AI_TIMEOUT_MS,
    prices: {
      inputPer1k: e.AI_PRICE_INPUT_PER_1K,
      outputPer1k: e.AI_PRICE_OUTPUT_PER_1K,
      currency: e.AI_PRICE_CURRENCY,
    },
  };
}

function slackLoopback(e: z.infer<typeof EnvSchema>): boolean {
  if (e.SLACK_LOOPBACK_WEBHOOKS && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  SLACK_LOOPBACK_WEBHOOKS: only the tests may post Slack alerts to a local receiver (NODE_ENV=test)',
    );
  }
  return e.SLACK_LOOPBACK_WEBHOOKS;
}

/** Keys that only work together: all of them, or none. */
function keySet<K extends keyof z.infer<typeof EnvSchema>>(
  e: z.infer<typeof EnvSchema>,
  names: readonly K[],
): boolean {
  const given = names.filter((name) => e[name] !== undefined);
  if (given.length === 0) return false;
  if (given.length < names.length) {
    const missing = names.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  ${String(missing[0])}: set ${names.join(', ')} together (${missing.join(', ')} missing)`,
    );
  }
  return true;
}

function marketplacesConfig(e: z.infer<typeof EnvSchema>): MarketplacesConfig {
  // The embedded demo (no DATABASE_URL) lists on the emulated marketplaces by default.
  const mode = e.MARKETPLACES ?? (e.DATABASE_URL ? 'live' : 'sandbox');
  if (mode === 'sandbox' && e.ROLE !== 'all') {
    throw new ConfigError(
      `Invalid configuration:\n  MARKETPLACES: the sandbox keeps the emulated marketplaces in one process's memory; run it with ROLE=all (not ${e.ROLE})`,
    );
  }
  const ebay = keySet(e, ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_RU_NAME'] as const)
    ? {
        clientId: e.EBAY_CLIENT_ID!,
        clientSecret: e.EBAY_CLIENT_SECRET!,
        ruName: e.EBAY_RU_NAME!,
        apiUrl: e.EBAY_API_URL.replace(/\/+$/, ''),
        authUrl: e.EBAY_AUTH_URL.replace(/\/+$/, ''),
      }
    : null;
  const shopify = keySet(e, ['SHOPIFY_CLIENT_ID', 'SHOPIFY_CLIENT_SECRET'] as const)
    ? {
        clientId: e.SHOPIFY_CLIENT_ID!,
        clientSecret: e.SHOPIFY_CLIENT_SECRET!,
        apiVersion: e.SHOPIFY_API_VERSION,
      }
    : null;
  const etsy = keySet(e, ['ETSY_API_KEY', 'ETSY_SHARED_SECRET'] as const)
    ? {
        apiKey: e.ETSY_API_KEY!,
        sharedSecret: e.ETSY_SHARED_SECRET!,
        apiUrl: e.ETSY_API_URL.replace(/\/+$/, ''),
        authUrl: e.ETSY_AUTH_URL.replace(/\/+$/, ''),
      }
    : null;
  const depop = {
    apiUrl: e.DEPOP_API_URL.replace(/\/+$/, ''),
    webhookSecret: e.DEPOP_WEBHOOK_SECRET ?? null,
  };
  return { mode, ebay, shopify, etsy, depop };
}

/** `1:<base64>,2:<base64>`: the keys of earlier versions, none of them the current one. */
function previousCredentialKeys(
  value: string,
  currentVersion: number,
): { version: number; key: string }[] {
  const keys: { version: number; key: string }[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const version = Number(entry.slice(0, colon));
    const key = entry.slice(colon + 1).trim();
    if (colon < 1 || !Number.isInteger(version) || version < 1 || decodeKey(key) === null) {
      throw new ConfigError(
        'Invalid configuration:\n  CREDENTIALS_PREVIOUS_KEYS: a comma-separated list of <version>:<base64 32-byte key>',
      );
    }
    if (version === currentVersion || keys.some((k) => k.version === version)) {
      throw new ConfigError(
        `Invalid configuration:\n  CREDENTIALS_PREVIOUS_KEYS: key version ${version} is given twice (CREDENTIALS_KEY_VERSION is ${currentVersion})`,
      );
    }
    keys.push({ version, key });
  }
  return keys;
}

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (e.STORAGE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) {
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: ${STORAGE_MESSAGES['no-default-bucket']} (STORAGE=s3 needs S3_BUCKET)`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the default AWS credential chain)',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT ?? null,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
