import { ConnectOptionsResponseSchema, ConnectionListResponseSchema } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Spec §7 connections and credentials. */
export const CONNECTION_PATH = '/api/rest/v1/enterprise/connection';
export const CONNECT_OPTIONS_PATH = '/api/marketplaces/connect-options';

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
};

/** The account's connections; the call needs the marketplaces.manage permission. */
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

/** How each marketplace connects, and whether the server runs against the sandbox. */
export const connectOptionsQueryOptions = () =>
  queryOptions({
    // Not under connectionKeys.all: changing a connection does not change these.
    queryKey: ['connect-options'],
    queryFn: ({ signal }) =>
      apiRequest(CONNECT_OPTIONS_PATH, { schema: ConnectOptionsResponseSchema, signal }),
    // Server configuration: it changes only when the server restarts.
    staleTime: 10 * 60_000,
  });
