import type { AccountRow } from '../accounts';
import type { RoleRow } from '../roles';
import type { AccountUserRow } from './account-user.repository';

/**
 * A request's context carries this module's rows. Platform declares the context without naming
 * a module; this declaration widens its records to the full rows every route reads.
 */
declare module '../../platform/http/request-context' {
  interface MemberRecordTypes {
    membership: AccountUserRow;
    account: AccountRow;
    role: RoleRow;
  }
}
