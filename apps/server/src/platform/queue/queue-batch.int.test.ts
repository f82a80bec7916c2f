import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { waitUntil } from '../../../test/wait';
import { defineJob, stableJobId } from './job';
import { Queue } from './queue';

/**
 * A job with a batch handler: the jobs sent together are fetched and handled together, and one
 * that fails goes to its retry alone while the others complete.
 */
describe('a job handled in batches', () => {
  let testDb: TestDatabase;
  let queue: Queue;
  const batches: string[][] = [];
  const runs = new Map<string, number>();
  const job = defineJob({
    name: 'test.batch',
    schema: z.object({ key: z.string() }).strict(),
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryBackoff: false,
    batchSize: 4,
    concurrency: 3,
    handler: async () => {
      throw new Error('the batch handler takes these jobs');
    },
    batchHandler: async (batch) => {
      batches.push(batch.map((run) => run.payload.key));
      return batch.map(({ payload: { key }, context }) => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        // Fails its first try only: its retry (a fetch of its own) succeeds.
        return key === 'flaky' && context.retryCount === 0 ? new Error('try again') : undefined;
      });
    },
  });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    queue = new Queue(testDb.database, pino({ level: 'silent' }), {
      pollingIntervalSeconds: 0.5,
      schedule: false,
    });
    queue.register([job]);
    await queue.start();
    await queue.work();
  });
  afterAll(async () => {
    await queue?.stop();
    await testDb?.dispose();
  });

  it('takes the jobs sent together in one batch, and retries only the one that failed', async () => {
    const keys = ['steady-1', 'flaky', 'steady-2', 'steady-3'];
    const ids = keys.map((key) => stableJobId(job.name, `${Date.now()}:${key}`));
    await queue.sendMany(
      job,
      keys.map((key, n) => ({ id: ids[n]!, payload: { key } })),
    );
    await waitUntil(async () => {
      const states = await Promise.all(ids.map((id) => queue.getJob(job.name, id)));
      return states.every((state) => state?.state === 'completed');
    }, 20_000);
    // One fetch took all four (in pg-boss's order: created together, then by id).
    expect([...batches[0]!].sort()).toEqual([...keys].sort());
    expect(batches.slice(1)).toEqual([['flaky']]);
    expect(Object.fromEntries(runs)).toEqual({
      'steady-1': 1,
      flaky: 2,
      'steady-2': 1,
      'steady-3': 1,
    });
    const flaky = await queue.getJob(job.name, ids[1]!);
    expect(flaky?.retryCount).toBe(1);
  });
});
