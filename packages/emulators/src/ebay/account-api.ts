import type { ApiContext, OperationHandler } from '../core/emulator-server';
import { json, type EmulatorResponse } from '../core/http';
import { EBAY_MARKETPLACES, record, requestViolation, type EbayContext } from './ebay-context';
import { ebayError, ebayErrors } from './ebay-errors';
import type { PolicyRecord, PolicyType } from './ebay-store';

export const ACCOUNT_BASE_PATH = '/sell/account/v1';

/** ✅ The program a seller opts into to use business policies. */
export const BUSINESS_POLICIES_PROGRAM = 'SELLING_POLICY_MANAGEMENT';

const ID_FIELD: Record<PolicyType, string> = {
  fulfillment: 'fulfillmentPolicyId',
  payment: 'paymentPolicyId',
  return: 'returnPolicyId',
};
const LIST_FIELD: Record<PolicyType, string> = {
  fulfillment: 'fulfillmentPolicies',
  payment: 'paymentPolicies',
  return: 'returnPolicies',
};

export function policyJson(policy: PolicyRecord): Record<string, unknown> {
  return { ...policy.body, [ID_FIELD[policy.type]]: policy.id };
}

export function accountHandlers(ebay: EbayContext): Record<string, OperationHandler> {
  const { store } = ebay;

  /** ◐ eBay's answer (sic) when the seller has not opted into business policies. */
  const notEligible = (): EmulatorResponse | null =>
    store.optedInPrograms.has(BUSINESS_POLICIES_PROGRAM)
      ? null
      : ebayErrors(400, [
          ebayError('accountInvalidField', {
            fill: { fieldName: '' },
            additionalInfo: 'User is not eligible for Business Policy.',
          }),
        ]);

  const marketplaceOf = (ctx: ApiContext): string | EmulatorResponse => {
    const marketplaceId = ctx.request.query.get('marketplace_id') ?? '';
    if (EBAY_MARKETPLACES[marketplaceId]) return marketplaceId;
    const error = ebayError('accountInvalidField', { fill: { fieldName: 'marketplace_id' } });
    requestViolation(ebay, ctx, [error.message]);
    return ebayErrors(400, [error]);
  };

  const policiesOf = (type: PolicyType, marketplaceId: string) =>
    [...store.policies.values()].filter(
      (p) => p.type === type && p.body.marketplaceId === marketplaceId,
    );

  const list =
    (type: PolicyType): OperationHandler =>
    (ctx) => {
      const refused = notEligible();
      if (refused) return refused;
      const marketplaceId = marketplaceOf(ctx);
      if (typeof marketplaceId !== 'string') return marketplaceId;
      const policies = policiesOf(type, marketplaceId).map(policyJson);
      return json(200, {
        href: `${ctx.baseUrl}${ctx.request.path}?${ctx.request.query.toString()}`,
        total: policies.length,
        limit: policies.length,
        offset: 0,
        [LIST_FIELD[type]]: policies,
      });
    };

  const byId =
    (type: PolicyType, param: string): OperationHandler =>
    (ctx) => {
      const refused = notEligible();
      if (refused) return refused;
      const id = ctx.params[param] ?? '';
      const policy = store.policies.get(id);
      if (!policy || policy.type !== type) {
        return ebayErrors(404, [
          ebayError('accountNotFound', { fill: { fieldName: ID_FIELD[type] } }),
        ]);
      }
      return json(200, policyJson(policy));
    };

  const byName =
    (type: PolicyType): OperationHandler =>
    (ctx) => {
      const refused = notEligible();
      if (refused) return refused;
      const marketplaceId = marketplaceOf(ctx);
      if (typeof marketplaceId !== 'string') return marketplaceId;
      const name = ctx.request.query.get('name') ?? '';
      const policy = policiesOf(type, marketplaceId).find((p) => p.body.name === name);
      if (!policy)
        return ebayErrors(404, [ebayError('accountNotFound', { fill: { fieldName: 'name' } })]);
      return json(200, policyJson(policy));
    };

  const create =
    (type: PolicyType): OperationHandler =>
    (ctx) => {
      const refused = notEligible();
      if (refused) return refused;
      const body = record(ctx.json);
      for (const field of ['name', 'marketplaceId', 'categoryTypes']) {
        if (body[field] === undefined || body[field] === '') {
          const error = ebayError('accountMissingField', { fill: { fieldName: field } });
          requestViolation(ebay, ctx, [error.message]);
          return ebayErrors(400, [error]);
        }
      }
      const marketplaceId = String(body.marketplaceId);
      const name = String(body.name);
      if (policiesOf(type, marketplaceId).some((p) => p.body.name === name)) {
        return ebayErrors(400, [
          ebayError('accountInvalidRequest', {
            additionalInfo: `A ${type} policy named '${name}' already exists.`,
          }),
        ]);
      }
      const policy: PolicyRecord = {
        type,
        id: store.ids.policyId(),
        body: { ...body, name, marketplaceId },
      };
      store.policies.set(policy.id, policy);
      return json(201, policyJson(policy), {
        location: `${ctx.baseUrl}${ACCOUNT_BASE_PATH}/${type}_policy/${policy.id}`,
      });
    };

  return {
    getFulfillmentPolicies: list('fulfillment'),
    getPaymentPolicies: list('payment'),
    getReturnPolicies: list('return'),
    getFulfillmentPolicy: byId('fulfillment', 'fulfillmentPolicyId'),
    getPaymentPolicy: byId('payment', 'payment_policy_id'),
    getReturnPolicy: byId('return', 'return_policy_id'),
    getFulfillmentPolicyByName: byName('fulfillment'),
    getPaymentPolicyByName: byName('payment'),
    getReturnPolicyByName: byName('return'),
    createFulfillmentPolicy: create('fulfillment'),
    createPaymentPolicy: create('payment'),
    createReturnPolicy: create('return'),
    getOptedInPrograms() {
      return json(200, {
        programs: [...store.optedInPrograms].map((programType) => ({ programType })),
      });
    },
    optInToProgram(ctx) {
      const programType = record(ctx.json).programType;
      if (typeof programType !== 'string' || !programType) {
        const error = ebayError('accountMissingField', { fill: { fieldName: 'programType' } });
        requestViolation(ebay, ctx, [error.message]);
        return ebayErrors(400, [error]);
      }
      store.optedInPrograms.add(programType);
      return json(200, {});
    },
    optOutOfProgram(ctx) {
      const programType = record(ctx.json).programType;
      if (typeof programType !== 'string' || !programType) {
        const error = ebayError('accountMissingField', { fill: { fieldName: 'programType' } });
        requestViolation(ebay, ctx, [error.message]);
        return ebayErrors(400, [error]);
      }
      store.optedInPrograms.delete(programType);
      return json(200, {});
    },
  };
}

/** Seeds one policy of each kind for a marketplace, as a seller who set up business policies has. */
export function seedPolicies(ebay: EbayContext, marketplaceId: string): Record<PolicyType, string> {
  const currency = EBAY_MARKETPLACES[marketplaceId]?.currency ?? 'USD';
  const categoryTypes = [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }];
  const add = (type: PolicyType, body: Record<string, unknown> & { name: string }): string => {
    const id = ebay.store.ids.policyId();
    ebay.store.policies.set(id, { type, id, body: { ...body, marketplaceId, categoryTypes } });
    return id;
  };
  return {
    fulfillment: add('fulfillment', {
      name: 'Standard shipping',
      description: 'Ships within 2 business days',
      handlingTime: { unit: 'DAY', value: 2 },
      shippingOptions: [
        {
          costType: 'FLAT_RATE',
          optionType: 'DOMESTIC',
          shippingServices: [
            {
              shippingServiceCode: marketplaceId === 'EBAY_US' ? 'USPSPriority' : 'Standard',
              shippingCost: { value: '5.00', currency },
              freeShipping: false,
              sortOrder: 1,
            },
          ],
        },
      ],
    }),
    payment: add('payment', { name: 'Immediate payment', immediatePay: true, paymentMethods: [] }),
    return: add('return', {
      name: '30-day returns',
      returnsAccepted: true,
      returnPeriod: { unit: 'DAY', value: 30 },
      returnShippingCostPayer: 'BUYER',
      refundMethod: 'MONEY_BACK',
    }),
  };
}
