import { SaleChannelSchema } from '@listloop/domain';
import { z } from 'zod';
import type { SaleEventFilters } from './api/sale-events.api';

/**
 * The Sales screen's URL: the marketplace and whether open or dismissed events only, so a view
 * can be reloaded and shared. Absent means every marketplace and every event; an unreadable
 * value is dropped rather than failing the screen.
 */
export const SalesSearchSchema = z.object({
  /** A marketplace, or in_person for the sales the seller recorded as made in person. */
  marketplace: SaleChannelSchema.optional().catch(undefined),
  state: z.enum(['open', 'dismissed']).optional().catch(undefined),
});
export type SalesSearch = z.infer<typeof SalesSearchSchema>;

export function salesFilters(search: SalesSearch): SaleEventFilters {
  return { marketplace: search.marketplace, state: search.state ?? 'all' };
}

export function isFiltered(search: SalesSearch): boolean {
  return search.marketplace !== undefined || search.state !== undefined;
}
