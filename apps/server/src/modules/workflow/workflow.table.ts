import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CROSSLIST_WORKFLOWS } from '@listloop/domain';
import { oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';

/**
 * An account's crosslisting workflow (decision 0044): how its new items come in, and the
 * schedule of the eBay import when they come from eBay. One row per account, made when the
 * workflow is first saved (or the onboarding chooses one); none reads as the defaults.
 */
export const workflows = pgTable(
  'workflows',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    crosslistWorkflow: text('crosslist_workflow').notNull(),
    ebayImportEnabled: boolean('ebay_import_enabled').notNull().default(true),
    ebayImportEveryHours: integer('ebay_import_every_hours').notNull().default(24),
    /** When the scheduler next starts the eBay import; null: nothing is scheduled. */
    nextEbayImportAt: timestamp('next_ebay_import_at', { withTimezone: true, mode: 'date' }),
    lastEbayImportAt: timestamp('last_ebay_import_at', { withTimezone: true, mode: 'date' }),
    /** Who last saved the workflow: the scheduled import runs as them. */
    updatedBy: text('updated_by').notNull(),
    ...timestamps,
  },
  (t) => [check('workflows_crosslist_workflow', oneOf(t.crosslistWorkflow, CROSSLIST_WORKFLOWS))],
);
