import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PreparingClient } from './preparing-client';
import { upgradeEmbeddedDataDir, type UpgradeLog } from './pglite-upgrade';

/**
 * Every table, by name, as the composition root's `schema.ts` exports them. Platform is given
 * the list rather than importing the modules that own the tables.
 */
export type DatabaseSchema = Record<string, unknown>;
/**
 * The one database type services and repositories see, whichever driver is underneath. It
 * carries no table types: queries name their tables (`db.select().from(items)`), and nothing
 * uses Drizzle's relational `db.query.<table>` API that would need them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What pg-boss needs to run on the same database: one function that runs SQL. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The channels a process listens on. `listloop_context`: a session, user, membership, account
 * or role changed (migration 0023's triggers), so cached request contexts of that user or
 * account are stale; every pooled connection listens (see onNotification). `listloop_jobs`: a
 * job was sent (`<name> <id>`, by the queue once the job is committed), so an idle worker of
 * that name in any process fetches it now instead of at its next poll (decision 0064); one
 * connection per process listens, and only in a process that asked to.
 */
export const NOTIFY_CHANNELS = ['listloop_context', 'listloop_jobs'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
/** Heard on every pooled connection; the others on one connection of their own. */
const EVERY_CONNECTION: readonly NotifyChannel[] = ['listloop_context'];
type NotificationHandler = (payload: string) => void;

/** Hands each NOTIFY to the handlers of its channel. */
class Notifications {
  private readonly handlers = new Map<string, NotificationHandler[]>();

  on(channel: NotifyChannel, handler: NotificationHandler): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  dispatch(channel: string, payload: string | undefined): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload ?? '');
  }
}

/**
 * One connection of the process's own, outside the pool, listening on the channels a process
 * needs to hear once, not once per pooled connection: a job announced a few hundred times a
 * second would otherwise wake every backend of every process for each. Opened at the first
 * channel; a lost connection is opened again a second later (what is announced meanwhile is
 * found by the workers' polls).
 */
/** How the process's listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'listloop-listener';

class ProcessListener {
  private client: pg.Client | null = null;
  private readonly channels = new Set<string>();
  /** Connecting and listening, one step after another. */
  private steps: Promise<void> = Promise.resolve();
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly notifications: Notifications,
  ) {}

  /** Listens on `channel` from now on; resolves once listening (or once an attempt failed). */
  listen(channel: NotifyChannel): Promise<void> {
    this.channels.add(channel);
    return this.step(async () => {
      if (!this.client) return this.connect();
      await this.client.query(`LISTEN ${channel}`).catch(() => this.lost(this.client));
    });
  }

  private step(work: () => Promise<void>): Promise<void> {
    this.steps = this.steps.then(work, work);
    return this.steps;
  }

  private async connect(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('notification', (message) =>
      this.notifications.dispatch(message.channel, message.payload),
    );
    client.on('error', () => this.lost(client));
    try {
      await client.connect();
      await client.query([...this.channels].map((channel) => `LISTEN ${channel}`).join('; '));
      this.client = client;
    } catch {
      await client.end().catch(() => undefined);
      this.retryLater();
    }
  }

  private lost(client: pg.Client | null): void {
    if (client && this.client === client) this.client = null;
    void client?.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.step(() => this.connect());
    }, 1000);
    this.retry.unref();
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    return this.step(async () => {
      const client = this.client;
      this.client = null;
      await client?.end().catch(() => undefined);
    });
  }
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executor: SqlExecutor;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process, this one
   * included. On `listloop_context` every pooled connection listens, so the connection that
   * commits a change hears it before its commit returns, and nothing this process does next
   * can miss it (the handler may hear one NOTIFY once per connection). The other channels are
   * heard once, on a connection of their own. Resolves once the process listens.
   */
  onNotification(channel: NotifyChannel, handler: NotificationHandler): Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same `name` (a Postgres advisory
   * lock held by one pooled connection): processes starting together on one database apply
   * migrations and create the job queues one after another, not over each other. PGlite is one
   * process: it runs `work` at once.
   */
  serialized<T>(name: string, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to open copies of it from (tests). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * What pg-boss gets for SQL it sends after the database closed: an answer that never comes.
 * No rows would be a lie it cannot read (it takes `rows[0].count` of a job's completion, and
 * threw an unhandled TypeError when a test's server stopped mid-job), and an error would be
 * unhandled too; a promise that never settles holds nothing and is collected with the caller.
 */
function afterClose(): Promise<{ rows: unknown[] }> {
  return new Promise(() => undefined);
}

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A data directory dumped by PGlite (`dumpDataDir`) to start from instead of an empty one. */
      snapshot?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      /** Connections this process keeps open at most (DATABASE_POOL_SIZE); 10 when not given. */
      poolSize?: number;
    };

/**
 * Opens the embedded PGlite database in `dataDir` (in memory when null), or a server Postgres
 * when a URL is given. Both speak the same SQL, so everything above this file is the same.
 * `schema` is every table (the root's `schema.ts`).
 */
export async function openDatabase(
  target: DatabaseTarget,
  schema: DatabaseSchema,
  watch: {
    /** Told every statement Drizzle sends, with its parameters (the bench replays them). */
    onQuery?: (text: string, params: unknown[]) => void;
    /** Told what a one-time move of an older embedded database does (PGlite only). */
    log?: UpgradeLog;
  } = {},
): Promise<Database> {
  const { onQuery } = watch;
  const logger = onQuery
    ? { logQuery: (text: string, params: unknown[]) => onQuery(text, params) }
    : undefined;
  if (target.kind === 'postgres') {
    const notifications = new Notifications();
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Statements are prepared once per connection, not parsed and planned on every call.
      Client: PreparingClient,
      // One connection outlives the idle timeout, so a quiet process still hears every change
      // on listloop_context: with none open it would hear nothing until its next query.
      min: 1,
      // pg-pool runs this before a new connection is first handed out.
      onConnect: async (client: pg.ClientBase) => {
        client.on('notification', (message) => {
          notifications.dispatch(message.channel, message.payload);
        });
        await client.query(EVERY_CONNECTION.map((channel) => `LISTEN ${channel}`).join('; '));
      },
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next checkout.
    });
    const listener = new ProcessListener(target.url, notifications);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    let closed = false;
    return {
      kind: 'postgres',
      db,
      async onNotification(channel, handler) {
        notifications.on(channel, handler);
        if (!EVERY_CONNECTION.includes(channel)) await listener.listen(channel);
      },
      async serialized(name, work) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
          try {
            return await work();
          } finally {
            await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
          }
        } finally {
          client.release();
        }
      },
      executor: {
        async executeSql(text, values) {
          // A job still finishing when its process shuts down (past the queue's graceful stop)
          // records nothing: its job stays active, expires and runs again (jobs are idempotent).
          if (closed) return afterClose();
          const result = await pool.query(text, values as unknown[] | undefined);
          return { rows: result.rows };
        },
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        closed = true;
        await listener.close();
        await pool.end();
      },
    };
  }

  if (target.dataDir) {
    // A folder an earlier ListLoop wrote with PostgreSQL 17 is moved once before it is opened.
    await upgradeEmbeddedDataDir(target.dataDir, watch.log ?? { info: () => undefined });
    await fs.mkdir(target.dataDir, { recursive: true });
  }
  // Trigram search (pg_trgm) is an extension PGlite loads on demand; server Postgres ships it.
  const options = {
    extensions: { pg_trgm },
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
  };
  const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
  return databaseOverPglite(client, schema, logger);
}

/**
 * The Database over an open PGlite client. Also how a test runs the server on the PGlite of an
 * earlier release (the upgrade's test), whose client answers the same calls.
 */
export async function databaseOverPglite(
  client: PGlite,
  schema: DatabaseSchema,
  logger?: { logQuery: (text: string, params: unknown[]) => void },
): Promise<Database> {
  await client.waitReady;
  // PGlite hands a notification to its listeners while it reads the committing statement's
  // answer, before that statement's promise settles.
  const notifications = new Notifications();
  for (const channel of NOTIFY_CHANNELS) {
    await client.listen(channel, (payload) => notifications.dispatch(channel, payload));
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    onNotification: async (channel, handler) => notifications.on(channel, handler),
    serialized: (_name, work) => work(),
    executor: {
      // pg-boss sends its migrations as multi-statement text without parameters, which only
      // PGlite's exec runs; everything with parameters goes through query.
      async executeSql(text, values) {
        // As for Postgres: after close, a late job outcome records nothing.
        if (closed) return afterClose();
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows };
      },
    },
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => client.dumpDataDir('none'),
    close: () => {
      closed = true;
      return client.close();
    },
  };
}

/** Applies the drizzle-kit migrations in apps/server/drizzle, one process at a time. Idempotent. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // Drizzle's migrator takes no lock: two processes starting on a new database would both
    // apply the same migrations.
    await database.serialized('listloop.migrations', () =>
      migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR }),
    );
  }
}

/** The journal drizzle-kit keeps beside the migrations: each one's tag and folder time. */
let journal: Promise<{ tag: string; when: number }[]> | null = null;

function migrationsJournal(): Promise<{ tag: string; when: number }[]> {
  journal ??= fs
    .readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')
    .then((text) => (JSON.parse(text) as { entries: { tag: string; when: number }[] }).entries);
  return journal;
}

/**
 * The migrations this code expects (the journal in apps/server/drizzle) that the database has
 * not applied, by tag: drizzle's migrator counts a migration applied when its folder time is
 * at most the last one recorded in drizzle.__drizzle_migrations. Empty when all are applied.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const entries = await migrationsJournal();
  let last = -Infinity;
  try {
    const { rows } = await database.executor.executeSql(
      'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
    );
    const value = (rows[0] as { last: string | null } | undefined)?.last;
    if (value !== null && value !== undefined) last = Number(value);
  } catch (error) {
    // No migrations table: nothing was ever applied. Anything else is the database's to say.
    if (!/__drizzle_migrations|does not exist/.test(String(error))) throw error;
  }
  return entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
