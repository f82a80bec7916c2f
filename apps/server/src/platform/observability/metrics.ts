import crypto from 'node:crypto';

/** How a listing operation (list, delist, relist, update) ended. */
export type OperationOutcome = 'succeeded' | 'failed' | 'canceled';

/** What became of a webhook delivery whose signature held. */
export type WebhookDeliveryResult = 'recorded' | 'repeat' | 'unmatched';

/** Why a webhook delivery was turned away. */
export type WebhookRefusalReason =
  'signature' | 'malformed' | 'not_configured' | 'too_large' | 'too_many';

/**
 * What the modules and platform record, in their own words: the one door to metrics (decision
 * 0062), so none of them names the Prometheus client. Each module takes the part it records
 * (`Pick<Metrics, …>`); with metrics off every call is a no-op.
 */
export interface Metrics {
  /** False when nothing is kept: a caller may skip work done only to record. */
  readonly enabled: boolean;
  /** One answered HTTP request: its route's pattern (never the raw URL), method and status. */
  httpRequest(input: { route: string; method: string; statusCode: number; seconds: number }): void;
  /** A listing operation ended on a marketplace. */
  listingOperation(input: {
    marketplace: string;
    operation: string;
    outcome: OperationOutcome;
  }): void;
  /** A sale's last delist succeeded: seconds from the sale reaching ListLoop to that delist. */
  saleToLastDelist(seconds: number): void;
  webhookDelivery(marketplace: string, result: WebhookDeliveryResult): void;
  webhookRefusal(marketplace: string, reason: WebhookRefusalReason): void;
}

/** Metrics off: nothing is kept, nothing costs. */
export const NO_METRICS: Metrics = {
  enabled: false,
  httpRequest: () => undefined,
  listingOperation: () => undefined,
  saleToLastDelist: () => undefined,
  webhookDelivery: () => undefined,
  webhookRefusal: () => undefined,
};

/** One queue's backlog, read from the job tables when metrics are scraped. */
export interface QueueBacklog {
  queue: string;
  /** Jobs waiting to be fetched (created or retry), those held back to a later start included. */
  waiting: number;
  /** How long the oldest job that could run now has waited for a worker; 0 when none. */
  oldestSeconds: number;
}

/** The browser extensions' presence on one marketplace, read when metrics are scraped. */
export interface ExecutorsSeen {
  marketplace: string;
  /** The latest look of any executor at this marketplace. */
  lastSeenAt: Date;
  /** Executors (one per account user) seen recently enough to count as at work. */
  active: number;
}

/** Figures read at scrape time, from the database every process shares. */
export interface MetricSources {
  queues?: () => Promise<QueueBacklog[]>;
  executors?: () => Promise<ExecutorsSeen[]>;
}

/** The text a scraper is answered with. */
export interface MetricsExposition {
  contentType: string;
  body: string;
}

/** Metrics a scraper can read: the recorder and its exposition. */
export interface ScrapableMetrics extends Metrics {
  expose(): Promise<MetricsExposition>;
}

/**
 * Whether an Authorization header carries the metrics token as a bearer token, compared in
 * constant time (digests of equal length, so neither the token's length nor its prefix leaks).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  const given = crypto
    .createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected) && match !== null;
}

/** `2xx` for 204: the status class a latency series is kept by. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/** What GET /metrics answers: the metrics, or why not (off: 404; no or wrong token: 401). */
export type ScrapeAnswer =
  { status: 200; exposition: MetricsExposition } | { status: 401 } | { status: 404 };

/**
 * GET /metrics, on the API's port and on the operators' own (METRICS_PORT): off without a
 * token, and then only for a caller who brings it.
 */
export async function scrapeMetrics(
  metrics: ScrapableMetrics | null,
  token: string | null,
  authorization: string | undefined,
): Promise<ScrapeAnswer> {
  if (!metrics || !token) return { status: 404 };
  if (!bearerMatches(authorization, token)) return { status: 401 };
  return { status: 200, exposition: await metrics.expose() };
}
