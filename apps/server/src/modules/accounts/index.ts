// The accounts module's door: the account rows, opening an account with its owner, and the
// spec's Account shape and allowed marketplaces read from a row.
export { AccountService, type CreateAccountInput } from './account.service';
export type { AccountRow } from './account.repository';
export { allowedMarketplacesOf, toAccount } from './account.mapper';
