import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('works with no configuration at all: embedded PGlite in ./data, port 3000, everything in one process', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      role: 'all',
      seedDemo: true,
      demo: { email: 'demo@listloop.local', password: 'listloop-demo' },
      featureFlagsUrl: null,
      loginLimits: { perIp: 30, perEmail: 10, windowMs: 15 * 60_000 },
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('takes --role from the command line over ROLE', () => {
    const db = { DATABASE_URL: 'postgres://u@db:5432/listloop' };
    expect(loadConfig({ ...db, ROLE: 'api' }, []).role).toBe('api');
    expect(loadConfig({ ...db, ROLE: 'api' }, ['--role=worker']).role).toBe('worker');
  });

  it('splits API and workers only on a server Postgres (the embedded database is one process)', () => {
    expect(() => loadConfig({}, ['--role=worker'])).toThrow(
      'needs a server Postgres (DATABASE_URL)',
    );
    expect(loadConfig({}, ['--role=all']).role).toBe('all');
  });

  it('reads booleans, numbers, lists and the demo login', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        SEED_DEMO: 'false',
        TRUSTED_ORIGINS: 'https://a.example, https://b.example/',
        DEMO_EMAIL: 'Shop@Example.test',
        DATABASE_URL: 'postgres://u@db:5432/listloop',
      },
      [],
    );
    expect(config.port).toBe(8080);
    expect(config.seedDemo).toBe(false);
    expect(config.trustedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.demo.email).toBe('shop@example.test');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/listloop');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ ROLE: 'everything' }, 'ROLE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('refuses %j with a readable message', (env, fragment) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(fragment);
  });
});
