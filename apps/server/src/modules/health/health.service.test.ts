import { describe, expect, it } from 'vitest';
import { HealthService } from './health.service';

function health(
  overrides: {
    ping?: () => Promise<void>;
    started?: boolean;
    working?: boolean;
    role?: 'api' | 'worker' | 'all';
    stopping?: boolean;
    pending?: () => Promise<string[]>;
  } = {},
) {
  const lifecycle = { stopping: overrides.stopping ?? false };
  const service = new HealthService({
    database: { kind: 'postgres', ping: overrides.ping ?? (async () => undefined) },
    queue: { isStarted: overrides.started ?? true, isWorking: overrides.working ?? true },
    role: overrides.role ?? 'all',
    lifecycle,
    pendingMigrations: overrides.pending ?? (async () => []),
  });
  return { service, lifecycle };
}

describe('liveness and readiness', () => {
  it('is ready when the database answers, the queue works and every migration is applied', async () => {
    const { service } = health();
    expect(await service.ready()).toEqual({
      status: 'ready',
      role: 'all',
      reasons: [],
      checks: {
        database: { status: 'ok' },
        queue: { status: 'ok', working: true },
        migrations: { status: 'ok', pending: [] },
        shutdown: { status: 'ok' },
      },
    });
    expect(await service.live()).toEqual({
      status: 'ok',
      database: { status: 'ok', kind: 'postgres' },
      queue: { status: 'ok', working: true },
      role: 'all',
    });
  });

  it('says why it is not ready, and stays alive', async () => {
    const { service } = health({
      ping: async () => {
        throw new Error('connection refused');
      },
      working: false,
      role: 'worker',
      pending: async () => ['0025_next'],
    });
    const ready = await service.ready();
    expect(ready.status).toBe('not_ready');
    expect(ready.reasons).toEqual([
      'database: connection refused',
      'queue: not working jobs',
      'migrations: not applied: 0025_next',
    ]);
    expect(ready.checks.migrations.pending).toEqual(['0025_next']);
    const live = await service.live();
    expect(live.status).toBe('degraded');
    expect(live.database).toEqual({
      status: 'down',
      detail: 'connection refused',
      kind: 'postgres',
    });
  });

  it('an API process need not work jobs, only send them', async () => {
    expect((await health({ role: 'api', working: false }).service.ready()).status).toBe('ready');
    expect((await health({ role: 'api', started: false }).service.ready()).reasons).toEqual([
      'queue: not started',
    ]);
  });

  it('is not ready from the moment it starts stopping', async () => {
    const { service, lifecycle } = health();
    expect((await service.ready()).status).toBe('ready');
    lifecycle.stopping = true;
    const ready = await service.ready();
    expect(ready).toMatchObject({
      status: 'not_ready',
      reasons: ['shutting down'],
      checks: { shutdown: { status: 'stopping' } },
    });
    expect((await service.live()).status).toBe('ok');
  });

  it('stops asking for migrations once all were applied', async () => {
    let asked = 0;
    const { service } = health({
      pending: async () => {
        asked += 1;
        return [];
      },
    });
    await service.ready();
    await service.ready();
    expect(asked).toBe(1);
  });
});
