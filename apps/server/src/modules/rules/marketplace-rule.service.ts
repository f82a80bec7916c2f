import type { z } from 'zod';
import type {
  ListingDefaultsPutSchema,
  PricingRulePutSchema,
  ListingDefaults,
  MappingRule,
  MappingRules,
  MarketplaceId,
  PricingRule,
} from '@listloop/domain';
import {
  ListingDefaultsSchema,
  MAPPING_RULES_MAX,
  MappingRuleSchema,
  MappingRuleUpsertSchema,
  mappingRulesOverlap,
  MARKETPLACE_NAMES,
  PricingRuleSchema,
  SUPPORTED_MARKETPLACES,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import type { MarketplaceRuleRepository, MarketplaceRuleRow } from './marketplace-rule.repository';

export type MappingRuleUpsert = z.input<typeof MappingRuleUpsertSchema>;
export type PricingRulePut = z.input<typeof PricingRulePutSchema>['pricingRule'];
export type ListingDefaultsPut = z.input<typeof ListingDefaultsPutSchema>['defaults'];

/** What the account has set for one marketplace, ready for composeListing. */
export interface MarketplaceRuleSet {
  mappingRules: MappingRule[];
  pricingRule: PricingRule | null;
  defaults: ListingDefaults | null;
}

const NO_SUCH_MAPPING_RULE = 'No such mapping rule.';

const supportedNames = () => SUPPORTED_MARKETPLACES.join(', ');

/**
 * A marketplace id from a path or body: one ListLoop lists on, or a 400 that names the choices.
 */
export function requireSupportedMarketplace(value: string): MarketplaceId {
  const known = (SUPPORTED_MARKETPLACES as readonly string[]).includes(value);
  if (!known) {
    const excluded = value in MARKETPLACE_NAMES;
    throw badRequest(
      excluded
        ? `${MARKETPLACE_NAMES[value as MarketplaceId]} is not supported; use one of: ${supportedNames()}.`
        : `'${value}' is not a marketplace; use one of: ${supportedNames()}.`,
    );
  }
  return value as MarketplaceId;
}

function toMappingRule(row: MarketplaceRuleRow): MappingRule {
  return MappingRuleSchema.parse({ ...row.rule, id: row.id });
}

function ruleBody(rule: MappingRule): Record<string, unknown> {
  const { id: _id, ...body } = rule;
  return body;
}

/**
 * Spec §7 mappingRule, pricingRule and defaults: the account's rules per marketplace. Any member
 * with rules.manage changes them for the whole account; the account is always the caller's.
 */
export class MarketplaceRuleService {
  constructor(
    private readonly db: Db,
    private readonly rules: MarketplaceRuleRepository,
  ) {}

  /** Everything the account has set for the marketplace, for building its listings. */
  async ruleSet(accountId: string, marketplace: MarketplaceId): Promise<MarketplaceRuleSet> {
    const rows = await this.rules.listForMarketplace(accountId, marketplace);
    const single = (kind: 'pricing' | 'defaults') => rows.find((row) => row.kind === kind);
    const pricing = single('pricing');
    const defaults = single('defaults');
    return {
      mappingRules: rows.filter((row) => row.kind === 'mapping').map(toMappingRule),
      pricingRule: pricing
        ? PricingRuleSchema.parse({ ...pricing.rule, marketplaceId: marketplace })
        : null,
      defaults: defaults
        ? ListingDefaultsSchema.parse({ ...defaults.rule, marketplaceId: marketplace })
        : null,
    };
  }

  async listMapping(ctx: RequestContext, marketplaceId: string): Promise<MappingRules> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    const rows = await this.rules.listOfKind(ctx.accountId, marketplace, 'mapping');
    return { marketplaceId: marketplace, rules: rows.map(toMappingRule) };
  }

  /**
   * Adds the rules without an id and replaces those with one (404 if the account has no such
   * rule here). A rule that could match the same value as another is refused with 409: only
   * one of them would ever be used.
   */
  async putMapping(
    ctx: RequestContext,
    marketplaceId: string,
    input: readonly MappingRuleUpsert[],
  ): Promise<MappingRules> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    return this.db.transaction(async (tx) => {
      await this.rules.lockMapping(ctx.accountId, marketplace, tx);
      const existing = (await this.rules.listOfKind(ctx.accountId, marketplace, 'mapping', tx)).map(
        toMappingRule,
      );
      const byId = new Map(existing.map((rule) => [rule.id, rule]));
      const changed: MappingRule[] = [];
      const created: MappingRule[] = [];
      const seen = new Set<string>();
      for (const raw of input) {
        const parsed = MappingRuleUpsertSchema.parse(raw);
        if (parsed.id !== undefined) {
          if (!byId.has(parsed.id)) throw notFound(NO_SUCH_MAPPING_RULE);
          if (seen.has(parsed.id))
            throw badRequest(`Rule ${parsed.id} is given twice; send it once.`);
          seen.add(parsed.id);
          const rule = { ...parsed, id: parsed.id };
          byId.set(rule.id, rule);
          changed.push(rule);
        } else {
          const rule = { ...parsed, id: newId() };
          byId.set(rule.id, rule);
          created.push(rule);
        }
      }
      const all = [...byId.values()];
      if (all.length > MAPPING_RULES_MAX) {
        throw badRequest(
          `A marketplace can have at most ${MAPPING_RULES_MAX} mapping rules; delete some first.`,
        );
      }
      for (const rule of [...changed, ...created]) {
        const other = all.find(
          (candidate) => candidate !== rule && mappingRulesOverlap(candidate, rule),
        );
        if (other) {
          throw conflict(
            `Another ${rule.field} rule already maps '${other.from}'; keep one of them.`,
          );
        }
      }
      for (const rule of changed) {
        await this.rules.updateMapping(ctx.accountId, marketplace, rule.id, ruleBody(rule), tx);
      }
      for (const rule of created) {
        await this.rules.insertMapping(
          { id: rule.id, accountId: ctx.accountId, marketplace, rule: ruleBody(rule) },
          tx,
        );
      }
      const rows = await this.rules.listOfKind(ctx.accountId, marketplace, 'mapping', tx);
      return { marketplaceId: marketplace, rules: rows.map(toMappingRule) };
    });
  }

  async removeMapping(ctx: RequestContext, marketplaceId: string, ruleId: string): Promise<void> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    const removed = await this.rules.removeMapping(ctx.accountId, marketplace, ruleId);
    if (!removed) throw notFound(NO_SUCH_MAPPING_RULE);
  }

  async getPricing(ctx: RequestContext, marketplaceId: string): Promise<PricingRule | null> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    return (await this.ruleSet(ctx.accountId, marketplace)).pricingRule;
  }

  async putPricing(
    ctx: RequestContext,
    marketplaceId: string,
    input: PricingRulePut,
  ): Promise<PricingRule> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    const rule = PricingRuleSchema.parse({ ...input, marketplaceId: marketplace });
    const { marketplaceId: _m, ...body } = rule;
    await this.rules.upsertSingle({
      id: newId(),
      accountId: ctx.accountId,
      marketplace,
      kind: 'pricing',
      rule: body,
    });
    return rule;
  }

  /** Removing a rule the account does not have is not an error: afterwards there is none. */
  async removePricing(ctx: RequestContext, marketplaceId: string): Promise<void> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    await this.rules.removeSingle(ctx.accountId, marketplace, 'pricing');
  }

  async getDefaults(ctx: RequestContext, marketplaceId: string): Promise<ListingDefaults | null> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    return (await this.ruleSet(ctx.accountId, marketplace)).defaults;
  }

  async putDefaults(
    ctx: RequestContext,
    marketplaceId: string,
    input: ListingDefaultsPut,
  ): Promise<ListingDefaults> {
    const marketplace = requireSupportedMarketplace(marketplaceId);
    const defaults = ListingDefaultsSchema.parse({ ...input, marketplaceId: marketplace });
    const { marketplaceId: _m, ...body } = defaults;
    await this.rules.upsertSingle({
      id: newId(),
      accountId: ctx.accountId,
      marketplace,
      kind: 'defaults',
      rule: body,
    });
    return defaults;
  }

  /**
   * Replaces the account's listing defaults for the marketplace outside a member's request (the
   * setup done once after connecting).
   */
  async saveDefaults(
    accountId: string,
    marketplace: MarketplaceId,
    defaults: ListingDefaults,
  ): Promise<void> {
    const { marketplaceId: _m, ...rule } = defaults;
    await this.rules.upsertSingle({ id: newId(), accountId, marketplace, kind: 'defaults', rule });
  }
}
