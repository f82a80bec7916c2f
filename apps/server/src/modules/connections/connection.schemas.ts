import { z } from 'zod';
import { MarketplaceIdSchema, SUPPORTED_MARKETPLACES, type MarketplaceId } from '@listloop/domain';

// Kept beside the routes for now; they move to the domain package when the web's
// Marketplaces screen needs them.

export const SupportedMarketplaceSchema = MarketplaceIdSchema.refine(
  (id: MarketplaceId) => SUPPORTED_MARKETPLACES.includes(id),
  { message: 'This marketplace is not offered.' },
);

/** Spec §3/§9: ids are at least 20 characters; URL-safe so they travel in paths. */
export const ConnectionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, { message: 'Ids are 20 to 64 letters, digits, - or _.' });

export const ConnectionStatusSchema = z.enum(['connected', 'needs_reconnect', 'disconnected']);

export const ConnectionSchema = z.object({
  id: z.string(),
  marketplace: MarketplaceIdSchema,
  nickname: z.string(),
  status: ConnectionStatusSchema,
  externalAccountId: z.string().nullable(),
  /** The last characters of the stored secret, for recognising it; null: no credentials. */
  credentialHint: z.string().nullable(),
  credentialExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Connection = z.infer<typeof ConnectionSchema>;

/** Creates the connection when the id is new (marketplace and nickname then required). */
export const ConnectionPutSchema = z.object({
  marketplace: SupportedMarketplaceSchema.optional(),
  nickname: z.string().trim().min(1).max(60).optional(),
  status: ConnectionStatusSchema.optional(),
  externalAccountId: z.string().trim().min(1).max(200).nullable().optional(),
});
export type ConnectionPut = z.infer<typeof ConnectionPutSchema>;

export const ConnectionResponseSchema = z.object({ connection: ConnectionSchema });
export const ConnectionListResponseSchema = z.object({ connections: z.array(ConnectionSchema) });

const Secret = z.string().min(1).max(8192);

/**
 * The secrets of one connection as a marketplace hands them out. Fields beyond these are kept
 * (sealed with the rest) for the connector that knows them.
 */
export const StoredCredentialsSchema = z.looseObject({
  marketplaceAccount: z.looseObject({ marketplaceID: z.string().min(1).max(200) }),
  token: Secret.optional(),
  accessToken: Secret.optional(),
  refreshToken: Secret.optional(),
  apiKey: Secret.optional(),
  apiSecret: Secret.optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type StoredCredentials = z.infer<typeof StoredCredentialsSchema>;

export const CredentialsPutSchema = z.object({
  connectionId: ConnectionIdSchema,
  credentials: StoredCredentialsSchema,
});

export const MaskedCredentialsSchema = z.object({
  connectionId: z.string(),
  nickname: z.string(),
  marketplace: MarketplaceIdSchema,
  /** Never the secret: at most its last four characters. */
  hint: z.string(),
  expiresAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type MaskedCredentials = z.infer<typeof MaskedCredentialsSchema>;

export const CredentialsResponseSchema = z.object({
  credentials: MaskedCredentialsSchema.omit({ nickname: true, updatedAt: true }),
});
export const CredentialsListResponseSchema = z.object({
  credentials: z.array(MaskedCredentialsSchema),
});
