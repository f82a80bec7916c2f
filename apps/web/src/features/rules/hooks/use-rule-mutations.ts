import type { MarketplaceId } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingKeys } from '../../../lib/listings/listing.api';
import {
  deleteMappingRule,
  removePricingRule,
  ruleKeys,
  saveDefaults,
  saveMappingRule,
  savePricingRule,
  type ListingDefaultsPut,
  type MappingRuleUpsert,
  type PricingRulePut,
} from '../api/rules.api';

/**
 * After any change: the marketplace's rules, and every preview (this screen's and the item
 * screen's), which are built from them.
 */
function useRefresh(marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ruleKeys.marketplace(marketplace) }),
      queryClient.invalidateQueries({ queryKey: ruleKeys.previews() }),
      queryClient.invalidateQueries({ queryKey: [...listingKeys.all, 'preview'] }),
    ]);
  };
}

export function useSaveMappingRule(marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(marketplace);
  return useMutation({
    mutationFn: (rule: MappingRuleUpsert) => saveMappingRule(marketplace, rule),
    onSuccess: (rules) => queryClient.setQueryData(ruleKeys.mapping(marketplace), rules),
    onSettled: refresh,
  });
}

export function useDeleteMappingRule(marketplace: MarketplaceId) {
  const refresh = useRefresh(marketplace);
  return useMutation({
    mutationFn: (ruleId: string) => deleteMappingRule(marketplace, ruleId),
    onSettled: refresh,
  });
}

export function useSavePricingRule(marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(marketplace);
  return useMutation({
    mutationFn: (rule: PricingRulePut) => savePricingRule(marketplace, rule),
    onSuccess: (rule) => queryClient.setQueryData(ruleKeys.pricing(marketplace), rule),
    onSettled: refresh,
  });
}

export function useRemovePricingRule(marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(marketplace);
  return useMutation({
    mutationFn: () => removePricingRule(marketplace),
    onSuccess: () => queryClient.setQueryData(ruleKeys.pricing(marketplace), null),
    onSettled: refresh,
  });
}

export function useSaveDefaults(marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(marketplace);
  return useMutation({
    mutationFn: (defaults: ListingDefaultsPut) => saveDefaults(marketplace, defaults),
    onSuccess: (saved) => queryClient.setQueryData(ruleKeys.defaults(marketplace), saved),
    onSettled: refresh,
  });
}
