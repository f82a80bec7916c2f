import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('works with no configuration at all: embedded PGlite in ./data, port 3000, everything in one process', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      role: 'all',
      seedDemo: true,
      demo: { email: 'demo@listloop.local', password: 'listloop-demo' },
      featureFlagsUrl: null,
      loginLimits: { perIp: 30, perEmail: 10, perEmailTotal: 100, windowMs: 15 * 60_000 },
      trustProxy: false,
      publicLimits: { perIp: 120, windowMs: 60_000 },
      webhookLimits: { refusalsPerIp: 30, windowMs: 10 * 60_000 },
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('refuses to start in production without PUBLIC_URL, and takes only a web address for it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, [])).toThrow(
      'PUBLIC_URL: required in production',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com/' }, []).publicUrl,
    ).toBe('https://app.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' }, [])).toThrow(
      'PUBLIC_URL must be an http:// or https:// address',
    );
    // The embedded demo needs none: it answers at its own address.
    expect(loadConfig({}, []).publicUrl).toBeNull();
  });

  it('takes --role from the command line over ROLE', () => {
    const db = { DATABASE_URL: 'postgres://u@db:5432/listloop' };
    expect(loadConfig({ ...db, ROLE: 'api' }, []).role).toBe('api');
    expect(loadConfig({ ...db, ROLE: 'api' }, ['--role=worker']).role).toBe('worker');
  });

  it('splits API and workers only on a server Postgres (the embedded database is one process)', () => {
    expect(() => loadConfig({}, ['--role=worker'])).toThrow(
      'needs a server Postgres (DATABASE_URL)',
    );
    expect(loadConfig({}, ['--role=all']).role).toBe('all');
  });

  it('reads booleans, numbers, lists and the demo login', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        SEED_DEMO: 'false',
        TRUSTED_ORIGINS: 'https://a.example, https://b.example/',
        DEMO_EMAIL: 'Shop@Example.test',
        DATABASE_URL: 'postgres://u@db:5432/listloop',
        PUBLIC_MAX_PER_IP: '600',
        PUBLIC_WINDOW_SECONDS: '30',
        WEBHOOK_REFUSALS_PER_IP: '5',
        WEBHOOK_WINDOW_MINUTES: '1',
      },
      [],
    );
    expect(config.port).toBe(8080);
    expect(config.publicLimits).toEqual({ perIp: 600, windowMs: 30_000 });
    expect(config.webhookLimits).toEqual({ refusalsPerIp: 5, windowMs: 60_000 });
    expect(config.seedDemo).toBe(false);
    expect(config.trustedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.demo.email).toBe('shop@example.test');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/listloop');
  });

  it.each([
    // No proxy: the socket's address, whatever the headers say.
    ['false', '10.0.0.5', '198.51.100.7, 10.0.0.9', '10.0.0.5'],
    // One proxy: the address it saw (the last entry), never one the client wrote before it.
    ['true', '10.0.0.5', '198.51.100.7, 203.0.113.20', '203.0.113.20'],
    ['2', '10.0.0.5', '198.51.100.7, 203.0.113.20, 10.0.0.9', '203.0.113.20'],
    ['10.0.0.0/8', '10.0.0.5', '198.51.100.7, 203.0.113.20, 10.0.0.9', '203.0.113.20'],
    ['loopback, 10.0.0.5', '10.0.0.5', '203.0.113.20', '203.0.113.20'],
    ['10.0.0.0/8', '192.0.2.1', '203.0.113.20', '192.0.2.1'],
  ])(
    'TRUST_PROXY=%s: from %s with X-Forwarded-For %s the client is %s',
    async (setting, socket, forwarded, client) => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: setting }, []);
      const app = Fastify({ trustProxy });
      app.get('/', async (request) => request.ip);
      const response = await app.inject({
        url: '/',
        remoteAddress: socket,
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(response.body).toBe(client);
      await app.close();
    },
  );

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ TRUST_PROXY: 'the nginx box' }, 'TRUST_PROXY is false, true (one proxy in front)'],
    [{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY'],
    [{ ROLE: 'everything' }, 'ROLE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ PUBLIC_MAX_PER_IP: '0' }, 'PUBLIC_MAX_PER_IP'],
    [{ DATABASE_POOL_SIZE: '1' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
  ])('refuses %j with a readable message', (env, fragment) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(fragment);
  });

  describe("the operators' view (decision 0062)", () => {
    it('is off by default: no metrics, no traces, no listener of its own; 25 s to stop', () => {
      const config = loadConfig({}, []);
      expect(config.observability).toEqual({
        metricsToken: null,
        metricsPort: null,
        tracesUrl: null,
        serviceName: 'listloop',
      });
      expect(config.shutdown).toEqual({ timeoutMs: 25_000, delayMs: 0 });
    });

    it("takes the metrics token and port, and OpenTelemetry's own settings for traces", () => {
      const config = loadConfig(
        {
          METRICS_TOKEN: 'a-long-metrics-token-1234',
          METRICS_PORT: '9464',
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
          OTEL_SERVICE_NAME: 'listloop-eu',
          SHUTDOWN_TIMEOUT_SECONDS: '40',
          SHUTDOWN_DELAY_SECONDS: '5',
        },
        [],
      );
      expect(config.observability).toEqual({
        metricsToken: 'a-long-metrics-token-1234',
        metricsPort: 9464,
        tracesUrl: 'http://collector:4318/v1/traces',
        serviceName: 'listloop-eu',
      });
      expect(config.shutdown).toEqual({ timeoutMs: 40_000, delayMs: 5000 });
      // The traces endpoint is taken as given; the SDK or its exporter turned off wins.
      const traces = 'https://otel.example/custom/traces';
      expect(
        loadConfig(
          {
            OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
            OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: traces,
          },
          [],
        ).observability.tracesUrl,
      ).toBe(traces);
      const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
      expect(
        loadConfig({ ...on, OTEL_SDK_DISABLED: 'true' }, []).observability.tracesUrl,
      ).toBeNull();
      expect(
        loadConfig({ ...on, OTEL_TRACES_EXPORTER: 'none' }, []).observability.tracesUrl,
      ).toBeNull();
    });

    it.each([
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters'],
      [{ METRICS_TOKEN: 'has a space in the middle' }, 'METRICS_TOKEN is one word'],
      [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
      [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
      [
        { SHUTDOWN_TIMEOUT_SECONDS: '10', SHUTDOWN_DELAY_SECONDS: '10' },
        'SHUTDOWN_DELAY_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS',
      ],
    ])('refuses %j', (env, fragment) => {
      expect(() => loadConfig(env, [])).toThrow(fragment);
    });
  });

  describe('marketplaces', () => {
    const db = { DATABASE_URL: 'postgres://u@db:5432/listloop' };

    it('the embedded demo lists on the sandbox; a server Postgres on the real marketplaces', () => {
      expect(loadConfig({}, []).marketplaces).toEqual({
        mode: 'sandbox',
        ebay: null,
        shopify: null,
        etsy: null,
        depop: { apiUrl: 'https://partnerapi.depop.com', webhookSecret: null },
      });
      expect(loadConfig(db, []).marketplaces.mode).toBe('live');
      expect(loadConfig({ MARKETPLACES: 'live' }, []).marketplaces.mode).toBe('live');
      expect(loadConfig({ ...db, MARKETPLACES: 'sandbox' }, []).marketplaces.mode).toBe('sandbox');
    });

    it('takes each marketplace’s app keys together, with its URLs and API version', () => {
      const config = loadConfig(
        {
          ...db,
          EBAY_CLIENT_ID: 'app-id',
          EBAY_CLIENT_SECRET: 'cert-id',
          EBAY_RU_NAME: 'Shop-App-PRD-ru',
          EBAY_API_URL: 'https://api.sandbox.ebay.com/',
          SHOPIFY_CLIENT_ID: 'shopify-id',
          SHOPIFY_CLIENT_SECRET: 'shopify-secret',
          ETSY_API_KEY: 'etsy-keystring',
          ETSY_SHARED_SECRET: 'etsy-secret',
          DEPOP_API_URL: 'https://partnerapi-staging.depop.com/',
          DEPOP_WEBHOOK_SECRET: 'whsec_depop_secret',
        },
        [],
      );
      expect(config.marketplaces).toEqual({
        mode: 'live',
        ebay: {
          clientId: 'app-id',
          clientSecret: 'cert-id',
          ruName: 'Shop-App-PRD-ru',
          apiUrl: 'https://api.sandbox.ebay.com',
          authUrl: 'https://auth.ebay.com',
        },
        shopify: { clientId: 'shopify-id', clientSecret: 'shopify-secret', apiVersion: '2025-07' },
        etsy: {
          apiKey: 'etsy-keystring',
          sharedSecret: 'etsy-secret',
          apiUrl: 'https://openapi.etsy.com',
          authUrl: 'https://www.etsy.com',
        },
        depop: {
          apiUrl: 'https://partnerapi-staging.depop.com',
          webhookSecret: 'whsec_depop_secret',
        },
      });
    });

    it.each([
      [
        { EBAY_CLIENT_ID: 'app-id' },
        'set EBAY_CLIENT_ID, EBAY_CLIENT_SECRET, EBAY_RU_NAME together',
      ],
      [{ SHOPIFY_CLIENT_SECRET: 'x' }, 'SHOPIFY_CLIENT_ID missing'],
      [{ ETSY_API_KEY: 'keystring' }, 'set ETSY_API_KEY, ETSY_SHARED_SECRET together'],
      [{ SHOPIFY_API_VERSION: '2025-08' }, 'SHOPIFY_API_VERSION is a Shopify API version'],
      [{ MARKETPLACES: 'staging' }, 'MARKETPLACES'],
      [
        { ...db, MARKETPLACES: 'sandbox', ROLE: 'worker' },
        "the sandbox keeps the emulated marketplaces in one process's memory",
      ],
    ])('refuses %j', (env, fragment) => {
      expect(() => loadConfig(env, [])).toThrow(ConfigError);
      expect(() => loadConfig(env, [])).toThrow(fragment);
    });
  });

  describe('notification e-mail and Slack', () => {
    it('sends no e-mail unless SMTP_URL and MAIL_FROM are set, together', () => {
      expect(loadConfig({}, []).mail).toBeNull();
      expect(
        loadConfig(
          {
            SMTP_URL: 'smtp://mailer:s3cret@smtp.example.com:587',
            MAIL_FROM: 'ListLoop <notifications@example.com>',
          },
          [],
        ).mail,
      ).toEqual({
        smtpUrl: 'smtp://mailer:s3cret@smtp.example.com:587',
        from: 'ListLoop <notifications@example.com>',
      });
      expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com' }, [])).toThrow(
        'set SMTP_URL, MAIL_FROM together (MAIL_FROM missing)',
      );
    });

    it.each([
      [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must be smtp://'],
      [{ SMTP_URL: 'smtp.example.com:25' }, 'SMTP_URL must be smtp://'],
      [{ MAIL_FROM: 'ListLoop' }, 'MAIL_FROM must be an address'],
      [{ MAIL_FROM: 'ListLoop <nobody>' }, 'MAIL_FROM must be an address'],
    ])('refuses %j with a readable message', (env, fragment) => {
      expect(() => loadConfig(env, [])).toThrow(fragment);
    });

    it('never lets Slack alerts go to a local receiver outside the tests', () => {
      expect(loadConfig({}, []).slack.allowLoopbackWebhooks).toBe(false);
      expect(
        loadConfig({ NODE_ENV: 'test', SLACK_LOOPBACK_WEBHOOKS: 'true' }, []).slack
          .allowLoopbackWebhooks,
      ).toBe(true);
      for (const NODE_ENV of ['production', 'development']) {
        expect(() => loadConfig({ NODE_ENV, SLACK_LOOPBACK_WEBHOOKS: 'true' }, [])).toThrow(
          'only the tests may post Slack alerts to a local receiver',
        );
      }
    });
  });

  describe('the AI helper', () => {
    it('uses the offline helper unless an AI server is configured', () => {
      expect(loadConfig({}, []).ai).toEqual({
        server: null,
        timeoutMs: 30_000,
        prices: { inputPer1k: 0, outputPer1k: 0, currency: 'USD' },
      });
    });

    it('takes any OpenAI-compatible server, a local one with no key included', () => {
      expect(
        loadConfig(
          {
            AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
            AI_MODEL: 'llama3.1',
            AI_VISION: 'yes',
            AI_TIMEOUT_MS: '5000',
            AI_PRICE_INPUT_PER_1K: '0.15',
            AI_PRICE_OUTPUT_PER_1K: '0.6',
            AI_PRICE_CURRENCY: 'EUR',
          },
          [],
        ).ai,
      ).toEqual({
        server: {
          baseUrl: 'http://127.0.0.1:11434/v1',
          model: 'llama3.1',
          apiKey: null,
          vision: true,
        },
        timeoutMs: 5000,
        prices: { inputPer1k: 0.15, outputPer1k: 0.6, currency: 'EUR' },
      });
    });

    it.each([
      [{ AI_BASE_URL: 'https://api.openai.com/v1' }, 'AI_MODEL: name the model'],
      [{ AI_MODEL: 'gpt-4o-mini' }, 'AI_BASE_URL: AI_MODEL and AI_API_KEY need the address'],
      [{ AI_API_KEY: 'sk-x' }, 'AI_BASE_URL: AI_MODEL and AI_API_KEY need the address'],
      [{ AI_BASE_URL: 'ftp://models.example.com', AI_MODEL: 'm' }, 'AI_BASE_URL must be the http'],
      [{ AI_PRICE_CURRENCY: 'dollars' }, 'AI_PRICE_CURRENCY is a currency code'],
      [{ AI_TIMEOUT_MS: '10' }, 'AI_TIMEOUT_MS'],
    ])('refuses %j with a readable message', (env, fragment) => {
      expect(() => loadConfig(env, [])).toThrow(ConfigError);
      expect(() => loadConfig(env, [])).toThrow(fragment);
    });
  });
});
