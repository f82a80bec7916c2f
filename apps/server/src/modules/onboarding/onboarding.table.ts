import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  CROSSLIST_WORKFLOWS,
  ONBOARDING_STATUSES,
  ONBOARDING_STEPS,
  type MarketplaceId,
} from '@listloop/domain';
import { oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';

/** Spec §3 Onboarding record: one per account (decision 0044). */
export const onboardings = pgTable(
  'onboardings',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .unique()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** Who started it. */
    userId: text('user_id').notNull(),
    status: text('status').notNull().default('PENDING'),
    step: text('step').notNull().default('main_marketplace'),
    inventorySize: integer('inventory_size').notNull().default(0),
    mainMarketplace: text('main_marketplace'),
    marketplaces: jsonb('marketplaces').$type<MarketplaceId[]>().notNull(),
    listingTemplate: jsonb('listing_template')
      .$type<{ title: string; description: string }>()
      .notNull(),
    crosslistWorkflow: text('crosslist_workflow').notNull(),
    contact: jsonb('contact').$type<{ email: string; name: string; role: string }>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** The member of provider staff who approved it; null when finishing approved it. */
    approvedBy: text('approved_by'),
    vestiaireAccessRequestedAt: timestamp('vestiaire_access_requested_at', {
      withTimezone: true,
      mode: 'date',
    }),
    ...timestamps,
  },
  (t) => [
    check('onboardings_status', oneOf(t.status, ONBOARDING_STATUSES)),
    check('onboardings_step', oneOf(t.step, ONBOARDING_STEPS)),
    check('onboardings_crosslist_workflow', oneOf(t.crosslistWorkflow, CROSSLIST_WORKFLOWS)),
    index('onboardings_pending_idx').on(t.status, t.startedAt),
  ],
);
