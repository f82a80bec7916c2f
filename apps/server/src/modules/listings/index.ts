// The listings module's door for other modules: its services and their public types.
export { ListingService } from './listing.service';
export { groupExecutor, type ExecutorOf, type ListingExecutor } from './listing-executor';
export type { ActiveLocked, CurrentOperation, ListingOperationRow } from './listing.repository';
export type { ExecutorClaimed, OperationFinished } from './listing-context';

// Pure helpers for the listing previews (rules): whether a listing is out of date, its digest,
// and the reach of an account's marketplaces.
export { isOutOfDate, listingDigest } from './listing-digest';
export type { ReachOf } from './listing-reach';
