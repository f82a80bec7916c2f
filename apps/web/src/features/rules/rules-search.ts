import { MarketplaceIdSchema, type MarketplaceId } from '@listloop/domain';
import { z } from 'zod';

/** /app/rules?marketplace=…&item=…: the marketplace shown and the sample item of the preview. */
export const RulesSearchSchema = z.object({
  marketplace: MarketplaceIdSchema.optional().catch(undefined),
  item: z.string().min(1).max(64).optional().catch(undefined),
});
export type RulesSearch = z.infer<typeof RulesSearchSchema>;

/** The marketplace asked for when the seller may use it, else the first they may. */
export function shownMarketplace(
  asked: MarketplaceId | undefined,
  allowed: readonly MarketplaceId[],
): MarketplaceId | null {
  if (asked && allowed.includes(asked)) return asked;
  return allowed[0] ?? null;
}
