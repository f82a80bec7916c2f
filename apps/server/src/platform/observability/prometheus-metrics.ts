import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import {
  statusClass,
  type MetricSources,
  type MetricsExposition,
  type OperationOutcome,
  type ScrapableMetrics,
  type WebhookDeliveryResult,
  type WebhookRefusalReason,
} from './metrics';

/** Seconds: a page or an API call (most well under a second) up to a slow export or upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Seconds: a delist within a second in the sandbox, minutes behind a marketplace's Retry-After. */
const DELIST_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 600, 1800];

/**
 * The metrics of one process in Prometheus's text format (prom-client), each in this object's
 * own registry: the container makes one, so several containers in one process (the tests)
 * never share a series. Figures every process reads alike from the database (queue backlog,
 * executors' presence) are read when scraped, so they are never stale.
 */
export class PrometheusMetrics implements ScrapableMetrics {
  readonly enabled = true;
  private readonly registry = new Registry();
  private readonly http: Histogram<'route' | 'method' | 'status_class'>;
  private readonly operations: Counter<'marketplace' | 'operation' | 'outcome'>;
  private readonly saleDelists: Histogram;
  private readonly deliveries: Counter<'marketplace' | 'result'>;
  private readonly refusals: Counter<'marketplace' | 'reason'>;
  /** The database reads of the scrape under way, shared by the gauges they feed. */
  private reads = new Map<string, Promise<unknown>>();

  constructor(options: {
    sources?: MetricSources;
    /** Labels on every series: the process's role. */
    labels?: Record<string, string>;
    /** Node's own figures (CPU, memory, event loop delay, GC); off in tests. */
    processMetrics?: boolean;
    logger?: Logger;
  }) {
    const registers = [this.registry];
    if (options.labels) this.registry.setDefaultLabels(options.labels);
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });

    this.http = new Histogram({
      name: 'listloop_http_request_duration_seconds',
      help: 'HTTP requests answered, by route pattern, method and status class',
      labelNames: ['route', 'method', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.operations = new Counter({
      name: 'listloop_listing_operations_total',
      help: 'Listing operations ended (list, delist, relist, update), by marketplace and outcome',
      labelNames: ['marketplace', 'operation', 'outcome'],
      registers,
    });
    this.saleDelists = new Histogram({
      name: 'listloop_sale_to_last_delist_seconds',
      help: 'From a sale reaching ListLoop to the last of the delists it queued succeeding',
      buckets: DELIST_BUCKETS,
      registers,
    });
    this.deliveries = new Counter({
      name: 'listloop_webhook_deliveries_total',
      help: 'Verified webhook deliveries, by marketplace and result (recorded, repeat, unmatched)',
      labelNames: ['marketplace', 'result'],
      registers,
    });
    this.refusals = new Counter({
      name: 'listloop_webhook_refusals_total',
      help: 'Webhook deliveries refused, by marketplace and reason',
      labelNames: ['marketplace', 'reason'],
      registers,
    });

    const { sources = {}, logger } = options;
    const failed = (source: string, error: unknown) =>
      logger?.warn({ err: error, source }, 'a metric could not be read');
    // Each source is read once per scrape (expose), however many gauges it feeds.
    const scraped =
      <T>(key: string, read: () => Promise<T>) =>
      () => {
        let reading = this.reads.get(key) as Promise<T> | undefined;
        if (!reading) {
          reading = read();
          this.reads.set(key, reading);
        }
        return reading;
      };
    if (sources.queues) {
      const backlog = scraped('queues', sources.queues);
      new Gauge({
        name: 'listloop_queue_depth',
        help: 'Jobs waiting in each queue (created or retrying), delayed ones included',
        labelNames: ['queue'],
        registers,
        async collect() {
          this.reset();
          try {
            for (const row of await backlog()) this.set({ queue: row.queue }, row.waiting);
          } catch (error) {
            failed('queues', error);
          }
        },
      });
      new Gauge({
        name: 'listloop_queue_oldest_job_age_seconds',
        help: 'How long the oldest job that could run now has waited for a worker, per queue',
        labelNames: ['queue'],
        registers,
        async collect() {
          this.reset();
          try {
            for (const row of await backlog()) this.set({ queue: row.queue }, row.oldestSeconds);
          } catch {
            // Said once, by the depth gauge.
          }
        },
      });
    }
    if (sources.executors) {
      const seen = scraped('executors', sources.executors);
      new Gauge({
        name: 'listloop_executor_last_seen_timestamp_seconds',
        help: 'When a browser extension last looked at each marketplace (Unix time)',
        labelNames: ['marketplace'],
        registers,
        async collect() {
          this.reset();
          try {
            for (const row of await seen()) {
              this.set({ marketplace: row.marketplace }, row.lastSeenAt.getTime() / 1000);
            }
          } catch (error) {
            failed('executors', error);
          }
        },
      });
      new Gauge({
        name: 'listloop_executors_active',
        help: 'Browser extensions seen at work on each marketplace within the last ten minutes',
        labelNames: ['marketplace'],
        registers,
        async collect() {
          this.reset();
          try {
            for (const row of await seen()) this.set({ marketplace: row.marketplace }, row.active);
          } catch {
            // Said once, by the last-seen gauge.
          }
        },
      });
    }
  }

  httpRequest(input: { route: string; method: string; statusCode: number; seconds: number }) {
    this.http.observe(
      { route: input.route, method: input.method, status_class: statusClass(input.statusCode) },
      input.seconds,
    );
  }

  listingOperation(input: { marketplace: string; operation: string; outcome: OperationOutcome }) {
    this.operations.inc(input);
  }

  saleToLastDelist(seconds: number) {
    this.saleDelists.observe(seconds);
  }

  webhookDelivery(marketplace: string, result: WebhookDeliveryResult) {
    this.deliveries.inc({ marketplace, result });
  }

  webhookRefusal(marketplace: string, reason: WebhookRefusalReason) {
    this.refusals.inc({ marketplace, reason });
  }

  async expose(): Promise<MetricsExposition> {
    this.reads = new Map();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
