import {
  addDays,
  bucketCount,
  bucketsOf,
  CREATED_BY_DATE_MAX_BUCKETS,
  startOfDayIn,
  type DateBucket,
  type ItemsCreatedByDate,
} from '@listloop/domain';
import { badRequest } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { ItemService } from '../items';

const BUCKET_WORDS: Record<DateBucket, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const BUCKET_UNITS: Record<DateBucket, string> = { day: 'days', week: 'weeks', month: 'months' };

/**
 * Spec §7 GET /api/account/item/total-items-created-by-date: how many items an inventory
 * gained per day, week (ISO, from Monday) or month of a range of days, counted in the account's
 * time zone, every bucket present (zero when none). The zone's midnights are worked out here,
 * daylight saving included, and the database only counts between them.
 */
export class ItemTotalsService {
  constructor(private readonly items: Pick<ItemService, 'owner' | 'countCreatedBetween'>) {}

  async createdByDate(
    ctx: RequestContext,
    query: { userId?: string | undefined; from: string; to: string; bucket: DateBucket },
  ): Promise<ItemsCreatedByDate> {
    const { from, to, bucket } = query;
    if (to < from) {
      const message = 'must not be before "from"';
      throw badRequest(`"to" ${message}.`, [{ path: 'querystring.to', message }]);
    }
    const count = bucketCount(from, to, bucket);
    const max = CREATED_BY_DATE_MAX_BUCKETS[bucket];
    if (count > max) {
      const message =
        `${count} ${BUCKET_UNITS[bucket]} is too long a range for ${BUCKET_WORDS[bucket]} totals ` +
        `(at most ${max}); choose a shorter range${bucket === 'month' ? '' : ' or longer buckets'}.`;
      throw badRequest(message, [{ path: 'querystring.to', message }]);
    }
    const owner = await this.items.owner(ctx, query.userId);
    const timeZone = ctx.account.timeZone;
    const buckets = bucketsOf(from, to, bucket);
    const boundaries = [
      ...buckets.map((b) => startOfDayIn(b.start, timeZone)),
      startOfDayIn(addDays(to, 1), timeZone),
    ];
    const counts = await this.items.countCreatedBetween(ctx, owner, boundaries);
    const totals = buckets.map((b, index) => ({ ...b, total: counts[index] ?? 0 }));
    return {
      from,
      to,
      bucket,
      timeZone,
      total: totals.reduce((sum, b) => sum + b.total, 0),
      buckets: totals,
    };
  }
}
