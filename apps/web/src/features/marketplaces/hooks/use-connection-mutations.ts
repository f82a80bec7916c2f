import type { Connection, MarketplaceId } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  connectionKeys,
  deleteConnection,
  putConnection,
  storeCredentials,
} from '../api/connections.api';
import { credentialsBody } from '../connection-form';

/** The access token could not be stored after the connection itself was made. */
export class TokenNotStoredError extends Error {
  constructor(
    readonly connection: Connection,
    override readonly cause: unknown,
  ) {
    super('The connection was made but its access token was not stored');
    this.name = 'TokenNotStoredError';
  }
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: connectionKeys.all });
}

export interface ConnectInput {
  /** Chosen once per form: sending again (a retry) updates the same connection. */
  id: string;
  marketplace: MarketplaceId;
  nickname: string;
  /** Stored through the credentials call when given (API marketplaces). */
  accessToken: string;
}

export function useConnect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, marketplace, nickname, accessToken }: ConnectInput) => {
      const connection = await putConnection(id, { marketplace, nickname: nickname.trim() });
      if (accessToken.trim()) {
        try {
          await storeCredentials(marketplace, credentialsBody(marketplace, id, accessToken));
        } catch (error) {
          throw new TokenNotStoredError(connection, error);
        }
      }
      return connection;
    },
    onSettled: refresh,
  });
}

export function useRenameConnection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, nickname }: { id: string; nickname: string }) =>
      putConnection(id, { nickname: nickname.trim() }),
    onSettled: refresh,
  });
}

export function useStoreToken() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ connection, accessToken }: { connection: Connection; accessToken: string }) =>
      storeCredentials(
        connection.marketplace,
        credentialsBody(connection.marketplace, connection.id, accessToken),
      ),
    onSettled: refresh,
  });
}

export function useDisconnect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => deleteConnection(id),
    onSettled: refresh,
  });
}
