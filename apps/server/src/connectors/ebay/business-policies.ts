import { EBAY_POLICY_TYPES, type EbayBusinessPolicy } from '@listloop/domain';
import type { ConnectorScope } from '../contract';
import type { MarketplaceHttp } from '../shared/marketplace-http';
import { EbayClient, type EbayPolicyType } from './client';
import { EBAY_SITES } from './mapper';

/** The kinds of policy, and a policy as the API answers it: the domain's, which the web reads too. */
export { EBAY_POLICY_TYPES, type EbayBusinessPolicy };

export function isEbayPolicyType(value: string): value is EbayPolicyType {
  return (EBAY_POLICY_TYPES as readonly string[]).includes(value);
}

const ID_FIELD: Record<EbayPolicyType, string> = {
  fulfillment: 'fulfillmentPolicyId',
  payment: 'paymentPolicyId',
  return: 'returnPolicyId',
};

export function toBusinessPolicy(
  type: EbayPolicyType,
  raw: Record<string, unknown>,
): EbayBusinessPolicy {
  const categoryTypes = Array.isArray(raw.categoryTypes)
    ? (raw.categoryTypes as Array<Record<string, unknown>>)
    : [];
  return {
    id: String(raw[ID_FIELD[type]] ?? ''),
    type,
    name: typeof raw.name === 'string' ? raw.name : '',
    description: typeof raw.description === 'string' ? raw.description : null,
    marketplaceId: typeof raw.marketplaceId === 'string' ? raw.marketplaceId : '',
    isDefault: categoryTypes.some((c) => c.default === true),
    details: raw,
  };
}

/**
 * GET /api/marketplaces/ebay/business-polices/{policyType}/{policyValue}: the seller's eBay
 * business policies of one kind matching `policyValue`, from the Account API. A number is a
 * policy id (that policy); `*` lists them all; any other value is a name (the policy of that
 * exact name, else those whose name contains it, ignoring case). Empty when none matches.
 */
export async function ebayBusinessPolicies(
  http: MarketplaceHttp,
  scope: ConnectorScope,
  policyType: EbayPolicyType,
  policyValue: string,
  options: { marketplaceId?: string } = {},
): Promise<EbayBusinessPolicy[]> {
  const marketplaceId = options.marketplaceId ?? 'EBAY_US';
  const site = EBAY_SITES[marketplaceId] ?? EBAY_SITES.EBAY_US;
  const client = new EbayClient(http, marketplaceId, site?.contentLanguage ?? 'en-US');
  const value = policyValue.trim();
  if (/^\d+$/.test(value)) {
    const policy = await client.policy(scope, policyType, value);
    return policy ? [toBusinessPolicy(policyType, policy)] : [];
  }
  if (value && value !== '*') {
    const exact = await client.policyByName(scope, policyType, value);
    if (exact) return [toBusinessPolicy(policyType, exact)];
  }
  const all = (await client.policies(scope, policyType)).map((p) =>
    toBusinessPolicy(policyType, p),
  );
  if (!value || value === '*') return all;
  const wanted = value.toLowerCase();
  return all.filter((p) => p.name.toLowerCase().includes(wanted));
}
