// The accounts module's door: the account rows, opening an account with its owner (and
// sign-up), the account settings, and the spec's Account shape and allowed marketplaces.
export {
  AccountService,
  SIGN_UP_FEATURE_FLAGS,
  type CreateAccountInput,
  type SlackAlertsSwitch,
} from './account.service';
export type { AccountRow } from './account.repository';
export { allowedMarketplacesOf, toAccount } from './account.mapper';
