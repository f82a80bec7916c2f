/**
 * The other process of bench/wake-up.ts: the application's Queue on DATABASE_URL, working the
 * bench's job at the production polling interval, writing `start <key> <epoch ms>` to stdout
 * when a job starts, and `working` once its workers run.
 */
import pino from 'pino';
import { openDatabase } from '../src/platform/db/database';
import { Queue } from '../src/platform/queue/queue';
import * as schema from '../src/schema';
import { epochMs, WAKE_POLL_SECONDS, wakeJob } from './wake-up';

async function main() {
  const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! }, schema);
  const queue = new Queue(database, pino({ level: 'silent' }), {
    pollingIntervalSeconds: WAKE_POLL_SECONDS,
    schedule: false,
  });
  queue.register([wakeJob((key) => process.stdout.write(`start ${key} ${epochMs()}\n`))]);
  await queue.start();
  await queue.work();
  process.stdout.write('working\n');
  const stop = async () => {
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
