/**
 * The server the listing benchmark runs against: the real server (same container, queue and
 * routes as src/main.ts, role all) with a no-op connector for BENCH_MARKETPLACE, which writes
 * `publish <itemId> <epoch ms>` to stdout when a job calls it and answers at once. So the
 * figures are the listing engine's own cost: queueing, the job queue, taking the operation,
 * building the listing and recording the outcome, with no marketplace in the way.
 */
import type { MarketplaceId } from '@listloop/domain';
import { serveWithStandIns } from './bench-server';
import { standInConnector } from '../test/stand-in-connector';

serveWithStandIns((container) => {
  const marketplace = (process.env.BENCH_MARKETPLACE ?? 'sellwild') as MarketplaceId;
  container.connectors.register(
    standInConnector(marketplace, {
      publish: async (input) => {
        process.stdout.write(`publish ${input.item.itemID} ${Date.now()}\n`);
        return { listedID: `BENCH-${input.item.itemID}` };
      },
    }),
  );
});
