import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleEvent, SaleOutcomeView } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { standInConnector } from '../../../test/stand-in-connector';
import { waitFor } from '../../../test/wait';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';
import { ConnectorError } from '../../connectors/contract';

const BASE = '/api/rest/v1/sale_detection';

/**
 * The tracker's Retry of a failed delist is the listing engine's own delist (PUT …/status).
 * The sale's outcome follows it: delisting while it runs, then delisted with the time from the
 * sale, instead of showing the first failure for ever.
 */
describe('sale detection: a failed delist retried from the tracker', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let delists = 0;
  let releaseRetry: () => void = () => undefined;
  const retryGate = new Promise<void>((resolve) => {
    releaseRetry = resolve;
  });

  const connector = standInConnector('sellwild', {
    publish: async () => ({ listedID: 'SW-RETRY-1' }),
    delist: async () => {
      delists += 1;
      if (delists === 1) throw new ConnectorError('The listing is locked while an offer is open.');
      await retryGate;
    },
  });

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    server.container.connectors.register(connector);
    await connectMarketplace(owner, 'sellwild');
  });
  afterAll(async () => {
    releaseRetry();
    server.container.connectors.unregister('sellwild');
    await server.close();
  });

  const outcomeOf = async (eventId: string): Promise<SaleOutcomeView> => {
    const read = await owner.post(`${BASE}/get_event`, { event_id: eventId });
    expect(read.status, read.text).toBe(200);
    const [outcome] = (read.body.saleEvent as SaleEvent).outcomes;
    return outcome!;
  };

  it('shows the failure with the reason, then the retry running, then delisted', async () => {
    const created = await owner.post('/api/account/item', {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'RETRY-1', quantity: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    const queue = (operation: 'list' | 'delist') =>
      owner.put(`/api/rest/v1/item/${itemId}/status`, {
        userId: account.userId,
        marketplace: 'sellwild',
        status: 'queue',
        operation,
      });
    expect((await queue('list')).status).toBe(202);
    await waitFor(
      async () =>
        (await owner.get(`/api/account/item/${account.userId}/${itemId}`)).body.item.listings
          .sellwild?.status,
      (status) => status === 'listed',
    );

    const sold = await owner.post('/api/rest/v1/executor/sales', {
      marketplace: 'mercari',
      externalOrderId: 'M-RETRY-1',
      itemId,
    });
    expect(sold.status, sold.text).toBe(200);
    const eventId = (sold.body.saleEvent as SaleEvent).eventId;

    const failed = await waitFor(
      () => outcomeOf(eventId),
      (o) => o.outcome === 'delist_failed',
    );
    expect(failed).toMatchObject({
      marketplace: 'sellwild',
      reason: 'The listing is locked while an offer is open.',
    });
    expect(failed.operationId).toBeTruthy();

    const retried = await queue('delist');
    expect(retried.status, retried.text).toBe(202);
    const retryId = retried.body.operation.operationId as string;
    expect(retryId).not.toBe(failed.operationId);

    const running = await waitFor(
      () => outcomeOf(eventId),
      () => delists === 2,
    );
    expect(running).toMatchObject({
      outcome: 'delist_queued',
      operationId: retryId,
      reason: null,
      msToDelist: null,
    });

    releaseRetry();
    const delisted = await waitFor(
      () => outcomeOf(eventId),
      (o) => o.outcome === 'delisted',
    );
    expect(delisted).toMatchObject({ operationId: retryId, reason: null });
    expect(delisted.msToDelist).toBeGreaterThanOrEqual(0);

    // The list the tracker reads says the same.
    const list = await owner.get(`${BASE}/events?limit=10`);
    const [listed] = (list.body.events as SaleEvent[]).filter((e) => e.eventId === eventId);
    expect(listed!.outcomes).toEqual([delisted]);
  });
});
