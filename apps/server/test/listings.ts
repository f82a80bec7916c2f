import { expect } from 'vitest';
import type { Container } from '../src/container';
import { ListingService } from '../src/modules/listings/listing.service';
import type { TestClient } from './client';
import { waitFor } from './wait';

/** The item's listings as the API answers them, by marketplace (read loosely, as tests do). */
type ListingsOf = Record<string, any>;

/**
 * Queues the item for listing on each marketplace, as the cross-list dialog does, and waits
 * until every one has an outcome (listed, or a list failure); answers the item's listings.
 */
export async function crossList(
  client: TestClient,
  item: { itemID: string; userID: string },
  marketplaces: readonly string[],
): Promise<ListingsOf> {
  for (const marketplace of marketplaces) {
    const queued = await client.put(`/api/rest/v1/item/${item.itemID}/status`, {
      userId: item.userID,
      marketplace,
      status: 'queue',
      operation: 'list',
    });
    expect(queued.status, queued.text).toBe(202);
  }
  return waitFor(
    async () =>
      (await client.get(`/api/account/item/${item.userID}/${item.itemID}`)).body.item
        .listings as ListingsOf,
    (listings) =>
      marketplaces.every((m) =>
        ['listed', 'list_failure'].includes((listings[m]?.status as string | undefined) ?? ''),
      ),
  );
}

/**
 * The container's listing service as a process that stops right after each commit: what it
 * queues is recorded, but its job is never sent, so a test runs the job, or the sweep, itself.
 */
export function listingServiceThatNeverSends(container: Container): ListingService {
  return new ListingService(
    container.database.db,
    container.services.items,
    container.repositories.listings,
    container.connectors,
    async () => null,
    container.services.listingPreviews,
  );
}
