import {
  ConnectionListResponseSchema,
  ConnectionResponseSchema,
  CredentialsResponseSchema,
  type Connection,
  type ConnectionPut,
  type CredentialsPut,
  type MarketplaceId,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7 connections and credentials. */
export const CONNECTION_PATH = '/api/rest/v1/enterprise/connection';
export const credentialsPath = (marketplace: MarketplaceId) =>
  `/integration-${encodeURIComponent(marketplace)}/v1/credentials`;

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
};

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: async ({ signal }) => {
      const { connections } = await apiRequest(CONNECTION_PATH, {
        schema: ConnectionListResponseSchema,
        signal,
      });
      return connections;
    },
  });

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
