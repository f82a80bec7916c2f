import type { Database } from '../../platform/db/database';
import type { Lifecycle } from '../../platform/observability/lifecycle';
import type { Queue } from '../../platform/queue/queue';

/** How long a health check waits on the database before it calls it down. */
const PING_TIMEOUT_MS = 2000;

export interface ComponentHealth {
  status: 'ok' | 'down';
  detail?: string;
}

/** GET /api/health: the process answers (liveness), with what it sees of its parts. */
export interface Liveness {
  /** `degraded`: up, but a part it needs is down (the readiness check says which). */
  status: 'ok' | 'degraded';
  database: ComponentHealth & { kind: string };
  queue: ComponentHealth & { working: boolean };
  role: string;
}

/** GET /api/health/ready: whether this process should be sent work now, and if not why. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  role: string;
  /** Every check that failed, in words an operator reads in a probe's log; empty when ready. */
  reasons: string[];
  checks: {
    database: ComponentHealth;
    queue: ComponentHealth & { working: boolean };
    migrations: ComponentHealth & { pending: string[] };
    shutdown: { status: 'ok' | 'stopping' };
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Liveness and readiness (decision 0062). Liveness answers 200 while the process serves: a
 * database that is away is reported, not a reason to restart the process. Readiness answers
 * whether work should come here: the database answers, the queue is started (and worked, in a
 * role that works jobs), every migration this code expects is applied, and the process is not
 * stopping.
 */
export class HealthService {
  /** Once all are seen applied they stay so: readiness then stops asking. */
  private migrationsApplied = false;

  constructor(
    private readonly deps: {
      database: Pick<Database, 'kind' | 'ping'>;
      queue: Pick<Queue, 'isStarted' | 'isWorking'>;
      role: 'api' | 'worker' | 'all';
      lifecycle: Pick<Lifecycle, 'stopping'>;
      pendingMigrations: () => Promise<string[]>;
    },
  ) {}

  async live(): Promise<Liveness> {
    const database = await this.database();
    const { isStarted, isWorking } = this.deps.queue;
    const queue: ComponentHealth & { working: boolean } = isStarted
      ? { status: 'ok', working: isWorking }
      : { status: 'down', detail: 'not started', working: isWorking };
    return {
      status: database.status === 'ok' && queue.status === 'ok' ? 'ok' : 'degraded',
      database: { ...database, kind: this.deps.database.kind },
      queue,
      role: this.deps.role,
    };
  }

  async ready(): Promise<Readiness> {
    const [database, migrations] = await Promise.all([this.database(), this.migrations()]);
    const queue = this.queue();
    const stopping = this.deps.lifecycle.stopping;
    const reasons: string[] = [];
    if (stopping) reasons.push('shutting down');
    if (database.status !== 'ok') reasons.push(`database: ${database.detail ?? 'down'}`);
    if (queue.status !== 'ok') reasons.push(`queue: ${queue.detail ?? 'down'}`);
    if (migrations.status !== 'ok') reasons.push(`migrations: ${migrations.detail ?? 'pending'}`);
    return {
      status: reasons.length === 0 ? 'ready' : 'not_ready',
      role: this.deps.role,
      reasons,
      checks: {
        database,
        queue,
        migrations,
        shutdown: { status: stopping ? 'stopping' : 'ok' },
      },
    };
  }

  private async database(): Promise<ComponentHealth> {
    try {
      await withTimeout(this.deps.database.ping(), PING_TIMEOUT_MS, 'the database');
      return { status: 'ok' };
    } catch (error) {
      return { status: 'down', detail: messageOf(error) };
    }
  }

  private queue(): ComponentHealth & { working: boolean } {
    const { isStarted, isWorking } = this.deps.queue;
    if (!isStarted) return { status: 'down', detail: 'not started', working: isWorking };
    // A role that works jobs is not ready until its workers fetch them.
    if (this.deps.role !== 'api' && !isWorking) {
      return { status: 'down', detail: 'not working jobs', working: false };
    }
    return { status: 'ok', working: isWorking };
  }

  private async migrations(): Promise<ComponentHealth & { pending: string[] }> {
    if (this.migrationsApplied) return { status: 'ok', pending: [] };
    try {
      const pending = await withTimeout(
        this.deps.pendingMigrations(),
        PING_TIMEOUT_MS,
        'the migrations table',
      );
      if (pending.length === 0) {
        this.migrationsApplied = true;
        return { status: 'ok', pending };
      }
      return { status: 'down', detail: `not applied: ${pending.join(', ')}`, pending };
    } catch (error) {
      return { status: 'down', detail: messageOf(error), pending: [] };
    }
  }
}
