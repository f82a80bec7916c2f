import { ConnectorError } from '../contract';

export interface RevisionLimitOptions {
  /** ✅ eBay lets a listing be revised 250 times a day. */
  perDay?: number;
  /** ◐ Where eBay's day starts, in minutes east of UTC; eBay does not document it. */
  dayOffsetMinutes?: number;
  now?: () => number;
}

/**
 * Counts the revisions ListLoop makes to each live eBay listing per day, so a listing that has
 * used up eBay's daily revisions waits for the next day instead of being refused (the count
 * lives in this process; eBay's own refusal, 25019, is the backstop after a restart).
 */
export class RevisionLimit {
  private readonly perDay: number;
  private readonly offsetMs: number;
  private readonly now: () => number;
  private readonly counts = new Map<string, number>();
  private day = -1;

  constructor(options: RevisionLimitOptions = {}) {
    this.perDay = options.perDay ?? 250;
    this.offsetMs = (options.dayOffsetMinutes ?? 0) * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Throws (transient, back tomorrow) when the listing has no revision left today. */
  check(accountId: string, listingId: string): void {
    if (this.count(accountId, listingId) >= this.perDay) throw this.exhausted();
  }

  record(accountId: string, listingId: string): void {
    this.rollOver();
    const key = `${accountId}|${listingId}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** eBay said the listing is out of revisions: believe it for the rest of the day. */
  exhaust(accountId: string, listingId: string): void {
    this.rollOver();
    this.counts.set(`${accountId}|${listingId}`, this.perDay);
  }

  count(accountId: string, listingId: string): number {
    this.rollOver();
    return this.counts.get(`${accountId}|${listingId}`) ?? 0;
  }

  exhausted(): ConnectorError {
    const now = this.now() + this.offsetMs;
    const nextDay = (Math.floor(now / 86_400_000) + 1) * 86_400_000;
    return new ConnectorError(
      `eBay allows a listing ${this.perDay} revisions a day and this one has used them all today. ListLoop will send the change again when eBay's day turns.`,
      { transient: true, retryAfterSeconds: Math.max(1, Math.ceil((nextDay - now) / 1000)) },
    );
  }

  private rollOver(): void {
    const day = Math.floor((this.now() + this.offsetMs) / 86_400_000);
    if (day !== this.day) {
      this.day = day;
      this.counts.clear();
    }
  }
}
