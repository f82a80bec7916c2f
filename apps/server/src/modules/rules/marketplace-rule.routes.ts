import { z } from 'zod';
import {
  ListingDefaultsPutSchema,
  ListingDefaultsResponseSchema,
  ListingPreviewRequestSchema,
  ListingPreviewResponseSchema,
  MappingRulePutSchema,
  MappingRulesResponseSchema,
  PricingRulePutSchema,
  PricingRuleResponseSchema,
  RuleMarketplaceParamSchema,
} from '@listloop/domain';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ListingPreviewService } from './listing-preview.service';
import type { MarketplaceRuleService } from './marketplace-rule.service';

const MAPPING = '/api/account/mappingRule';
const PRICING = '/api/account/pricingRule';
const DEFAULTS = '/api/account/defaults';
const ITEM = '/api/account/item';

const Id = z.string().min(1).max(64);
/** Checked against the supported marketplaces by the service, whose 400 names the choices. */
const MarketplaceParam = RuleMarketplaceParamSchema;
const MarketplaceParams = z.object({ marketplaceId: MarketplaceParam });
const MappingRuleParams = z.object({ marketplaceId: MarketplaceParam, mappingRuleId: Id });
const ItemParams = z.object({ userId: Id, itemId: Id });

/**
 * Spec §7 mappingRule, pricingRule, defaults, and the listing preview. The rules are
 * the caller's account's; the preview reads an item as GET item does (404 for anyone else's).
 */
export async function marketplaceRuleRoutes(
  app: App,
  deps: { service: MarketplaceRuleService; previews: ListingPreviewService },
) {
  const tags = ['rules'];
  const { service, previews } = deps;
  const read = { access: access.member('items.read') };
  const manage = { access: access.member('rules.manage') };

  app.get(
    `${MAPPING}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'The account’s mapping rules for a marketplace',
        params: MarketplaceParams,
        response: { 200: MappingRulesResponseSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => ({
      mappingRules: await service.listMapping(
        requireContext(request),
        request.params.marketplaceId,
      ),
    }),
  );

  app.put(
    `${MAPPING}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'Add mapping rules (no id) or replace them (with id); answers all of them',
        description:
          'A rule that could match the same value as another rule of the same field is refused with 409.',
        params: MarketplaceParams,
        body: MappingRulePutSchema,
        response: { 200: MappingRulesResponseSchema, ...errorResponses },
      },
      config: {
        ...manage,
        activity: activity.records('rule.saved', ({ params }) => ({
          id: params.marketplaceId!,
          details: { ruleKind: 'mapping', marketplaces: [params.marketplaceId!] },
        })),
      },
    },
    async (request) => ({
      mappingRules: await service.putMapping(
        requireContext(request),
        request.params.marketplaceId,
        request.body.rules,
      ),
    }),
  );

  app.delete(
    `${MAPPING}/:marketplaceId/:mappingRuleId`,
    {
      schema: {
        tags,
        summary: 'Delete a mapping rule',
        params: MappingRuleParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        ...manage,
        activity: activity.records('rule.deleted', ({ params }) => ({
          id: params.marketplaceId!,
          details: { ruleKind: 'mapping', marketplaces: [params.marketplaceId!] },
        })),
      },
    },
    async (request, reply) => {
      await service.removeMapping(
        requireContext(request),
        request.params.marketplaceId,
        request.params.mappingRuleId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${PRICING}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'The account’s pricing rule for a marketplace (null: prices as the item has them)',
        params: MarketplaceParams,
        response: { 200: PricingRuleResponseSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => ({
      pricingRule: await service.getPricing(requireContext(request), request.params.marketplaceId),
    }),
  );

  app.put(
    `${PRICING}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'Set the pricing rule for a marketplace',
        params: MarketplaceParams,
        body: PricingRulePutSchema,
        response: { 200: PricingRuleResponseSchema, ...errorResponses },
      },
      config: {
        ...manage,
        activity: activity.records('rule.saved', ({ params }) => ({
          id: params.marketplaceId!,
          details: { ruleKind: 'pricing', marketplaces: [params.marketplaceId!] },
        })),
      },
    },
    async (request) => ({
      pricingRule: await service.putPricing(
        requireContext(request),
        request.params.marketplaceId,
        request.body.pricingRule,
      ),
    }),
  );

  app.delete(
    `${PRICING}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'Remove the pricing rule for a marketplace',
        params: MarketplaceParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        ...manage,
        activity: activity.records('rule.deleted', ({ params }) => ({
          id: params.marketplaceId!,
          details: { ruleKind: 'pricing', marketplaces: [params.marketplaceId!] },
        })),
      },
    },
    async (request, reply) => {
      await service.removePricing(requireContext(request), request.params.marketplaceId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${DEFAULTS}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'The account’s listing defaults for a marketplace',
        params: MarketplaceParams,
        response: { 200: ListingDefaultsResponseSchema, ...errorResponses },
      },
      config: read,
    },
    async (request) => ({
      defaults: await service.getDefaults(requireContext(request), request.params.marketplaceId),
    }),
  );

  app.put(
    `${DEFAULTS}/:marketplaceId`,
    {
      schema: {
        tags,
        summary: 'Set the listing defaults for a marketplace',
        params: MarketplaceParams,
        body: ListingDefaultsPutSchema,
        response: { 200: ListingDefaultsResponseSchema, ...errorResponses },
      },
      config: {
        ...manage,
        activity: activity.records('rule.saved', ({ params }) => ({
          id: params.marketplaceId!,
          details: { ruleKind: 'defaults', marketplaces: [params.marketplaceId!] },
        })),
      },
    },
    async (request) => ({
      defaults: await service.putDefaults(
        requireContext(request),
        request.params.marketplaceId,
        request.body.defaults,
      ),
    }),
  );

  app.post(
    `${ITEM}/:userId/:itemId/preview`,
    {
      schema: {
        tags,
        summary: 'The listing each marketplace would be sent, and every problem that would stop it',
        params: ItemParams,
        body: ListingPreviewRequestSchema,
        response: { 200: ListingPreviewResponseSchema, ...errorResponses },
      },
      config: { ...read, activity: activity.none('a preview changes nothing') },
    },
    async (request) => ({
      previews: await previews.buildMany(
        requireContext(request),
        request.params.userId,
        request.params.itemId,
        request.body.marketplaces,
      ),
    }),
  );
}
