import { z } from 'zod';
import { BuiltListingSchema } from '../marketplaces/built-listing';
import { LISTING_PROBLEM_CODES } from '../marketplaces/listing-checks';
import { COMPOSE_STEPS } from './compose-listing';

/**
 * Request and response shapes of the rules API (spec §7 mappingRule, pricingRule, defaults)
 * and of the listing preview that shows their effect, shared by the server's route schemas and
 * the web app's calls. The rules' own bodies live beside each rule (mapping-rule.ts,
 * pricing-rule.ts, listing-defaults.ts); this file adds what only the calls need.
 */

/** A marketplace id in a path; the server checks it against the supported marketplaces. */
export const RuleMarketplaceParamSchema = z
  .string()
  .min(1)
  .max(64)
  .describe('A supported marketplace id');

export const PREVIEW_MARKETPLACES_MAX = 16;

/** POST /api/account/item/{userId}/{itemId}/preview. */
export const ListingPreviewRequestSchema = z.object({
  marketplaces: z.array(RuleMarketplaceParamSchema).min(1).max(PREVIEW_MARKETPLACES_MAX),
});
export type ListingPreviewRequest = z.infer<typeof ListingPreviewRequestSchema>;

export const ListingPreviewProblemSchema = z.object({
  code: z.enum(LISTING_PROBLEM_CODES),
  field: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const AppliedChangeSchema = z.object({
  step: z.enum(COMPOSE_STEPS),
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  ruleId: z.string().optional(),
  detail: z.string().optional(),
});

export const IgnoredOverrideSchema = z.object({ field: z.string(), message: z.string() });

/** One marketplace's listing as it would be sent, what built it, and what would stop it. */
export const ListingPreviewSchema = z.object({
  marketplace: z.string(),
  listing: BuiltListingSchema,
  problems: z.array(ListingPreviewProblemSchema),
  applied: z.array(AppliedChangeSchema),
  ignored: z.array(IgnoredOverrideSchema),
  /**
   * For a listed listing: whether this build differs from what was last sent there (its
   * details, not its quantity, which follows sales on its own), so an update would change it.
   * Null when the item is not listed there (decision 0023).
   */
  outOfDate: z.boolean().nullable().default(null),
  /**
   * The SKU ListLoop's connector gives the listing on the marketplace: the one kept on it once
   * sent (whatever the item's SKU is now), else the one a publish would send (decision 0024).
   * Null where the browser extension lists, which sends the built listing's.
   */
  marketplaceSku: z.string().nullable().default(null),
});
export type ListingPreview = z.infer<typeof ListingPreviewSchema>;

export const ListingPreviewResponseSchema = z.object({ previews: z.array(ListingPreviewSchema) });
export type ListingPreviewResponse = z.infer<typeof ListingPreviewResponseSchema>;
