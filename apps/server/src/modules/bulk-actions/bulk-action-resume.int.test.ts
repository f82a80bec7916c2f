import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { BulkActionStartSchema, ItemCreateSchema } from '@listloop/domain';
import type { Container } from '../../container';
import type { RequestContext } from '../../platform/http/request-context';
import { createSellerIn } from '../../../test/fixtures';
import { restartableContainers, rowsIn as rows } from '../../../test/restartable';
import { waitUntil } from '../../../test/wait';

const logger = pino({ level: 'silent' });

/**
 * Resumable after a restart without redoing finished items: one process works a
 * batch of a run and stops; a new process on the same database carries the run on from its
 * first unfinished item, and every item is done exactly once (a copy is easy to count).
 */
describe('a bulk action across a restart', () => {
  const processes = restartableContainers({ env: { BULK_ACTION_BATCH_SIZE: '2' } });
  afterAll(() => processes.dispose());
  const open = () => processes.open();
  const seller = async (container: Container): Promise<RequestContext> =>
    (await createSellerIn(container, { companyName: 'Resume Vintage', emailPrefix: 'resume' })).ctx;

  const copiesOf = (container: Container, ctx: RequestContext, title: string) =>
    rows<{ n: number }>(
      container,
      sql`SELECT count(*)::int AS n FROM items
          WHERE account_id = ${ctx.accountId} AND general_details->>'title' = ${title}`,
    ).then((r) => r[0]!.n);

  /** `count` new items titled `title` (the seller's only ones), and a copy run over them all. */
  const copyRun = async (
    container: Container,
    ctx: RequestContext,
    title: string,
    count: number,
  ) => {
    for (let i = 0; i < count; i += 1) {
      await container.services.items.create(
        ctx,
        ItemCreateSchema.parse({ generalDetails: { title, sku: `${title}-${i}` } }),
      );
    }
    const itemIds = (
      await rows<{ id: string }>(
        container,
        sql`SELECT id FROM items WHERE account_id = ${ctx.accountId} ORDER BY id`,
      )
    ).map((r) => r.id);
    const run = await container.services.bulkActions.start(
      ctx,
      'bulkCopyItems',
      BulkActionStartSchema.parse({ selection: { itemIds } }),
    );
    return { itemIds, run };
  };

  it('carries on at the first unfinished item and copies every item once', async () => {
    // 1. One process starts a run and works its first batch; then it stops.
    let container = await open();
    const ctx = await seller(container);
    const { itemIds, run } = await copyRun(container, ctx, 'Resumed copy', 5);
    await container.jobs.bulkActionBatch.handler(
      { runId: run.runId, accountId: ctx.accountId, batch: 0, attempt: 0 },
      { jobId: 'first-process', retryCount: 0, logger },
    );
    const halfway = await container.services.bulkActions.get(ctx, run.runId);
    expect(halfway).toMatchObject({ status: 'running', processed: 2, done: 2 });
    expect(await copiesOf(container, ctx, 'Resumed copy')).toBe(7);
    await container.close();

    // 2. A new process on the same database works the queue: the run finishes from item 3.
    container = await open();
    await container.queue.work();
    await waitUntil(
      async () => (await container.services.bulkActions.get(ctx, run.runId)).status === 'done',
    );
    const finished = await container.services.bulkActions.get(ctx, run.runId);
    expect(finished).toMatchObject({ total: 5, done: 5, failed: 0, processed: 5 });
    expect(await copiesOf(container, ctx, 'Resumed copy')).toBe(10);
    const outcomes = await rows<{ item_id: string; n: number }>(
      container,
      sql`SELECT item_id, count(*)::int AS n FROM bulk_action_run_items
          WHERE run_id = ${run.runId} GROUP BY item_id`,
    );
    expect(outcomes.map((o) => o.item_id).sort()).toEqual(itemIds);
    expect(outcomes.every((o) => o.n === 1)).toBe(true);

    // 3. A batch done again (a job delivered twice) changes nothing.
    await container.jobs.bulkActionBatch.handler(
      { runId: run.runId, accountId: ctx.accountId, batch: 1, attempt: 0 },
      { jobId: 'late-duplicate', retryCount: 0, logger },
    );
    expect(await copiesOf(container, ctx, 'Resumed copy')).toBe(10);
    // This process stops too: left working on the shared database, it would take the next
    // test's job the moment that job is announced, before the test can lose it.
    await container.close();
  });

  it('sends again a run whose job was lost, and redoes nothing a crashed batch did', async () => {
    const container = await open();
    const ctx = await seller(container);
    const { itemIds, run } = await copyRun(container, ctx, 'Swept copy', 3);
    // The process stopped right after the run was made: its job never reached the queue. And
    // a worker had copied the first item when it died, before recording the batch.
    await container.database.db.execute(
      sql`DELETE FROM pgboss.job WHERE name = 'bulk-actions.batch' AND data->>'runId' = ${run.runId}`,
    );
    const steps = (
      container.services.bulkActions as unknown as {
        steps: { run: (...args: unknown[]) => Promise<unknown> };
      }
    ).steps;
    await steps.run('bulkCopyItems', {
      ctx,
      run: { id: run.runId, accountId: ctx.accountId, ownerUserId: ctx.user.id },
      itemIds: [itemIds[0]],
      parameters: {},
      logger,
    });
    expect(await copiesOf(container, ctx, 'Swept copy')).toBe(4);
    await container.database.db.execute(
      sql`UPDATE bulk_action_runs SET updated_at = now() - interval '5 minutes' WHERE id = ${run.runId}`,
    );

    await container.queue.work();
    await expect(container.services.bulkActions.sweep(logger)).resolves.toEqual({
      resent: 1,
      ended: 0,
    });
    await waitUntil(
      async () => (await container.services.bulkActions.get(ctx, run.runId)).status === 'done',
    );
    expect(await container.services.bulkActions.get(ctx, run.runId)).toMatchObject({
      done: 3,
      failed: 0,
    });
    expect(await copiesOf(container, ctx, 'Swept copy')).toBe(6);
  });
});
