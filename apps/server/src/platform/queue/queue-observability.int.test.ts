import { Writable } from 'node:stream';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { waitUntil } from '../../../test/wait';
import { createTracing } from '../observability/tracing';
import { defineJob } from './job';
import { Queue } from './queue';

/** Every line a pino logger writes, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/**
 * A job as operators see it: its log lines carry its id and the account it works for, the
 * trace it was sent from continues in the worker, and a stop returns a job still running at
 * the deadline to the queue for its retry.
 */
describe('jobs in the logs, in traces, and at shutdown', () => {
  let testDb: TestDatabase;
  let queue: Queue;
  const exporter = new InMemorySpanExporter();
  const tracing = createTracing({ serviceName: 'listloop', role: 'all', exporter });
  const { logger, lines } = capturedLogger();
  const ran: string[] = [];
  let release: () => void = () => undefined;

  const greet = defineJob({
    name: 'test.greet',
    schema: z.object({ accountId: z.string(), name: z.string() }).strict(),
    handler: async (payload, context) => {
      context.logger.info({ name: payload.name }, 'greeting');
      await tracing.inSpan('greet', {}, async () => undefined);
      ran.push(payload.name);
    },
  });
  const slow = defineJob({
    name: 'test.slow',
    schema: z.object({ accountId: z.string() }).strict(),
    retryLimit: 3,
    retryDelaySeconds: 60,
    handler: async (_payload, context) => {
      context.logger.info('slow job started');
      await new Promise<void>((resolve) => (release = resolve));
    },
  });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    queue = new Queue(testDb.database, logger, {
      pollingIntervalSeconds: 0.5,
      schedule: false,
      tracing,
    });
    queue.register([greet, slow]);
    await queue.start();
    await queue.work();
  });
  afterAll(async () => {
    release();
    await queue.stop({ timeoutMs: 1000 });
    await tracing.close();
    await testDb.dispose();
  });

  it("writes the job's id and its account on the lines it logs", async () => {
    const jobId = await queue.send(greet, { accountId: 'acct-logs', name: 'logs' });
    await waitUntil(async () => ran.includes('logs'), 10_000, 50);
    const line = lines.find((l) => l.msg === 'greeting' && l.name === 'logs');
    expect(line).toMatchObject({ job: 'test.greet', jobId, accountId: 'acct-logs' });
  });

  it('continues the trace it was sent from, and gives the handler the payload alone', async () => {
    let sendSpan = '';
    await tracing.inSpan('webhook shopify', { kind: 'server' }, async () => {
      sendSpan = tracing.traceparent()!.split('-')[2]!;
      await queue.send(greet, { accountId: 'acct-trace', name: 'traced' });
    });
    // The strict schema took the stored data: the trace was taken off before it.
    await waitUntil(async () => ran.includes('traced'), 10_000, 50);
    await waitUntil(async () => exporter.getFinishedSpans().some((s) => s.name === 'greet'));
    const spans = exporter.getFinishedSpans();
    const webhook = spans.find((s) => s.name === 'webhook shopify')!;
    const job = spans.find(
      (s) => s.name === 'job test.greet' && s.parentSpanContext?.spanId === sendSpan,
    )!;
    expect(job).toBeDefined();
    expect(job.spanContext().traceId).toBe(webhook.spanContext().traceId);
    const inner = spans.find(
      (s) => s.name === 'greet' && s.parentSpanContext?.spanId === job.spanContext().spanId,
    );
    expect(inner?.spanContext().traceId).toBe(webhook.spanContext().traceId);
  });

  // Last: the queue is stopped.
  it('stops fetching, waits for the running job until the deadline, then puts it back', async () => {
    const jobId = await queue.send(slow, { accountId: 'acct-stop' });
    await waitUntil(async () => lines.some((l) => l.msg === 'slow job started'), 10_000, 50);
    expect((await queue.getJob('test.slow', jobId!))?.state).toBe('active');
    const started = Date.now();
    await queue.stop({ timeoutMs: 1000 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(queue.isWorking).toBe(false);
    // Back in the queue for its retry (held back by its retry delay), not lost, not failed.
    const after = await testDb.database.executor.executeSql(
      'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
      [jobId],
    );
    expect(after.rows[0]).toMatchObject({ state: 'retry' });
  });
});
