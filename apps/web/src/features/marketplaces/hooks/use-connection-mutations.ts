import type { Connection, MarketplaceId } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectionKeys } from '../../../lib/connections/connections.api';
import { listingKeys } from '../../../lib/listings/listing.api';
import {
  deleteConnection,
  putConnection,
  storeCredentials,
  webAuthUrl,
  type WebAuthUrlQuery,
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
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
      // Whether a marketplace is ready to list on depends on the account's connections.
      queryClient.invalidateQueries({ queryKey: listingKeys.allPreviews }),
    ]);
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

/**
 * Connects (or reconnects) by signing in at the marketplace: asks the server for the
 * authorize URL and sends the whole page there; the marketplace sends the seller back to
 * `redirect`. `leaving` holds from the answer until the page is gone, and ends if the browser
 * brings this page back from its cache (the seller pressed Back at the marketplace).
 */
export function useSignInToConnect() {
  const mutation = useMutation({
    mutationFn: async (query: WebAuthUrlQuery) => {
      const url = await webAuthUrl(query);
      window.location.assign(url);
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}
