import { z } from 'zod';
import { MarketplaceIdSchema, SUPPORTED_MARKETPLACES, type MarketplaceId } from './marketplaces';

/**
 * Request and response shapes of the connections and credentials calls (spec §7 "Connections
 * and credentials"), shared by the server's route schemas and the web app's Marketplaces screen.
 * Secrets travel only towards the server; every answer carries at most a hint of them.
 */

export const SupportedMarketplaceSchema = MarketplaceIdSchema.refine(
  (id: MarketplaceId) => SUPPORTED_MARKETPLACES.includes(id),
  { message: 'This marketplace is not offered.' },
);

export const CONNECTION_ID_MIN_LENGTH = 20;
export const CONNECTION_ID_MAX_LENGTH = 64;

/** Spec §3/§9: ids are at least 20 characters; URL-safe so they travel in paths. */
export const ConnectionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, { message: 'Ids are 20 to 64 letters, digits, - or _.' });

/**
 * connected: usable. needs_reconnect: its credentials were removed or stopped working.
 * disconnected: kept, but switched off by the seller.
 */
export const CONNECTION_STATUSES = ['connected', 'needs_reconnect', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const ConnectionStatusSchema = z.enum(CONNECTION_STATUSES);

export const CONNECTION_NICKNAME_MAX_LENGTH = 60;

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

/**
 * PUT /api/rest/v1/enterprise/connection/{id}: creates it when the id is new (marketplace and
 * nickname then required). `externalAccountId` is not among the fields: only the marketplace
 * establishes which of its accounts a connection opens (signing in, a checked API key), and
 * webhooks are routed by it, so a caller naming one is refused.
 */
export const ConnectionPutSchema = z.strictObject(
  {
    marketplace: SupportedMarketplaceSchema.optional(),
    nickname: z.string().trim().min(1).max(CONNECTION_NICKNAME_MAX_LENGTH).optional(),
    status: ConnectionStatusSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.includes('externalAccountId')
          ? 'externalAccountId is set by ListLoop from the marketplace when you connect; it cannot be sent.'
          : `Only marketplace, nickname and status can be sent (not ${issue.keys.join(', ')}).`
        : undefined,
  },
);
export type ConnectionPut = z.infer<typeof ConnectionPutSchema>;

export const ConnectionResponseSchema = z.object({ connection: ConnectionSchema });
export const ConnectionListResponseSchema = z.object({ connections: z.array(ConnectionSchema) });

export const CREDENTIAL_SECRET_MAX_LENGTH = 8192;
const Secret = z.string().min(1).max(CREDENTIAL_SECRET_MAX_LENGTH);

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

/** PUT /integration-{marketplaceId}/v1/credentials. */
export const CredentialsPutSchema = z.object({
  connectionId: ConnectionIdSchema,
  credentials: StoredCredentialsSchema,
});
export type CredentialsPut = z.infer<typeof CredentialsPutSchema>;

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

/**
 * `sandbox`: the marketplaces are ListLoop's own emulators, running inside the server (the
 * embedded demo): nothing reaches a real marketplace. `live`: the real marketplaces, with the
 * app keys of the server's configuration.
 */
export const MARKETPLACES_MODES = ['sandbox', 'live'] as const;
export type MarketplacesMode = (typeof MARKETPLACES_MODES)[number];
export const MarketplacesModeSchema = z.enum(MARKETPLACES_MODES);

/**
 * How a seller connects a marketplace here: `oauth` signs in at the marketplace
 * (GET /api/user/auth/web-auth-url), `token` stores an API key or token the seller pastes
 * (PUT /integration-{marketplaceId}/v1/credentials), `extension` is the browser extension.
 */
export const CONNECT_METHODS = ['oauth', 'token', 'extension'] as const;
export type ConnectMethod = (typeof CONNECT_METHODS)[number];

export const ConnectOptionSchema = z.object({
  marketplace: MarketplaceIdSchema,
  method: z.enum(CONNECT_METHODS),
  /** What the seller gives before being sent on: `shop` (the Shopify store's domain). */
  needs: z.array(z.string()),
});
export type ConnectOption = z.infer<typeof ConnectOptionSchema>;

/** GET /api/marketplaces/connect-options: one entry per way a marketplace can be connected. */
export const ConnectOptionsResponseSchema = z.object({
  mode: MarketplacesModeSchema,
  marketplaces: z.array(ConnectOptionSchema),
});
export type ConnectOptionsResponse = z.infer<typeof ConnectOptionsResponseSchema>;

/** The kinds of eBay business policy (GET /api/marketplaces/ebay/business-polices/{type}/…). */
export const EBAY_POLICY_TYPES = ['fulfillment', 'payment', 'return'] as const;
export type EbayPolicyKind = (typeof EBAY_POLICY_TYPES)[number];

export const EbayBusinessPolicySchema = z.object({
  id: z.string(),
  type: z.enum(EBAY_POLICY_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  marketplaceId: z.string(),
  isDefault: z.boolean().describe('The seller’s default policy of its kind'),
  details: z.record(z.string(), z.unknown()).describe('The policy as eBay’s Account API gave it'),
});
export type EbayBusinessPolicy = z.infer<typeof EbayBusinessPolicySchema>;

export const EbayBusinessPoliciesResponseSchema = z.object({
  policies: z.array(EbayBusinessPolicySchema),
});

/**
 * The kinds of profile an Etsy listing names by id (GET /api/marketplaces/etsy/profiles/{kind}):
 * its shipping profile (`shipping.profileId`) and its processing profile
 * (`shipping.processingProfileId`, Etsy's readiness state definition).
 */
export const ETSY_PROFILE_KINDS = ['shipping', 'processing'] as const;
export type EtsyProfileKind = (typeof ETSY_PROFILE_KINDS)[number];

/** ✅ What a product's processing profile says it is: ready to ship, or made to order. */
export const ETSY_READINESS_STATES = ['ready_to_ship', 'made_to_order'] as const;
export type EtsyReadinessState = (typeof ETSY_READINESS_STATES)[number];

export const EtsyShopProfileSchema = z.object({
  id: z.string(),
  kind: z.enum(ETSY_PROFILE_KINDS),
  name: z
    .string()
    .nullable()
    .describe(
      'A shipping profile’s title in the Etsy shop (null when it has none); processing profiles have no name on Etsy',
    ),
  readinessState: z
    .enum(ETSY_READINESS_STATES)
    .nullable()
    .describe('A processing profile’s readiness state; null for a shipping profile'),
  minProcessingDays: z.number().int().nullable(),
  maxProcessingDays: z.number().int().nullable(),
  originCountry: z
    .string()
    .nullable()
    .describe('Where a shipping profile ships from (ISO 3166-1 alpha-2)'),
});
export type EtsyShopProfile = z.infer<typeof EtsyShopProfileSchema>;

export const EtsyShopProfilesResponseSchema = z.object({
  profiles: z.array(EtsyShopProfileSchema),
});
export type EtsyShopProfilesResponse = z.infer<typeof EtsyShopProfilesResponseSchema>;
