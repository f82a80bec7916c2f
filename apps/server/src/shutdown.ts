import type { Server } from 'node:http';
import type { Logger } from 'pino';

/** What a stopping process closes, in the order it matters (decision 0062). */
export interface ShutdownParts {
  logger: Logger;
  /** Readiness answers 503 from the moment this is called. */
  beginStopping(): void;
  /** The whole budget from the signal to the exit, and how long of it to keep serving first. */
  timeoutMs: number;
  delayMs: number;
  /** The API's HTTP server: Fastify's close, and its Node server to reap connections from. */
  http: { close(): Promise<void>; server: Server } | null;
  /** Stops fetching jobs, waits for the running ones up to `timeoutMs`, fails the rest back. */
  stopQueue(options: { timeoutMs: number }): Promise<void>;
  /**
   * Hands back the rows this process still holds under a lease (listing operations, reports,
   * background removals), once its jobs are stopped; answers how many.
   */
  releaseHeld(): Promise<number>;
  /** The operators' listener (METRICS_PORT), open until the work is done: probes see the 503. */
  ops: { close(): Promise<void> } | null;
  /** Closes the rest (the database last). */
  closeContainer(): Promise<void>;
  now?: () => number;
}

/** What the logs say of a stop: whether everything finished in time. */
export interface ShutdownReport {
  httpFinished: boolean;
  released: number;
  ms: number;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Time kept back from the jobs' wait to hand back leases and close the database. */
const CLOSING_MS = 1000;

/**
 * SIGTERM, step by step: readiness 503 at once and no more jobs fetched; requests keep being
 * served for `delayMs` (a load balancer sees the 503 and stops sending), then no new
 * connections; requests under way and running jobs get until the deadline to finish. At the
 * deadline the connections still open are cut, the jobs still running are failed back to the
 * queue for their retry (pg-boss's graceful stop) and the rows they held under a lease are
 * queued again without one, so another worker takes them now rather than when the lease runs
 * out. Then the database closes.
 */
export async function shutDown(parts: ShutdownParts): Promise<ShutdownReport> {
  const now = parts.now ?? (() => Date.now());
  const started = now();
  const deadline = started + parts.timeoutMs;
  parts.beginStopping();

  const jobs = parts.stopQueue({
    timeoutMs: Math.max(1000, deadline - CLOSING_MS - now()),
  });

  const http = (async (): Promise<boolean> => {
    if (!parts.http) return true;
    const { server } = parts.http;
    await delay(Math.min(parts.delayMs, deadline - now()));
    const closed = parts.http.close().then(() => true);
    // Node ends idle keep-alive connections once, when the server closes; those that finish
    // their request afterwards go idle later and are ended here as they do.
    const reaper = setInterval(() => server.closeIdleConnections(), 100);
    try {
      const inTime = await Promise.race([
        closed,
        delay(deadline - CLOSING_MS - now()).then(() => false),
      ]);
      if (!inTime) {
        server.closeAllConnections();
        await closed;
      }
      return inTime;
    } finally {
      clearInterval(reaper);
    }
  })();

  const [httpFinished] = await Promise.all([
    http,
    jobs.catch((error: unknown) => {
      parts.logger.warn({ err: error }, 'the job queue did not stop cleanly');
    }),
  ]);
  const released = await parts.releaseHeld().catch((error: unknown) => {
    parts.logger.warn({ err: error }, 'listing operations not handed back');
    return 0;
  });
  await parts.ops?.close();
  await parts.closeContainer();
  return { httpFinished, released, ms: now() - started };
}
