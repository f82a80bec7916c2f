import { ConfigError, loadConfig } from './platform/config';
import { buildServerApp } from './routes';
import { createContainer } from './container';
import { seedDemo } from './seed/demo';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const container = await createContainer(config);
  const { logger } = container;

  // Every role starts the queue (the API sends jobs); only worker and all work them.
  await container.queue.start();
  if (config.role === 'worker' || config.role === 'all') await container.queue.work();

  let seeded = false;
  if (config.seedDemo && config.role !== 'worker') seeded = (await seedDemo(container)).created;

  let close: () => Promise<void> = () => container.close();
  if (config.role !== 'worker') {
    const { app } = await buildServerApp(container);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl ?? `http://localhost:${port}`;
    close = async () => {
      await app.close();
      await container.close();
    };
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
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await close();
    process.exit(0);
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
