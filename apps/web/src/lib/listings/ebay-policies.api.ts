import {
  EBAY_POLICY_TYPES,
  EbayBusinessPoliciesResponseSchema,
  type EbayBusinessPolicy,
  type EbayPolicyKind,
} from '@listloop/domain';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import { apiRequest } from '../api-client';
import { listingValueMessages } from './listing.messages';

/** GET /api/marketplaces/ebay/business-polices/{type}/* (the spec's spelling): all of a kind. */
export const ebayPoliciesQueryOptions = (type: EbayPolicyKind) =>
  queryOptions({
    queryKey: ['ebay-business-policies', type],
    queryFn: async ({ signal }) => {
      const { policies } = await apiRequest(`/api/marketplaces/ebay/business-polices/${type}/*`, {
        schema: EbayBusinessPoliciesResponseSchema,
        signal,
      });
      return policies;
    },
    // A seller edits policies on eBay, rarely: a few minutes old is fresh enough.
    staleTime: 5 * 60_000,
  });

// Module-level, so useQueries keeps the combined list while no query result changes.
const allPolicies = (results: { data?: EbayBusinessPolicy[] }[]) =>
  results.flatMap((result) => result.data ?? []);

/** The seller's eBay business policies of every kind, once loaded (an empty list before). */
export function useEbayPolicies(enabled: boolean): EbayBusinessPolicy[] {
  return useQueries({
    queries: EBAY_POLICY_TYPES.map((type) => ({ ...ebayPoliciesQueryOptions(type), enabled })),
    combine: allPolicies,
  });
}

/** Policy id → name of the seller's eBay policies; empty while they load or without eBay. */
export function useEbayPolicyNames(enabled: boolean): ReadonlyMap<string, string> {
  const policies = useEbayPolicies(enabled);
  return useMemo(() => policyNames(policies), [policies]);
}

/** Policy id → name, for showing a policy by its name wherever its id is stored. */
export function policyNames(policies: readonly EbayBusinessPolicy[]): Map<string, string> {
  return new Map(
    policies
      .filter((policy) => policy.name.trim() !== '')
      .map((policy) => [policy.id, policy.name]),
  );
}

/**
 * The seller's eBay policies as a field offers them: by name, or "Policy <id>" for one without.
 * A stored id the account no longer has stays offered, so the field never shows blank.
 */
export function policyOptions(
  intl: IntlShape,
  policies: readonly EbayBusinessPolicy[],
  stored: string | null,
): { value: string; label: string }[] {
  const byId = (id: string) => intl.formatMessage(listingValueMessages.policyById, { id });
  const options = policies.map((policy) => ({
    value: policy.id,
    label: policy.name || byId(policy.id),
  }));
  if (stored && !options.some((option) => option.value === stored)) {
    options.push({ value: stored, label: byId(stored) });
  }
  return options;
}
