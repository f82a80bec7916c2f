import { z } from 'zod';
import { type MarketplaceId } from '../marketplaces/marketplaces';

/**
 * What the browser extension carries out, and what it tells the server about itself while it
 * works: the marketplaces it has an adapter for, the stops that hand an operation to the seller
 * ("needs you"), and its presence per marketplace (decision 0041).
 */

/** Names one executor (one browser); the server defaults it to the signed-in user id. */
export const ExecutorIdSchema = z.string().trim().min(1).max(100);

/**
 * The marketplaces the extension drives in the seller's browser. Tradesy and Kidizen are named
 * by the spec but not offered (EXCLUDED_MARKETPLACES); Depop is here for sellers without partner
 * API access, whose Depop operations go to the extension (listing-reach.ts).
 */
export const EXTENSION_MARKETPLACES = [
  'poshmark',
  'mercari',
  'grailed',
  'facebook',
  'vinted',
  'vestiaire',
  'depop',
] as const satisfies readonly MarketplaceId[];
export type ExtensionMarketplace = (typeof EXTENSION_MARKETPLACES)[number];
export const ExtensionMarketplaceSchema = z.enum(EXTENSION_MARKETPLACES);

export function isExtensionMarketplace(id: string): id is ExtensionMarketplace {
  return (EXTENSION_MARKETPLACES as readonly string[]).includes(id);
}

/**
 * Why an executor stopped and handed the operation to the seller:
 * - captcha: the marketplace asked for a human check;
 * - signed_out: the marketplace showed its sign-in page;
 * - unknown_layout: the page was not the one the adapter knows (the site changed);
 * - blocked: the marketplace said the seller may not list more now (a cap or a velocity block);
 * - interrupted: the browser closed the page while the form was being sent, so whether the
 *   marketplace took it is unknown; sending it again could list the item twice.
 * Nothing is reported as done: the operation waits, queued, until the seller says "Try again".
 */
export const NEEDS_YOU_REASONS = [
  'captcha',
  'signed_out',
  'unknown_layout',
  'blocked',
  'interrupted',
] as const;
export type NeedsYouReason = (typeof NEEDS_YOU_REASONS)[number];
export const NeedsYouReasonSchema = z.enum(NEEDS_YOU_REASONS);

/** An operation's stop, as the item screen, the queue and the popup show it. */
export const NeedsYouSchema = z.object({
  reason: NeedsYouReasonSchema,
  /** What the page said, in the marketplace's words, when it said anything (max 500). */
  detail: z.string().nullable(),
  /** The page the executor stopped on, so the seller can open it. */
  pageUrl: z.string().nullable(),
  /** Epoch milliseconds. */
  since: z.number().int(),
});
export type NeedsYou = z.infer<typeof NeedsYouSchema>;

/** POST /api/rest/v1/executor/operations/{operationId}/needs-you */
export const ExecutorNeedsYouRequestSchema = z.object({
  reason: NeedsYouReasonSchema,
  detail: z.string().trim().max(500).optional(),
  pageUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  executorId: ExecutorIdSchema.optional(),
});
export type ExecutorNeedsYouRequest = z.input<typeof ExecutorNeedsYouRequestSchema>;

/**
 * PUT /api/rest/v1/executor/presence: the extension's word, each time it looks, on each
 * marketplace it works: whether the seller is signed in there, and whether the seller paused it.
 */
export const ExecutorPresenceReportSchema = z.object({
  executorId: ExecutorIdSchema.optional(),
  marketplaces: z
    .array(z.object({ marketplace: ExtensionMarketplaceSchema, signedIn: z.boolean() }))
    .max(EXTENSION_MARKETPLACES.length)
    .refine((list) => new Set(list.map((m) => m.marketplace)).size === list.length, {
      message: 'Name each marketplace once.',
    }),
  paused: z.boolean().default(false),
});
export type ExecutorPresenceReport = z.input<typeof ExecutorPresenceReportSchema>;

/** Past this, a marketplace counts as having no executor: its queued operations say so. */
export const EXECUTOR_STALE_AFTER_MS = 10 * 60_000;

/** One marketplace as the extensions of the account last reported it (the latest report wins). */
export const ExecutorPresenceSchema = z.object({
  marketplace: ExtensionMarketplaceSchema,
  /** ISO time of the last report or claim naming this marketplace. */
  lastSeenAt: z.string(),
  signedIn: z.boolean(),
  paused: z.boolean(),
  /** The paired browser that reported it, by its executor token. */
  tokenId: z.string().nullable(),
  tokenName: z.string().nullable(),
  /** Whether lastSeenAt is within EXECUTOR_STALE_AFTER_MS of the server's now. */
  active: z.boolean(),
});
export type ExecutorPresence = z.infer<typeof ExecutorPresenceSchema>;

/** GET /api/rest/v1/executor/presence: the caller's own paired browsers, per marketplace. */
export const ExecutorPresenceResponseSchema = z.object({
  marketplaces: z.array(ExecutorPresenceSchema),
  staleAfterMs: z.number().int(),
});
export type ExecutorPresenceResponse = z.infer<typeof ExecutorPresenceResponseSchema>;
