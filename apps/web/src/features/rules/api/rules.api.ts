import {
  ListingDefaultsResponseSchema,
  MappingRulesResponseSchema,
  PricingRuleResponseSchema,
  type ListingDefaults,
  type ListingDefaultsPutSchema,
  type ListingPreview,
  type MappingRuleInput,
  type MappingRules,
  type MarketplaceId,
  type PricingRule,
  type PricingRulePutSchema,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { fetchItem, fetchItems, itemKeys } from '../../../lib/inventory/item.api';
import { previewListings } from '../../../lib/listings/listing.api';

/** Spec §7 mapping, pricing and defaults: the account's rules for one marketplace. */
export const MAPPING_RULE_PATH = '/api/account/mappingRule';
export const PRICING_RULE_PATH = '/api/account/pricingRule';
export const DEFAULTS_PATH = '/api/account/defaults';

const segment = encodeURIComponent;

export type MappingRuleUpsert = Omit<MappingRuleInput, 'id'> & { id?: string };
export type PricingRulePut = z.input<typeof PricingRulePutSchema>['pricingRule'];
export type ListingDefaultsPut = z.input<typeof ListingDefaultsPutSchema>['defaults'];

export const ruleKeys = {
  all: ['rules'] as const,
  marketplace: (marketplace: MarketplaceId) => [...ruleKeys.all, marketplace] as const,
  mapping: (marketplace: MarketplaceId) =>
    [...ruleKeys.marketplace(marketplace), 'mapping'] as const,
  pricing: (marketplace: MarketplaceId) =>
    [...ruleKeys.marketplace(marketplace), 'pricing'] as const,
  defaults: (marketplace: MarketplaceId) =>
    [...ruleKeys.marketplace(marketplace), 'defaults'] as const,
  /** Previews read every rule of their marketplace: any rule change makes them stale. */
  previews: () => [...ruleKeys.all, 'preview'] as const,
  preview: (userId: string, itemId: string, marketplace: MarketplaceId) =>
    [...ruleKeys.previews(), userId, itemId, marketplace] as const,
};

export const mappingRulesQueryOptions = (marketplace: MarketplaceId) =>
  queryOptions({
    queryKey: ruleKeys.mapping(marketplace),
    queryFn: async ({ signal }) => {
      const { mappingRules } = await apiRequest(`${MAPPING_RULE_PATH}/${segment(marketplace)}`, {
        schema: MappingRulesResponseSchema,
        signal,
      });
      return mappingRules;
    },
  });

export const pricingRuleQueryOptions = (marketplace: MarketplaceId) =>
  queryOptions({
    queryKey: ruleKeys.pricing(marketplace),
    queryFn: async ({ signal }) => {
      const { pricingRule } = await apiRequest(`${PRICING_RULE_PATH}/${segment(marketplace)}`, {
        schema: PricingRuleResponseSchema,
        signal,
      });
      return pricingRule;
    },
  });

export const defaultsQueryOptions = (marketplace: MarketplaceId) =>
  queryOptions({
    queryKey: ruleKeys.defaults(marketplace),
    queryFn: async ({ signal }) => {
      const { defaults } = await apiRequest(`${DEFAULTS_PATH}/${segment(marketplace)}`, {
        schema: ListingDefaultsResponseSchema,
        signal,
      });
      return defaults;
    },
  });

/** The listing the marketplace would be sent for the item, and what built and blocks it. */
export const listingPreviewQueryOptions = (
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
) =>
  queryOptions({
    queryKey: ruleKeys.preview(userId, itemId, marketplace),
    queryFn: async ({ signal }): Promise<ListingPreview | null> => {
      const previews = await previewListings(userId, itemId, [marketplace], signal);
      return previews.find((preview) => preview.marketplace === marketplace) ?? null;
    },
  });

/** Adds a rule (no id) or replaces it (with id); answers every rule of the marketplace. */
export async function saveMappingRule(
  marketplace: MarketplaceId,
  rule: MappingRuleUpsert,
): Promise<MappingRules> {
  const { mappingRules } = await apiRequest(`${MAPPING_RULE_PATH}/${segment(marketplace)}`, {
    method: 'PUT',
    body: { rules: [rule] },
    schema: MappingRulesResponseSchema,
  });
  return mappingRules;
}

export function deleteMappingRule(marketplace: MarketplaceId, ruleId: string): Promise<void> {
  return apiRequest(`${MAPPING_RULE_PATH}/${segment(marketplace)}/${segment(ruleId)}`, {
    method: 'DELETE',
  });
}

export async function savePricingRule(
  marketplace: MarketplaceId,
  pricingRule: PricingRulePut,
): Promise<PricingRule | null> {
  const response = await apiRequest(`${PRICING_RULE_PATH}/${segment(marketplace)}`, {
    method: 'PUT',
    body: { pricingRule },
    schema: PricingRuleResponseSchema,
  });
  return response.pricingRule;
}

export function removePricingRule(marketplace: MarketplaceId): Promise<void> {
  return apiRequest(`${PRICING_RULE_PATH}/${segment(marketplace)}`, { method: 'DELETE' });
}

export async function saveDefaults(
  marketplace: MarketplaceId,
  defaults: ListingDefaultsPut,
): Promise<ListingDefaults | null> {
  const response = await apiRequest(`${DEFAULTS_PATH}/${segment(marketplace)}`, {
    method: 'PUT',
    body: { defaults },
    schema: ListingDefaultsResponseSchema,
  });
  return response.defaults;
}

/** The preview's sample item: the same query as the item screen's, so either fills the other. */
export const sampleItemQueryOptions = (userId: string, itemId: string) =>
  queryOptions({
    queryKey: itemKeys.detail(userId, itemId),
    queryFn: ({ signal }) => fetchItem(userId, itemId, signal),
  });

export const SAMPLE_ITEM_CHOICES = 20;

/** Items matching what the seller typed in the sample-item picker, newest first. */
export const sampleItemSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...ruleKeys.all, 'sample-items', query] as const,
    queryFn: async ({ signal }) => {
      const { items } = await fetchItems(
        { q: query || undefined, limit: SAMPLE_ITEM_CHOICES, sort: 'dateCreated:desc' },
        signal,
      );
      return items;
    },
  });
