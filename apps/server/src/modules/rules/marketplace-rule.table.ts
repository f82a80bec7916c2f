import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';

export const marketplaceRuleKind = pgEnum('marketplace_rule_kind', [
  'mapping',
  'pricing',
  'defaults',
]);

/**
 * The account's rules per marketplace (spec §7 mappingRule, pricingRule, defaults). A mapping
 * rule is a row of its own (it has an id the DELETE names); pricing and defaults are one row per
 * (account, marketplace). `rule` holds the domain's rule object.
 */
export const marketplaceRules = pgTable(
  'marketplace_rules',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    kind: marketplaceRuleKind('kind').notNull(),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [
    check('marketplace_rules_id_length', idLength(t.id)),
    index('marketplace_rules_account_marketplace_idx').on(t.accountId, t.marketplace, t.kind),
    uniqueIndex('marketplace_rules_single_unique')
      .on(t.accountId, t.marketplace, t.kind)
      .where(sql`${t.kind} IN ('pricing', 'defaults')`),
  ],
);
