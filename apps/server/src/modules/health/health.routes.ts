import { z } from 'zod';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import type { Database } from '../../platform/db/database';
import type { Queue } from '../../platform/queue/queue';

const ComponentSchema = z.object({ status: z.enum(['ok', 'down']), detail: z.string().optional() });

export async function healthRoutes(
  app: App,
  deps: { database: Database; queue: Queue; role: string },
) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Database and job-queue status',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: ComponentSchema.extend({ kind: z.string() }),
            queue: ComponentSchema.extend({ working: z.boolean() }),
            role: z.string(),
          }),
          503: z.object({
            status: z.literal('degraded'),
            database: ComponentSchema.extend({ kind: z.string() }),
            queue: ComponentSchema.extend({ working: z.boolean() }),
            role: z.string(),
          }),
        },
      },
      config: { access: access.public },
    },
    async (_request, reply) => {
      let database: z.infer<typeof ComponentSchema> = { status: 'ok' };
      try {
        await deps.database.ping();
      } catch (error) {
        database = {
          status: 'down',
          detail: error instanceof Error ? error.message : String(error),
        };
      }
      const queue: z.infer<typeof ComponentSchema> = deps.queue.isStarted
        ? { status: 'ok' }
        : { status: 'down', detail: 'not started' };
      const healthy = database.status === 'ok' && queue.status === 'ok';
      const body = {
        database: { ...database, kind: deps.database.kind },
        queue: { ...queue, working: deps.queue.isWorking },
        role: deps.role,
      };
      return healthy
        ? { status: 'ok' as const, ...body }
        : reply.status(503).send({ status: 'degraded' as const, ...body });
    },
  );
}
