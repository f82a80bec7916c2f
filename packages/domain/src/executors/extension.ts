import { z } from 'zod';
import { EXTENSION_MARKETPLACES } from './executor-work.api';

/**
 * The browser extension's identity and the messages the web app and the extension exchange
 * (decision 0039). The manifest's public key fixes the extension's id in every browser that loads
 * it, so the web app can address it with `chrome.runtime.sendMessage(EXTENSION_ID, …)`; the
 * extension answers only ListLoop's own origin (`externally_connectable`).
 */
export const EXTENSION_ID = 'jeclemannddciljpdggmbjbelillkndj';
/** The manifest's `key`: a public key (DER, base64), not a secret. */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAziGD0mkgnpF2BH0xG994YX48tbjRW1UEjsGKuF2zXIuELbwITeWsv2vy9G71up/L2t+i0P6dXfkmnXeT9DJ3PrGfpMKi9ydBVS4LFPD5RezhDSE0PJ8qw7NaPs4aX9drVkIPy1Uqm7D8EwGf4BkPtv/d9YmMwbqQIlx4rwjDk4gz7ntLqbpXW7P0kcwcIcgtNYyP12Xuuv2/n+pQwS1+AMcYYQafV16iAoeP059VEwU7y3cnzdOl1JlZ/havqmzBXiPbFT7r2xN/TjXMu7XY6uiHoGT14grIHBNuXniw9d/cLfAEUMPFMWITn6pXhqA9YQYtHmwK1BnxvmL04h9y+QIDAQAB';

/** Where the server offers the packed extension for download. */
export const EXTENSION_DOWNLOAD_PATH = '/extension/listloop.zip';

export const ExtensionMessageSchema = z.discriminatedUnion('type', [
  /** Is the extension installed, which version, and is it paired (and with which server)? */
  z.object({ type: z.literal('listloop.ping') }),
  /** Pair with this server using this executor token (made for the signed-in member). */
  z.object({
    type: z.literal('listloop.pair'),
    server: z.string().url(),
    token: z.string().min(1).max(200),
  }),
]);
export type ExtensionMessage = z.infer<typeof ExtensionMessageSchema>;

export const ExtensionPingReplySchema = z.object({
  version: z.string(),
  /** The server it is paired with, or null. */
  server: z.string().nullable(),
  /** The executor token's id it holds, so the web app can tell which paired browser it is. */
  tokenId: z.string().nullable(),
});
export type ExtensionPingReply = z.infer<typeof ExtensionPingReplySchema>;

export const ExtensionPairReplySchema = z.object({
  paired: z.boolean(),
  /** Why not, in English, when the token was refused by the server. */
  error: z.string().nullable(),
});
export type ExtensionPairReply = z.infer<typeof ExtensionPairReplySchema>;

/** GET /api/rest/v1/executor/me: who the extension's token acts as. */
export const ExecutorWhoAmISchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  userName: z.string(),
  email: z.string(),
  accountId: z.string(),
  /** The seller's business, as the account names it. */
  companyName: z.string(),
  /**
   * The marketplaces whose operations the extension carries out for this account: those the
   * seller connected on the Marketplaces screen to be worked in the browser. It visits no other.
   */
  marketplaces: z.array(z.enum(EXTENSION_MARKETPLACES)),
});
export type ExecutorWhoAmI = z.infer<typeof ExecutorWhoAmISchema>;
