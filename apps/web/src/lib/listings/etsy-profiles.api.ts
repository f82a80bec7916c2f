import {
  EtsyShopProfilesResponseSchema,
  type EtsyProfileKind,
  type EtsyShopProfile,
} from '@listloop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { apiRequest } from '../api-client';
import { etsyProfileNames, type EtsyProfileNames } from './listing-values';

/** GET /api/marketplaces/etsy/profiles/{kind}: the seller's Etsy profiles of one kind. */
export const etsyProfilesQueryOptions = (kind: EtsyProfileKind) =>
  queryOptions({
    queryKey: ['etsy-profiles', kind],
    queryFn: async ({ signal }) => {
      const { profiles } = await apiRequest(`/api/marketplaces/etsy/profiles/${kind}`, {
        schema: EtsyShopProfilesResponseSchema,
        signal,
      });
      return profiles;
    },
    // A seller changes profiles on Etsy rarely; the server keeps them five minutes too.
    staleTime: 5 * 60_000,
  });

export interface EtsyProfilesState {
  profiles: EtsyShopProfile[];
  /** Etsy answered: the profiles are the shop's, and an id not among them is not there. */
  loaded: boolean;
  /** Why they could not be read (no connection, a connection that cannot read the shop). */
  error: unknown;
}

/** The seller's Etsy profiles of one kind, once loaded. */
export function useEtsyProfiles(kind: EtsyProfileKind, enabled: boolean): EtsyProfilesState {
  const query = useQuery({ ...etsyProfilesQueryOptions(kind), enabled });
  return useMemo(
    () => ({ profiles: query.data ?? [], loaded: query.isSuccess, error: query.error }),
    [query.data, query.isSuccess, query.error],
  );
}

/** Each profile id of the seller's Etsy shop by its name (empty while loading or without Etsy). */
export function useEtsyProfileNames(enabled: boolean): EtsyProfileNames {
  const intl = useIntl();
  const shipping = useEtsyProfiles('shipping', enabled);
  const processing = useEtsyProfiles('processing', enabled);
  return useMemo(() => etsyProfileNames(intl, shipping, processing), [intl, shipping, processing]);
}
