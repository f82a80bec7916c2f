import type { SqlExecutor } from '../db/database';
import type { QueueBacklog } from '../observability/metrics';

/**
 * Each queue's waiting jobs and how long the oldest runnable one has waited, from pg-boss's own
 * table: one statement over the rows its fetch index covers (`state < 'active'`, partial index
 * job_i5 on every queue's partition), so it costs what the backlog is, never the history.
 * Queues with nothing waiting answer 0, so their series do not vanish.
 */
export async function queueBacklog(
  executor: SqlExecutor,
  names: readonly string[],
): Promise<QueueBacklog[]> {
  const { rows } = await executor.executeSql(
    `SELECT name,
            count(*)::int AS waiting,
            coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now())), 0)::float8 AS oldest
       FROM pgboss.job
      WHERE state < 'active'
      GROUP BY name`,
  );
  const found = new Map(
    (rows as { name: string; waiting: number | string; oldest: number | string }[]).map((row) => [
      row.name,
      { waiting: Number(row.waiting), oldestSeconds: Math.max(0, Number(row.oldest)) },
    ]),
  );
  const all = new Set([...names, ...found.keys()]);
  return [...all].sort().map((queue) => ({
    queue,
    waiting: found.get(queue)?.waiting ?? 0,
    oldestSeconds: found.get(queue)?.oldestSeconds ?? 0,
  }));
}
