import { z } from 'zod';

/**
 * Executor tokens pair the browser extension with one account user (decision 0039). The
 * extension sends its token as `Authorization: Bearer llx_…`; the server takes it only on the
 * executor routes and the listing reports, acts as the user who paired it, within that user's
 * role, and refuses it at once when it is revoked. The token is shown once, at pairing; the
 * server keeps only its hash.
 */
export const EXECUTOR_TOKEN_PREFIX = 'llx_';

/** A paired browser as its owner and their team see it: never the token itself. */
export const ExecutorTokenSchema = z.object({
  id: z.string(),
  /** The browser's name, as the extension gives it at pairing ("Chrome on Windows"). */
  name: z.string(),
  /** The account user who paired it: the extension acts as them. */
  userId: z.string(),
  userName: z.string(),
  createdAt: z.string(),
  /** The last request the extension made with it, ISO; null until its first. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ExecutorToken = z.infer<typeof ExecutorTokenSchema>;

export const EXECUTOR_TOKEN_NAME_MAX = 80;

export const CreateExecutorTokenBodySchema = z
  .object({
    name: z.string().trim().min(1).max(EXECUTOR_TOKEN_NAME_MAX),
  })
  .strict();

export const CreateExecutorTokenResponseSchema = z.object({
  /** The bearer token, shown this once; hand it to the extension and forget it. */
  token: z.string(),
  executorToken: ExecutorTokenSchema,
});

export const ExecutorTokenListSchema = z.object({
  executorTokens: z.array(ExecutorTokenSchema),
});

/** Paired browsers an account keeps at once (revoked ones do not count). */
export const EXECUTOR_TOKENS_PER_ACCOUNT_MAX = 20;
