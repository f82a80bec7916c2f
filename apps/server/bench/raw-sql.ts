import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { ItemListQuerySchema } from '@listloop/domain';
import { createContainer } from '../src/container';
import { loadConfig } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db/database';
import * as schema from '../src/schema';
import { percentile } from './timing';

/** One statement as Drizzle sent it. */
interface Statement {
  text: string;
  params: unknown[];
}

/** The SQL of one inventory request: the page query alone, and every statement the request runs. */
export interface ListSql {
  page: Statement[];
  endpoint: Statement[];
}

export interface RawFigure {
  perSecond: number;
  p50: number;
  p95: number;
}

/**
 * The SQL an inventory request really runs, captured from the service itself: the item
 * service's `list` for the owner (who the session is comes from the server's identity cache,
 * so it is not part of a warm request), and on its own the repository's page query. Recorded
 * through Drizzle's query log on the bench's scratch database, before the server starts.
 */
export async function captureListSql(
  env: Record<string, string>,
  ownerEmail: string,
  queries: Record<string, string>,
): Promise<Record<string, ListSql>> {
  const captured: Statement[] = [];
  const database = await openBenchDatabase(env, (text, params) => captured.push({ text, params }));
  const container = await createContainer(
    loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', MARKETPLACES: 'live' }, []),
    { logger: pino({ level: 'silent' }), database },
  );
  try {
    const user = await container.services.auth.findUserByEmail(ownerEmail);
    if (!user) throw new Error('the bench owner is missing');
    const { context } = await container.services.accountUsers.memberContext(user, 'bench');
    if (!context) throw new Error('the bench owner has no usable membership');
    const sqlOf: Record<string, ListSql> = {};
    for (const [name, search] of Object.entries(queries)) {
      const query = ItemListQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
      captured.length = 0;
      await container.services.items.list(context, query);
      const endpoint = [...captured];
      captured.length = 0;
      const filter = container.services.items.filterFor(context, user.id, query);
      await container.repositories.items.listPage(filter, query.sort, null, query.limit + 1);
      sqlOf[name] = { page: [...captured], endpoint };
    }
    return sqlOf;
  } finally {
    await container.close();
    await database.close();
  }
}

/**
 * Runs `statements` (together, as the service does) over and over from `concurrency` callers
 * for `seconds`: on Postgres through a pool of that many connections, the database's own
 * ceiling; on PGlite through its one connection, as the server has it.
 */
export async function replay(
  env: Record<string, string>,
  statements: Statement[],
  concurrency: number,
  seconds: number,
): Promise<RawFigure> {
  const run = await runnerFor(env, concurrency);
  try {
    const once = () => Promise.all(statements.map((s) => run.query(s.text, s.params)));
    // Warm the connections and the plans first.
    for (let i = 0; i < concurrency; i += 1) await once();
    const times: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await once();
          times.push(performance.now() - started);
          done += 1;
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { perSecond: done / seconds, p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await run.close();
  }
}

async function runnerFor(
  env: Record<string, string>,
  concurrency: number,
): Promise<{ query(text: string, params: unknown[]): Promise<unknown>; close(): Promise<void> }> {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: concurrency });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const database = await openBenchDatabase(env);
  return {
    query: (text, params) => database.executor.executeSql(text, params),
    close: () => database.close(),
  };
}

function openBenchDatabase(
  env: Record<string, string>,
  onQuery?: (text: string, params: unknown[]) => void,
): Promise<Database> {
  const target = env.DATABASE_URL
    ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: path.join(env.DATA_DIR ?? '', 'pglite') } as const);
  return openDatabase(target, schema, { onQuery });
}

/** A statement's text with its parameters written in as SQL literals, for pgbench. */
function inlined(statement: Statement): string {
  return statement.text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = statement.params[Number(index) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * The same statements through pgbench (Postgres's own load tool, no JavaScript on the client
 * side) at `concurrency` clients for `seconds`: the database's ceiling with nothing of ours in
 * the way. Null on PGlite, or where pgbench is not installed.
 */
export async function pgbenchReplay(
  env: Record<string, string>,
  statements: Statement[],
  concurrency: number,
  seconds: number,
): Promise<{ perSecond: number; latencyMs: number } | null> {
  if (!env.DATABASE_URL) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-pgbench-'));
  try {
    const script = path.join(dir, 'request.sql');
    await fs.writeFile(script, statements.map((s) => `${inlined(s)};`).join('\n') + '\n');
    const { stdout } = await promisify(execFile)(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(concurrency), '-j', '2', '-T', String(seconds)].concat([
        '-f',
        script,
        env.DATABASE_URL,
      ]),
      { maxBuffer: 1 << 20 },
    );
    const tps = /tps = ([\d.]+)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    if (!tps) throw new Error(`pgbench said no rate:\n${stdout}`);
    return { perSecond: Number(tps[1]), latencyMs: Number(latency?.[1] ?? Number.NaN) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
