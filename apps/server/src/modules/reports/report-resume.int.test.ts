import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema, ReportStartSchema } from '@listloop/domain';
import type { Container } from '../../container';
import type { RequestContext } from '../../platform/http/request-context';
import { createSellerIn } from '../../../test/fixtures';
import { restartableContainers, rowsIn as rows } from '../../../test/restartable';
import { waitFor } from '../../../test/wait';

const logger = pino({ level: 'silent' });

/**
 * A report is a durable job: asked for in one process and written by the queue of the next one
 * on the same database; a worker that dies holding it is replaced by the sweeper's resend.
 */
describe('an item report across a restart', () => {
  const processes = restartableContainers();
  afterAll(() => processes.dispose());

  async function sellerWithItems(container: Container, count: number): Promise<RequestContext> {
    const { ctx } = await createSellerIn(container, {
      companyName: 'Durable Reports',
      emailPrefix: 'durable',
    });
    for (let i = 0; i < count; i += 1) {
      await container.services.items.create(
        ctx,
        ItemCreateSchema.parse({ generalDetails: { title: `Kept ${i}`, sku: `K-${i}` } }),
      );
    }
    return ctx;
  }

  const statusOf = async (container: Container, reportId: string) =>
    (
      await rows<{ status: string; rows_done: number; sends: number; file_key: string | null }>(
        container,
        sql`SELECT status, rows_done, sends, file_key FROM item_reports WHERE id = ${reportId}`,
      )
    )[0]!;

  it('is written by the next process’s queue when the first stopped before working it', async () => {
    let container = await processes.open();
    const ctx = await sellerWithItems(container, 3);
    const report = await container.services.reports.start(
      ctx,
      ReportStartSchema.parse({ columns: ['sku'], format: 'csv', filters: { sort: 'title:asc' } }),
    );
    expect(report.status).toBe('queued');
    await container.close();

    container = await processes.open();
    await container.queue.work();
    await waitFor(
      () => statusOf(container, report.reportId),
      (row) => row.status === 'done',
    );
    const done = await container.services.reports.get(ctx, report.reportId);
    expect(done).toMatchObject({ status: 'done', rowsDone: 3, rowsTotal: 3 });
    const file = await container.services.reports.download(ctx, report.reportId);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    expect(parse(Buffer.concat(chunks).toString('utf8'), { bom: true })).toEqual([
      ['SKU'],
      ['K-0'],
      ['K-1'],
      ['K-2'],
    ]);
    await container.close();
  });

  it('is sent again when the worker holding it died, and written once', async () => {
    const container = await processes.open();
    const ctx = await sellerWithItems(container, 2);
    const report = await container.services.reports.start(
      ctx,
      ReportStartSchema.parse({ columns: ['title'], format: 'xlsx' }),
    );
    // A worker took it, wrote a page, and died: its lease ran out and its job is gone.
    await container.database.db.execute(sql`
      UPDATE item_reports SET status = 'running', lease_owner = 'dead-worker', rows_done = 1,
        lease_expires_at = now() - interval '10 seconds', updated_at = now() - interval '5 minutes'
      WHERE id = ${report.reportId}`);
    await container.database.db.execute(
      sql`DELETE FROM pgboss.job WHERE name = 'reports.item' AND data->>'reportId' = ${report.reportId}`,
    );
    const jobState = async () => null;
    await expect(container.services.reports.sweep(jobState, logger)).resolves.toEqual({
      resent: 1,
      failed: 0,
    });
    expect(await statusOf(container, report.reportId)).toMatchObject({
      status: 'queued',
      rows_done: 0,
      sends: 1,
    });
    // Sent once: a second sweep at once finds it queued with its job waiting.
    await expect(container.services.reports.sweep(async () => 'created', logger)).resolves.toEqual({
      resent: 0,
      failed: 0,
    });

    await container.queue.work();
    await waitFor(
      () => statusOf(container, report.reportId),
      (row) => row.status === 'done',
    );
    expect(await container.services.reports.get(ctx, report.reportId)).toMatchObject({
      rowsDone: 2,
      rowsTotal: 2,
    });
    // Its workers stop here: the next test's report is no job of this process's.
    await container.close();
  });

  it('fails as stalled after three resends that never moved it', async () => {
    const container = await processes.open();
    const ctx = await sellerWithItems(container, 0);
    const report = await container.services.reports.start(
      ctx,
      ReportStartSchema.parse({ format: 'csv' }),
    );
    // Sent three times already, and this start's job is gone too.
    await container.database.db.execute(sql`
      UPDATE item_reports SET sends = 3, updated_at = now() - interval '5 minutes'
      WHERE id = ${report.reportId}`);
    await container.database.db.execute(
      sql`DELETE FROM pgboss.job WHERE name = 'reports.item' AND data->>'reportId' = ${report.reportId}`,
    );
    await expect(container.services.reports.sweep(async () => null, logger)).resolves.toEqual({
      resent: 0,
      failed: 1,
    });
    expect(await container.services.reports.get(ctx, report.reportId)).toMatchObject({
      status: 'failed',
      failure: 'stalled',
    });
  });
});
