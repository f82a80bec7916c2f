import { ConfigError, loadConfig } from './platform/config';
import { startOpsServer, type OpsServer } from './platform/observability/ops-server';
import { buildServerApp } from './routes';
import { createContainer } from './container';
import { seedDemo } from './seed/demo';
import { shutDown, type ShutdownParts } from './shutdown';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const container = await createContainer(config);
  const { logger } = container;
  const { health, lifecycle, scrapable } = container.observability;

  // Every role starts the queue (the API sends jobs); only worker and all work them.
  await container.queue.start();
  if (config.role === 'worker' || config.role === 'all') await container.queue.work();

  let seeded = false;
  if (config.seedDemo && config.role !== 'worker') seeded = (await seedDemo(container)).created;

  // The operators' own listener: a worker's only HTTP, an API's way to keep metrics off its
  // public port (decision 0062).
  let ops: OpsServer | null = null;
  if (config.observability.metricsPort !== null) {
    ops = await startOpsServer({
      port: config.observability.metricsPort,
      host: config.host,
      metrics: scrapable,
      metricsToken: config.observability.metricsToken,
      live: async () => ({ statusCode: 200, body: await health.live() }),
      ready: async () => {
        const readiness = await health.ready();
        return { statusCode: readiness.status === 'ready' ? 200 : 503, body: readiness };
      },
      onError: (error) => logger.error({ err: error }, 'operators listener error'),
    });
    logger.info({ port: ops.port }, 'metrics and health listening');
  }

  let http: ShutdownParts['http'] = null;
  if (config.role !== 'worker') {
    const { app } = await buildServerApp(container);
    await app.listen({ port: config.port, host: config.host });
    http = { close: () => app.close(), server: app.server };
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl ?? `http://localhost:${port}`;
    const lines = [
      '',
      `  ListLoop is running at ${url}  (${container.database.kind}, role ${config.role}, ready in ${Date.now() - started} ms)`,
      config.seedDemo
        ? `  Demo login: ${config.demo.email} / ${config.demo.password}${seeded ? '  (demo account created)' : ''}`
        : '',
      `  API description: ${url}/api/docs`,
      '',
    ];
    process.stdout.write(
      lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n') + '\n',
    );
  } else {
    logger.info({ database: container.database.kind }, 'worker started');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { timeoutMs, delayMs } = config.shutdown;
    logger.info({ signal, timeoutMs, delayMs }, 'shutting down');
    // Past the deadline and a margin, something hangs: leave with an error, not forever.
    const timer = setTimeout(() => process.exit(1), timeoutMs + 5000);
    timer.unref();
    try {
      const report = await shutDown({
        logger,
        beginStopping: () => lifecycle.beginStopping(),
        timeoutMs,
        delayMs,
        http,
        stopQueue: (options) => container.queue.stop(options),
        releaseHeld: async () => {
          const { listings, reports, backgroundRemoval } = container.services;
          const released = await Promise.all([
            listings.releaseHeld(),
            reports.releaseHeld(),
            backgroundRemoval.releaseHeld(),
          ]);
          return released.reduce((sum, n) => sum + n, 0);
        },
        ops,
        closeContainer: () => container.close(),
      });
      logger.info(report, 'stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
