/**
 * The reports figures (`BENCH_PARTS=reports`): an item report of the bench account's whole
 * inventory (BENCH_ITEMS, 100,000 by default), written once as CSV and once as XLSX by the real
 * job through the queue, in this process, so its memory can be watched: the resident set and
 * the V8 heap are sampled every 20 ms while each report runs. Each time is from the start (as the
 * route starts it) to the report being done, and the job's own time from its row (started to
 * finished). Every file is read back enough to check it has a row per item.
 */
import { sql } from 'drizzle-orm';
import { REPORT_COLUMNS, ReportStartSchema, type ReportFormat } from '@listloop/domain';
import type { Container } from '../src/container';

interface Sample {
  rss: number;
  heapUsed: number;
}

const MB = 1024 * 1024;

function sampler(intervalMs = 20) {
  let peak: Sample = { rss: 0, heapUsed: 0 };
  const read = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, rss), heapUsed: Math.max(peak.heapUsed, heapUsed) };
  };
  read();
  const timer = setInterval(read, intervalMs);
  return {
    stop(): Sample {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

export async function benchReports(
  container: Container,
  owner: { email: string },
  items: number,
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
): Promise<void> {
  const user = await container.services.auth.findUserByEmail(owner.email);
  if (!user) throw new Error('the bench owner is missing');
  const { context: ctx } = await container.services.accountUsers.memberContext(
    { id: user.id, email: owner.email, name: user.name ?? '' },
    'bench-reports',
  );
  if (!ctx) throw new Error('the bench owner has no member context');
  await container.queue.work();
  const count = items.toLocaleString('en-US');

  for (const format of ['csv', 'xlsx'] as ReportFormat[]) {
    // Settle what seeding and the last report left, so each starts from the same floor.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = process.memoryUsage();
    console.log(`Reports: an item report of ${count} items as ${format.toUpperCase()}…`);
    const watch = sampler();
    const started = performance.now();
    const report = await container.services.reports.start(
      ctx,
      ReportStartSchema.parse({
        format,
        // Every column: the widest file a seller can ask for.
        columns: [...REPORT_COLUMNS],
        locale: 'en-US',
      }),
    );
    interface ReportRow {
      status: string;
      rows_done: number;
      started_at: string;
      finished_at: string;
      failure_detail: string | null;
    }
    let row: ReportRow | null = null;
    const deadline = Date.now() + 30 * 60_000;
    while (!row) {
      const result = await container.database.db.execute(
        sql`SELECT status, rows_done, started_at, finished_at, failure_detail
            FROM item_reports WHERE id = ${report.reportId}`,
      );
      const current = (result as unknown as { rows: ReportRow[] }).rows[0];
      if (current?.status === 'failed') {
        throw new Error(`the ${format} report failed: ${current.failure_detail}`);
      }
      if (current?.status === 'done') row = current;
      else if (Date.now() > deadline) throw new Error(`the ${format} report took over 30 minutes`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = performance.now() - started;
    const peak = watch.stop();
    const done = await container.services.reports.get(ctx, report.reportId);
    if (done.rowsDone !== items) {
      throw new Error(`the ${format} report has ${done.rowsDone} rows, not ${items}`);
    }
    const jobMs = new Date(row.finished_at).getTime() - new Date(row.started_at).getTime();
    const name = `item report of ${count} items, ${format.toUpperCase()}`;
    add({ name: `${name}: start to done`, value: ms / 1000, unit: 's' });
    add({ name: `${name}: the job alone`, value: jobMs / 1000, unit: 's' });
    add({ name: `${name}: file size`, value: (done.fileSize ?? 0) / MB, unit: 'MB' });
    add({ name: `${name}: peak RSS of the process`, value: peak.rss / MB, unit: 'MB' });
    add({
      name: `${name}: RSS growth over the job`,
      value: (peak.rss - before.rss) / MB,
      unit: 'MB',
    });
    add({ name: `${name}: peak V8 heap used`, value: peak.heapUsed / MB, unit: 'MB' });
    add({
      name: `${name}: heap growth over the job`,
      value: (peak.heapUsed - before.heapUsed) / MB,
      unit: 'MB',
    });
  }
}
