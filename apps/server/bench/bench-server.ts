/**
 * What the benchmark's server entries share: the real server (container, queue, routes, as
 * src/main.ts runs it) with stand-in connectors registered first, serving until SIGTERM. In
 * its ROLE, as src/main.ts: an API process serves and works no jobs, a worker works jobs and
 * serves nothing (bench/split.ts runs them apart), `all` does both.
 */
import { loadConfig } from '../src/platform/config';
import { buildServerApp } from '../src/routes';
import { createContainer, type Container } from '../src/container';

export function serveWithStandIns(register: (container: Container) => void): void {
  const main = async () => {
    const config = loadConfig();
    const container = await createContainer(config);
    register(container);
    await container.queue.start();
    if (config.role !== 'api') await container.queue.work();
    let close = () => container.close();
    if (config.role !== 'worker') {
      const { app } = await buildServerApp(container);
      await app.listen({ port: config.port, host: config.host });
      close = async () => {
        await app.close();
        await container.close();
      };
    } else {
      container.logger.info('worker started');
    }
    const stop = async () => {
      await close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop());
    process.on('SIGINT', () => void stop());
  };
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
