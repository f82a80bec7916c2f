import {
  EXECUTOR_STALE_AFTER_MS,
  EXTENSION_MARKETPLACES,
  isExtensionMarketplace,
  type ExecutorPresence,
  type ExecutorPresenceResponse,
  type ExtensionMarketplace,
} from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import type { ExecutorClaimed } from '../listings';
import type {
  ExecutorPresenceRepository,
  ExecutorPresenceRow,
} from './executor-presence.repository';

/**
 * Whether a member's browser extension is at work on each marketplace (decision 0041): it says
 * so on each look (PUT presence) and by claiming, and the web app asks, so it can tell the
 * seller that nothing has looked at a marketplace for ten minutes instead of showing a queue
 * that waits.
 */
export class ExecutorPresenceService {
  constructor(
    private readonly presence: ExecutorPresenceRepository,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** PUT /api/rest/v1/executor/presence: the extension's word on each marketplace it works. */
  async report(
    ctx: RequestContext,
    input: {
      executorId?: string;
      marketplaces: { marketplace: ExtensionMarketplace; signedIn: boolean }[];
      paused: boolean;
    },
  ): Promise<void> {
    const lastSeenAt = new Date(this.now());
    await this.presence.upsert(
      input.marketplaces.map(({ marketplace, signedIn }) => ({
        accountId: ctx.accountId,
        userId: ctx.user.id,
        marketplace,
        tokenId: ctx.executorTokenId,
        executorId: input.executorId ?? ctx.user.id,
        signedIn,
        paused: input.paused,
        lastSeenAt,
      })),
    );
  }

  /**
   * A claim is a look: an executor that asks for a marketplace's work is there, signed in and
   * not paused. Marketplaces the extension does not drive (an API marketplace named in a claim)
   * are not its to report.
   */
  async claimed(claim: ExecutorClaimed): Promise<void> {
    const lastSeenAt = new Date(claim.at);
    await this.presence.upsert(
      claim.marketplaces.filter(isExtensionMarketplace).map((marketplace): ExecutorPresenceRow => ({
        accountId: claim.accountId,
        userId: claim.userId,
        marketplace,
        tokenId: claim.tokenId,
        executorId: claim.executorId,
        signedIn: true,
        paused: false,
        lastSeenAt,
      })),
    );
  }

  /** GET /api/rest/v1/executor/presence: the caller's own, per marketplace, in catalogue order. */
  async ofCaller(ctx: RequestContext): Promise<ExecutorPresenceResponse> {
    const now = this.now();
    const rows = await this.presence.ofUser(ctx.accountId, ctx.user.id);
    const byMarketplace = new Map(rows.map((row) => [row.marketplace, row]));
    const marketplaces: ExecutorPresence[] = [];
    for (const marketplace of EXTENSION_MARKETPLACES) {
      const row = byMarketplace.get(marketplace);
      if (!row) continue;
      marketplaces.push({
        marketplace,
        lastSeenAt: row.lastSeenAt.toISOString(),
        signedIn: row.signedIn,
        paused: row.paused,
        tokenId: row.tokenId,
        tokenName: row.tokenName,
        active: now - row.lastSeenAt.getTime() <= EXECUTOR_STALE_AFTER_MS,
      });
    }
    return { marketplaces, staleAfterMs: EXECUTOR_STALE_AFTER_MS };
  }

  /**
   * Every account's extensions, per marketplace: the latest look and how many are at work
   * (seen within the staleness window, not paused). For the operators' metrics.
   */
  seenByMarketplace(): Promise<{ marketplace: string; lastSeenAt: Date; active: number }[]> {
    return this.presence.seenByMarketplace(new Date(this.now() - EXECUTOR_STALE_AFTER_MS));
  }
}
