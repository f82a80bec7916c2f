import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';

export interface VariantOptions {
  sizes: string[];
  colors: string[];
}

/** The size and colour values an account offers for item variants (spec §7 variants/options). */
export const variantOptions = pgTable('variant_options', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: 'cascade' }),
  options: jsonb('options').$type<VariantOptions>().notNull().default({ sizes: [], colors: [] }),
  ...timestamps,
});
