import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database, SqlExecutor } from '../db/database';
import { NO_TRACING, type Tracing } from '../observability/tracing';
import type { BatchRun, JobDefinition } from './job';
import { accountOf, splitTrace, withTrace } from './job-envelope';

/** Where a sent job is announced to every process (see Database's NOTIFY_CHANNELS). */
const JOB_CHANNEL = 'listloop_jobs';
const FETCH_ORDER_INDEX = `CREATE INDEX IF NOT EXISTS job_fetch_order ON pgboss.job (name, priority DESC, created_on, id) WHERE state < 'active'`;
/** This process's own announcements kept until heard back (a lost one drops out in time). */
const OWN_KEPT = 1024;

export interface QueueOptions {
  /** Poll interval of workers, in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Whether cron schedules are kept by this process. */
  schedule?: boolean;
  /** A job carries the trace it was sent from; its worker continues it (decision 0062). */
  tracing?: Tracing;
}

/**
 * pg-boss on the application's own database (PGlite or Postgres), with a registry of job
 * definitions. The registry refuses to start with a job defined twice, and refuses to send a
 * job it does not know or a payload its schema rejects.
 *
 * A job sent wakes an idle worker of its name at once: in this process directly, and on
 * Postgres in every other process too, through a NOTIFY on `listloop_jobs` once the job is
 * committed (decision 0064). Polling stays as the fallback for an announcement missed.
 */
export class Queue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;
  private working = false;
  /** This process's pg-boss worker ids per job name, woken when a job of theirs is sent. */
  private readonly workers = new Map<string, string[]>();
  /** This process's workers handling a job now: a wake goes to an idle one first. */
  private readonly busy = new Set<string>();
  private nextWake = 0;
  /** Jobs sent per name this turn of the event loop, whose workers are woken at its end. */
  private readonly wakes = new Map<string, number>();
  private wakesDue = false;
  private readonly tracing: Tracing;
  /** `<name> <id>` of jobs this process announced and has not heard back yet (oldest first). */
  private readonly own = new Set<string>();
  private listening = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: QueueOptions = {},
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executor.executeSql(text, values) },
      schema: 'pgboss',
      schedule: options.schedule ?? true,
      supervise: true,
      migrate: true,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
    this.tracing = options.tracing ?? NO_TRACING;
  }

  register(definitions: readonly JobDefinition[]): void {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) {
        throw new Error(`Job "${definition.name}" is defined twice`);
      }
      this.definitions.set(definition.name, definition);
    }
  }

  get isStarted(): boolean {
    return this.started;
  }

  get isWorking(): boolean {
    return this.working;
  }

  async start(): Promise<void> {
    if (this.started) return;
    // One process at a time: pg-boss creates a queue's partition and attaches it to its job
    // table, and processes doing so at once on a new database deadlock each other.
    await this.database.serialized('listloop.queues', async () => {
      await this.boss.start();
      await this.database.executor.executeSql(FETCH_ORDER_INDEX, []);
      for (const definition of this.definitions.values()) {
        await this.boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 5,
          retryBackoff: definition.retryBackoff ?? true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        });
      }
    });
    this.started = true;
  }

  /** Starts handling every registered job in this process (the worker role). */
  async work(): Promise<void> {
    if (!this.started) throw new Error('Start the queue before working it');
    // Only a working process hears jobs announced; PGlite is one process, where the direct
    // wake in `send` reaches every worker there is.
    if (this.database.kind === 'postgres' && !this.listening) {
      this.listening = true;
      await this.database.onNotification(JOB_CHANNEL, (payload) => this.onAnnounced(payload));
    }
    for (const definition of this.definitions.values()) {
      const ids: string[] = [];
      for (let n = 0; n < Math.max(1, definition.concurrency ?? 1); n += 1) {
        let workerId = '';
        workerId = await this.boss.work(
          definition.name,
          {
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
            batchSize: definition.batchSize ?? 1,
            includeMetadata: true,
          },
          async (jobs) => {
            this.busy.add(workerId);
            try {
              const runs = jobs.map((job) => this.runOf(definition, job));
              if (definition.batchHandler) {
                const failures = await definition.batchHandler(runs);
                // A job that failed goes to its retry on its own; pg-boss completes the rest
                // when this returns (its completion touches active jobs only).
                for (let n = 0; n < runs.length; n += 1) {
                  const failure = failures[n];
                  if (failure === undefined) continue;
                  await this.boss.fail(definition.name, runs[n]!.context.jobId, failure as object);
                }
              } else {
                for (const run of runs) {
                  await run.traced(() => definition.handler(run.payload, run.context));
                }
              }
            } finally {
              this.busy.delete(workerId);
            }
            // A worker that just finished a job looks for the next one at once instead of
            // sleeping a polling interval: a backlog drains at the speed of the handlers.
            this.boss.notifyWorker(workerId);
          },
        );
        ids.push(workerId);
      }
      this.workers.set(definition.name, ids);
      if (definition.cron && this.options.schedule !== false) {
        await this.boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    }
    this.working = true;
  }

  /** A fetched job as its handler sees it: parsed payload, context, and its trace. */
  private runOf(definition: JobDefinition, job: PgBoss.Job<unknown>): BatchRun<unknown> {
    const { data, traceparent } = splitTrace(job.data);
    const payload = definition.schema.parse(data);
    const accountId = accountOf(payload);
    const logger = this.logger.child({
      job: definition.name,
      jobId: job.id,
      ...(accountId ? { accountId } : {}),
    });
    return {
      payload,
      context: {
        jobId: job.id,
        retryCount: (job as PgBoss.JobWithMetadata).retryCount ?? 0,
        logger,
      },
      traced: (work) =>
        this.tracing.continueFrom(
          traceparent,
          `job ${definition.name}`,
          {
            kind: 'consumer',
            attributes: { 'messaging.system': 'pg-boss', 'messaging.message.id': job.id },
          },
          work,
        ),
    };
  }

  async send<TSchema extends z.ZodType>(
    definition: JobDefinition<TSchema>,
    payload: z.input<TSchema>,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    const known = this.definitions.get(definition.name);
    if (known !== definition) throw new Error(`Job "${definition.name}" is not registered`);
    const data = withTrace(definition.schema.parse(payload) as object, this.tracing.traceparent());
    const id = await this.boss.send(definition.name, data, options);
    // A job held back (startAfter) is found by a poll when its time comes; nothing to wake.
    if (options.startAfter !== undefined) return id;
    if (id && this.database.kind === 'postgres') {
      const announcement = `${definition.name} ${id}`;
      // Heard here too: this process wakes its own worker directly, just below.
      if (this.working) this.remember(announcement);
      await this.announce(options.db ?? this.database.executor, announcement);
    }
    this.wake(definition.name);
    return id;
  }

  /**
   * Sends several jobs of one definition, each with its own id, in one statement, announced
   * together in one more: a sale's delists start together and cost two round trips, not two
   * each. A job whose id exists already is left as it is (a second send is no second job).
   */
  async sendMany<TSchema extends z.ZodType>(
    definition: JobDefinition<TSchema>,
    jobs: readonly { id: string; payload: z.input<TSchema> }[],
  ): Promise<void> {
    const known = this.definitions.get(definition.name);
    if (known !== definition) throw new Error(`Job "${definition.name}" is not registered`);
    if (jobs.length === 0) return;
    const traceparent = this.tracing.traceparent();
    const rows = jobs.map(({ id, payload }) => ({
      id,
      name: definition.name,
      data: withTrace(definition.schema.parse(payload) as object, traceparent),
    }));
    await this.boss.insert(rows);
    if (this.database.kind === 'postgres') {
      const announcements = jobs.map(({ id }) => `${definition.name} ${id}`);
      if (this.working) for (const announcement of announcements) this.remember(announcement);
      await this.announce(this.database.executor, announcements);
    }
    this.wake(definition.name, jobs.length);
  }

  /**
   * NOTIFY every process of a job sent. Through the executor that sent it: a job sent inside a
   * caller's transaction (pg-boss's `db` option) is announced when that transaction commits,
   * never before the job is visible, and not at all if it rolls back. A lost announcement costs
   * only time (the job waits for a poll), so it never fails the send.
   */
  private async announce(
    executor: SqlExecutor,
    announcement: string | readonly string[],
  ): Promise<void> {
    try {
      if (typeof announcement === 'string') {
        await executor.executeSql('SELECT pg_notify($1, $2)', [JOB_CHANNEL, announcement]);
      } else {
        await executor.executeSql('SELECT pg_notify($1, a) FROM unnest($2::text[]) AS a', [
          JOB_CHANNEL,
          announcement,
        ]);
      }
    } catch (error) {
      this.logger.warn({ err: error, announcement }, 'job sent but not announced; a poll finds it');
    }
  }

  /** A job announced by another process: wakes one idle worker of its name here. */
  private onAnnounced(announcement: string): void {
    if (this.own.delete(announcement) || !this.working) return;
    this.wake(announcement.slice(0, announcement.indexOf(' ')));
  }

  private remember(announcement: string): void {
    this.own.add(announcement);
    if (this.own.size > OWN_KEPT) {
      const oldest = this.own.values().next();
      if (!oldest.done) this.own.delete(oldest.value);
    }
  }

  /**
   * Wakes this process's workers of the job for `jobs` jobs sent: one worker per fetch's worth
   * (`batchSize`) of the jobs announced in the same turn of the event loop, so a sale's delists
   * sent together wake one worker to take them together, not one each that mostly find nothing.
   */
  private wake(name: string, jobs = 1): void {
    this.wakes.set(name, (this.wakes.get(name) ?? 0) + jobs);
    if (this.wakesDue) return;
    this.wakesDue = true;
    setImmediate(() => {
      this.wakesDue = false;
      const due = [...this.wakes];
      this.wakes.clear();
      for (const [job, count] of due) {
        const batch = Math.max(1, this.definitions.get(job)?.batchSize ?? 1);
        for (let n = 0; n < Math.ceil(count / batch); n += 1) this.wakeOne(job);
      }
    });
  }

  /**
   * Wakes one of this process's workers of the job, an idle one first (in turn), so the job
   * starts now rather than at the next poll. When all are busy none is: each fetches again the
   * moment its job ends.
   */
  private wakeOne(name: string): void {
    const ids = this.workers.get(name);
    if (!ids || ids.length === 0) return;
    for (let tried = 0; tried < ids.length; tried += 1) {
      this.nextWake = (this.nextWake + 1) % ids.length;
      const id = ids[this.nextWake]!;
      if (this.busy.has(id)) continue;
      this.boss.notifyWorker(id);
      return;
    }
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  /**
   * Stops fetching jobs at once, waits up to `timeoutMs` for the running ones, then fails those
   * still running, which puts them back in the queue for their retry (pg-boss's graceful stop).
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: options.timeoutMs ?? 10_000 });
    this.started = false;
    this.working = false;
    this.workers.clear();
    this.busy.clear();
    this.own.clear();
  }
}
