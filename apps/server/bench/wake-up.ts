/**
 * Worker wake-up across processes (decision 0064): a job sent by this process through the
 * application's Queue is started by a worker in another process (bench/wake-worker.ts) polling
 * at the production interval (2 s), woken by the NOTIFY on `listloop_jobs`. Each job is sent
 * with the worker idle; the figure is the time from the send's call to the handler's start,
 * on one clock (epoch time in both processes). Postgres only: PGlite is one process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { openDatabase } from '../src/platform/db/database';
import { defineJob } from '../src/platform/queue/job';
import { Queue } from '../src/platform/queue/queue';
import * as schema from '../src/schema';
import { percentile } from './timing';

const JOBS = Number(process.env.BENCH_WAKE_JOBS ?? 300);
/** The production default: what a job would wait for without the wake-up, 1 s on average. */
export const WAKE_POLL_SECONDS = 2;

/** Now, in epoch milliseconds with sub-millisecond precision, comparable across processes. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The bench's job: its handler says when it started. */
export function wakeJob(onStart: (key: string) => void) {
  return defineJob({
    name: 'bench.wake',
    schema: z.object({ key: z.string() }).strict(),
    retryLimit: 0,
    concurrency: 2,
    handler: async ({ key }) => onStart(key),
  });
}

export async function benchWakeUp(
  databaseUrl: string,
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
): Promise<void> {
  console.log(`Worker wake-up: ${JOBS} jobs sent here, worked in another process…`);
  const started = new Map<string, number>();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'wake-worker.ts')],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let pending = '';
  let ready: () => void = () => undefined;
  const working = new Promise<void>((resolve) => (ready = resolve));
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [word, key, at] = line.split(' ');
      if (word === 'working') ready();
      if (word === 'start' && key && at) started.set(key, Number(at));
    }
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl }, schema);
  const queue = new Queue(database, pino({ level: 'silent' }), { schedule: false });
  const job = wakeJob(() => undefined);
  queue.register([job]);
  try {
    await queue.start();
    await working;
    // Past the workers' first polls: from here on only a wake-up starts a job early.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const delays: number[] = [];
    for (let n = 0; n < JOBS; n += 1) {
      const key = `wake-${n}`;
      const sentAt = epochMs();
      await queue.send(job, { key });
      const deadline = Date.now() + 10_000;
      while (!started.has(key)) {
        if (Date.now() > deadline) throw new Error(`job ${key} did not start within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      delays.push(started.get(key)! - sentAt);
      // Idle again before the next one: each job must be woken, not found by a fetch due anyway.
      await new Promise((resolve) => setTimeout(resolve, 20 + (n % 7) * 5));
    }
    delays.sort((a, b) => a - b);
    add({
      name: `worker wake-up across processes p50 (send → start, polling every ${WAKE_POLL_SECONDS} s)`,
      value: percentile(delays, 50),
      unit: 'ms',
      target: '< 100 ms',
    });
    add({
      name: `worker wake-up across processes p99 (send → start, polling every ${WAKE_POLL_SECONDS} s)`,
      value: percentile(delays, 99),
      unit: 'ms',
      target: '< 100 ms',
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    await queue.stop();
    await database.close();
  }
}
