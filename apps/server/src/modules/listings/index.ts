// The listings module's door for other modules: its services and their public types.
export { ListingService } from './listing.service';
export { groupExecutor, type ExecutorOf, type ListingExecutor } from './listing-executor';
export type { CurrentOperation, ListingOperationRow } from './listing.repository';
