import {
  ConnectionResponseSchema,
  CredentialsResponseSchema,
  type Connection,
  type ConnectionPut,
  type CredentialsPut,
  type MarketplaceId,
} from '@listloop/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { CONNECTION_PATH } from '../../../lib/connections/connections.api';

export const credentialsPath = (marketplace: MarketplaceId) =>
  `/integration-${encodeURIComponent(marketplace)}/v1/credentials`;

/** Creates the connection when the id is new, else changes its nickname or status. */
export async function putConnection(id: string, body: ConnectionPut): Promise<Connection> {
  const { connection } = await apiRequest(`${CONNECTION_PATH}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: ConnectionResponseSchema,
  });
  return connection;
}

/** Removes the connection and the credentials stored for it. */
export function deleteConnection(id: string): Promise<void> {
  return apiRequest(`${CONNECTION_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Seals the credentials on the server; the answer holds only their hint. */
export function storeCredentials(marketplace: MarketplaceId, body: CredentialsPut) {
  return apiRequest(credentialsPath(marketplace), {
    method: 'PUT',
    body,
    schema: CredentialsResponseSchema,
  });
}

/** Spec §7 GET /api/user/auth/web-auth-url. */
export const WEB_AUTH_URL_PATH = '/api/user/auth/web-auth-url';

export interface WebAuthUrlQuery {
  marketplace: MarketplaceId;
  /** The app path the marketplace's callback sends the seller back to. */
  redirect: string;
  /** Reconnects this connection instead of making a new one. */
  connectionId?: string;
  /** Shopify: the store's myshopify.com domain. */
  shop?: string;
}

export function webAuthUrlPath(query: WebAuthUrlQuery): string {
  const params = new URLSearchParams({ marketplace: query.marketplace, redirect: query.redirect });
  if (query.connectionId) params.set('connectionId', query.connectionId);
  if (query.shop) params.set('shop', query.shop);
  return `${WEB_AUTH_URL_PATH}?${params.toString()}`;
}

/** The browser is sent there as a whole page: only a web address will do. */
const WebAuthUrlResponseSchema = z.object({
  url: z.string().refine((url) => /^https?:\/\//i.test(url), 'Not a web address'),
});

/** The marketplace's authorize URL for this seller (state and PKCE are kept by the server). */
export async function webAuthUrl(query: WebAuthUrlQuery): Promise<string> {
  const { url } = await apiRequest(webAuthUrlPath(query), { schema: WebAuthUrlResponseSchema });
  return url;
}
