/**
 * A worker process for the crash test (listing-crash.int.test.ts): the real container on the
 * configured database, working jobs, with a connector for `STALL_MARKETPLACE` whose publish
 * announces itself on stdout and then never returns. The test kills this process mid-job.
 */
import pino from 'pino';
import type { MarketplaceId } from '@listloop/domain';
import { loadConfig } from '../src/platform/config';
import { createContainer } from '../src/container';
import { standInConnector } from './stand-in-connector';

async function main() {
  const marketplace = process.env.STALL_MARKETPLACE as MarketplaceId;
  const config = loadConfig();
  const container = await createContainer(config, {
    logger: pino({ level: 'silent' }),
    queue: { pollingIntervalSeconds: 0.5, schedule: false },
  });
  container.connectors.register(
    standInConnector(marketplace, {
      publish: async (input) => {
        process.stdout.write(`publishing ${input.item.itemID}\n`);
        return new Promise(() => undefined);
      },
    }),
  );
  await container.queue.start();
  await container.queue.work();
  process.stdout.write('working\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
