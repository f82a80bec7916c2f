/**
 * The server the sale-detection benchmark runs against: the real server (container, queue,
 * routes and Shopify webhook verification as src/main.ts runs them, with SHOPIFY_CLIENT_ID and
 * SHOPIFY_CLIENT_SECRET set) where the four other marketplaces an item is listed on have a
 * stand-in for their emulator: each delist call writes `delist <itemId> <marketplace> <epoch
 * ms>` to stdout when it arrives, then answers after BENCH_MARKETPLACE_MS (50 ms), as a
 * marketplace answering in 50 ms would.
 */
import { standInConnector } from '../test/stand-in-connector';
import { serveWithStandIns } from './bench-server';
import { SALES_OTHER_MARKETPLACES } from './sales';

serveWithStandIns((container) => {
  const answerMs = Number(process.env.BENCH_MARKETPLACE_MS ?? 50);
  const wait = () => new Promise((resolve) => setTimeout(resolve, answerMs));
  for (const marketplace of SALES_OTHER_MARKETPLACES) {
    const stand = standInConnector(marketplace, {
      publish: async () => {
        await wait();
        return {};
      },
      update: async () => {
        await wait();
        return {};
      },
      delist: async (input) => {
        process.stdout.write(`delist ${input.item.itemID} ${marketplace} ${Date.now()}\n`);
        await wait();
      },
      updateQuantity: async () => {
        await wait();
      },
    });
    container.connectors.register(stand);
  }
});
