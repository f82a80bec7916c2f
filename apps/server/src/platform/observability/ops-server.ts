import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode } from '@listloop/domain';
import { scrapeMetrics, type ScrapableMetrics } from './metrics';

/** A health answer: its HTTP status and JSON body. */
export interface HealthAnswer {
  statusCode: number;
  body: unknown;
}

export interface OpsServer {
  port: number;
  /** Stops accepting connections and ends the idle ones; resolves when all are closed. */
  close(): Promise<void>;
}

function json(response: http.ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

function error(statusCode: number, code: ErrorCode, message: string = ERROR_MESSAGES[code]) {
  const status: Record<number, string> = {
    401: 'Unauthorized',
    404: 'Not Found',
    405: 'Method Not Allowed',
    500: 'Internal Server Error',
  };
  return { statusCode, code, error: status[statusCode] ?? 'Error', message };
}

/**
 * The operators' own listener (METRICS_PORT, decision 0062): GET /metrics, /api/health and
 * /api/health/ready, with the same answers as the API's routes. A worker serves no other HTTP,
 * so this is how it is scraped and probed; an API process may use it to keep metrics off its
 * public port. Nothing else is served here, and nothing here reads a session.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  metrics: ScrapableMetrics | null;
  metricsToken: string | null;
  live: () => Promise<HealthAnswer>;
  ready: () => Promise<HealthAnswer>;
  onError?: (error: unknown) => void;
}): Promise<OpsServer> {
  const server = http.createServer((request, response) => {
    const handle = async () => {
      const path = new URL(request.url ?? '/', 'http://ops').pathname.replace(/\/+$/, '') || '/';
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        json(response, 405, error(405, 'request/invalid', 'Only GET is served here.'));
        return;
      }
      if (path === '/api/health' || path === '/api/health/ready') {
        const answer = await (path === '/api/health' ? options.live() : options.ready());
        json(response, answer.statusCode, answer.body);
        return;
      }
      if (path === '/metrics') {
        const answer = await scrapeMetrics(
          options.metrics,
          options.metricsToken,
          request.headers.authorization,
        );
        if (answer.status === 200) {
          response.writeHead(200, {
            'content-type': answer.exposition.contentType,
            'cache-control': 'no-store',
          });
          response.end(answer.exposition.body);
          return;
        }
        if (answer.status === 401) {
          response.setHeader('www-authenticate', 'Bearer realm="metrics"');
          json(response, 401, error(401, 'auth/metrics-token'));
          return;
        }
      }
      json(response, 404, error(404, 'request/not-found'));
    };
    handle().catch((failure: unknown) => {
      options.onError?.(failure);
      if (!response.headersSent) {
        json(response, 500, error(500, 'server/internal'));
      } else {
        response.destroy();
      }
    });
  });
  // Probes and scrapes are short: an idle connection is not kept past a few seconds.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
