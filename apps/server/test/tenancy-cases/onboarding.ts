import { expect } from 'vitest';
import type { TenancyCase, Victim } from '../tenancy';

const BASE = '/api/rest/v1/enterprise/onboarding';
const WORKFLOW = '/api/rest/v1/enterprise/workflow';

/** The victim's onboarding, made with the defaults by their first fetch. */
async function onboardingOf(victim: Victim): Promise<{ id: string; step: string; status: string }> {
  const response = await victim.client.get(BASE);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function onboardingUnchanged(victim: Victim) {
  const onboarding = await onboardingOf(victim);
  expect(onboarding).toMatchObject({ step: 'main_marketplace', status: 'PENDING' });
}

export const cases: TenancyCase[] = [
  {
    route: `GET ${BASE}/:id`,
    title: 'cannot read another account’s onboarding by its id',
    request: async (victim) => ({ path: `${BASE}/${(await onboardingOf(victim)).id}` }),
    unchanged: onboardingUnchanged,
  },
  {
    route: `GET ${BASE}`,
    title: 'reads only the caller’s own onboarding',
    request: async (victim) => {
      await onboardingOf(victim);
      return { path: BASE };
    },
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.body.accountId).not.toBe(victim.account.accountId);
    },
    unchanged: onboardingUnchanged,
  },
  {
    route: `PUT ${BASE}`,
    title: 'saves only the caller’s own onboarding',
    request: async (victim) => {
      await onboardingOf(victim);
      return {
        path: BASE,
        body: {
          step: 'marketplaces',
          mainMarketplace: 'depop',
          crosslistWorkflow: 'import_from_csv',
        },
      };
    },
    check: (response, victim) => {
      expect(response.status, response.text).toBe(200);
      expect(response.body.accountId).not.toBe(victim.account.accountId);
    },
    unchanged: onboardingUnchanged,
  },
  {
    route: `POST ${BASE}/:id/approve`,
    title: 'a member of another account, not staff, cannot find the approval (404)',
    request: async (victim) => ({ path: `${BASE}/${(await onboardingOf(victim)).id}/approve` }),
    unchanged: onboardingUnchanged,
  },
  {
    route: `GET ${BASE}/pending`,
    title: 'a member who is not staff cannot find the pending list (404)',
    request: () => ({ path: `${BASE}/pending` }),
  },
];

export const ownDataOnly: Record<string, string> = {
  [`POST ${BASE}/vestiaire/accesses`]:
    'asks for access for the caller’s own account; takes no id (onboarding.int.test.ts)',
  // The staff routes work across accounts by design; the cases above prove a member who is not
  // provider staff is told they do not exist (404) and changes nothing.
  [`GET ${BASE}/pending`]:
    'staff-only: lists every account’s pending onboarding by design; a non-staff member gets 404',
  [`POST ${BASE}/:id/approve`]:
    'staff-only: approves any account’s onboarding by design; a non-staff member gets 404',
  [`GET ${WORKFLOW}`]: 'the caller’s own account’s workflow; takes no id',
  [`PUT ${WORKFLOW}`]: 'replaces the caller’s own account’s workflow; takes no id',
  [`PATCH ${WORKFLOW}`]: 'changes the caller’s own account’s workflow; takes no id',
};
