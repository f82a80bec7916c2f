import { describe, expect, it, vi } from 'vitest';
import { metricValue } from '../../../test/metrics';
import { NO_METRICS, bearerMatches, scrapeMetrics, statusClass } from './metrics';
import { PrometheusMetrics } from './prometheus-metrics';

const TOKEN = 'a-metrics-token-of-some-length';

describe('the metrics token', () => {
  it('takes only the exact token, as a bearer token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}  `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('', TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
  });

  it('answers 404 when metrics are off, 401 without the token, the text with it', async () => {
    const metrics = new PrometheusMetrics({});
    expect(await scrapeMetrics(null, TOKEN, `Bearer ${TOKEN}`)).toEqual({ status: 404 });
    expect(await scrapeMetrics(metrics, null, `Bearer ${TOKEN}`)).toEqual({ status: 404 });
    expect(await scrapeMetrics(metrics, TOKEN, undefined)).toEqual({ status: 401 });
    expect(await scrapeMetrics(metrics, TOKEN, 'Bearer wrong-token-wrong-token')).toEqual({
      status: 401,
    });
    const answer = await scrapeMetrics(metrics, TOKEN, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    if (answer.status !== 200) return;
    expect(answer.exposition.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.exposition.body).toContain('# TYPE listloop_http_request_duration_seconds');
  });
});

describe('Prometheus metrics', () => {
  it('keeps each series under its labels, in a registry of its own', async () => {
    const one = new PrometheusMetrics({ labels: { role: 'api' } });
    const other = new PrometheusMetrics({ labels: { role: 'worker' } });
    one.httpRequest({ route: '/api/items/:id', method: 'GET', statusCode: 204, seconds: 0.02 });
    one.listingOperation({ marketplace: 'ebay', operation: 'delist', outcome: 'succeeded' });
    one.listingOperation({ marketplace: 'ebay', operation: 'delist', outcome: 'succeeded' });
    one.saleToLastDelist(1.5);
    one.webhookDelivery('shopify', 'recorded');
    one.webhookRefusal('shopify', 'signature');
    const text = (await one.expose()).body;
    expect(
      metricValue(text, 'listloop_http_request_duration_seconds_count', {
        route: '/api/items/:id',
        method: 'GET',
        status_class: '2xx',
        role: 'api',
      }),
    ).toBe(1);
    expect(
      metricValue(text, 'listloop_listing_operations_total', {
        marketplace: 'ebay',
        operation: 'delist',
        outcome: 'succeeded',
        role: 'api',
      }),
    ).toBe(2);
    expect(metricValue(text, 'listloop_sale_to_last_delist_seconds_bucket', { le: '1' })).toBe(0);
    expect(metricValue(text, 'listloop_sale_to_last_delist_seconds_bucket', { le: '2' })).toBe(1);
    expect(
      metricValue(text, 'listloop_webhook_deliveries_total', {
        marketplace: 'shopify',
        result: 'recorded',
      }),
    ).toBe(1);
    expect(
      metricValue(text, 'listloop_webhook_refusals_total', {
        marketplace: 'shopify',
        reason: 'signature',
      }),
    ).toBe(1);
    // Another registry saw none of it.
    expect((await other.expose()).body).not.toContain('route="/api/items/:id"');
  });

  it('reads the database figures once per scrape, and answers without them when they fail', async () => {
    const queues = vi.fn(async () => [
      { queue: 'listings.execute', waiting: 3, oldestSeconds: 12.5 },
      { queue: 'reports.item', waiting: 0, oldestSeconds: 0 },
    ]);
    const executors = vi.fn(async () => {
      throw new Error('database away');
    });
    const warn = vi.fn();
    const metrics = new PrometheusMetrics({
      sources: { queues, executors },
      logger: { warn } as never,
    });
    const text = (await metrics.expose()).body;
    expect(queues).toHaveBeenCalledTimes(1);
    expect(metricValue(text, 'listloop_queue_depth', { queue: 'listings.execute' })).toBe(3);
    expect(metricValue(text, 'listloop_queue_depth', { queue: 'reports.item' })).toBe(0);
    expect(
      metricValue(text, 'listloop_queue_oldest_job_age_seconds', { queue: 'listings.execute' }),
    ).toBe(12.5);
    expect(text).toContain('# TYPE listloop_executor_last_seen_timestamp_seconds gauge');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'executors' }),
      'a metric could not be read',
    );
    await metrics.expose();
    expect(queues).toHaveBeenCalledTimes(2);
  });

  it('says when the extensions last looked, as Unix time', async () => {
    const metrics = new PrometheusMetrics({
      sources: {
        executors: async () => [
          { marketplace: 'poshmark', lastSeenAt: new Date('2030-01-02T03:04:05Z'), active: 2 },
        ],
      },
    });
    const text = (await metrics.expose()).body;
    expect(
      metricValue(text, 'listloop_executor_last_seen_timestamp_seconds', {
        marketplace: 'poshmark',
      }),
    ).toBe(Date.parse('2030-01-02T03:04:05Z') / 1000);
    expect(metricValue(text, 'listloop_executors_active', { marketplace: 'poshmark' })).toBe(2);
  });

  it('is a no-op when off', () => {
    expect(NO_METRICS.enabled).toBe(false);
    expect(() => NO_METRICS.saleToLastDelist(1)).not.toThrow();
    expect(statusClass(503)).toBe('5xx');
  });
});
