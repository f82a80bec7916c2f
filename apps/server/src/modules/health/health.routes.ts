import { z } from 'zod';
import { AppError } from '../../platform/http/errors';
import { access } from '../../platform/http/access';
import { errorResponses, type App } from '../../platform/http/types';
import { scrapeMetrics, type ScrapableMetrics } from '../../platform/observability/metrics';
import type { HealthService } from './health.service';

const ComponentSchema = z.object({ status: z.enum(['ok', 'down']), detail: z.string().optional() });

const LivenessSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: ComponentSchema.extend({ kind: z.string() }),
  queue: ComponentSchema.extend({ working: z.boolean() }),
  role: z.string(),
});

const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  role: z.string(),
  reasons: z.array(z.string()),
  checks: z.object({
    database: ComponentSchema,
    queue: ComponentSchema.extend({ working: z.boolean() }),
    migrations: ComponentSchema.extend({ pending: z.array(z.string()) }),
    shutdown: z.object({ status: z.enum(['ok', 'stopping']) }),
  }),
});

/**
 * The operators' routes (decision 0062): liveness, readiness, and the Prometheus metrics. The
 * same answers come from the small listener on METRICS_PORT (main.ts), a worker's only HTTP.
 */
export async function healthRoutes(
  app: App,
  deps: {
    health: HealthService;
    /** Null when metrics are off (no METRICS_TOKEN): /metrics is then not found. */
    metrics: { registry: ScrapableMetrics; token: string } | null;
  },
) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (with what it sees of its database and queue)',
        description:
          'Answers 200 while the process serves HTTP, whatever its database does: `degraded` ' +
          'names a part that is down. Whether to send this process work is ' +
          '/api/health/ready.',
        response: { 200: LivenessSchema },
      },
      config: { access: access.public },
    },
    async () => deps.health.live(),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, queue started, migrations applied, not stopping',
        description:
          'Answers 503 with the reasons while any check fails, and from the moment the process ' +
          'received SIGTERM, so a load balancer stops sending it requests before it closes.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
      config: { access: access.public },
    },
    async (_request, reply) => {
      const readiness = await deps.health.ready();
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics of this process (with the METRICS_TOKEN bearer token)',
        description:
          'Off (404) unless METRICS_TOKEN is set; then `Authorization: Bearer <METRICS_TOKEN>` ' +
          'is required (401 without it). Prometheus text format.',
        produces: ['text/plain'],
        response: {
          200: z.string().describe('Prometheus text exposition format'),
          401: errorResponses[401],
          404: errorResponses[404],
        },
      },
      config: { access: access.public },
    },
    async (request, reply) => {
      const answer = await scrapeMetrics(
        deps.metrics?.registry ?? null,
        deps.metrics?.token ?? null,
        request.headers.authorization,
      );
      if (answer.status === 404) throw new AppError(404, 'request/not-found');
      if (answer.status === 401) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'auth/metrics-token');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(answer.exposition.contentType)
        .send(answer.exposition.body);
    },
  );
}
