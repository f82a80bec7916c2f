import { z } from 'zod';
import {
  ONBOARDING_API_BASE,
  OnboardingFormSchema,
  OnboardingSchema,
  type Onboarding,
  PendingOnboardingSchema,
  VestiaireAccessRequestSchema,
} from '@listloop/domain';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { OnboardingService } from './onboarding.service';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Spec §2, §3 and §7 onboarding, and the provider staff's approval (decision 0044). */
export async function onboardingRoutes(app: App, deps: { service: OnboardingService }) {
  const tags = ['onboarding'];
  const { service } = deps;

  app.get(
    ONBOARDING_API_BASE,
    {
      schema: {
        tags,
        summary: "Your account's onboarding (made with the defaults the first time)",
        response: { 200: OnboardingSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => service.mine(requireContext(request)),
  );

  app.put(
    ONBOARDING_API_BASE,
    {
      schema: {
        tags,
        summary: "Save your account's onboarding",
        description:
          'The lenient form: fields may still be empty. The step saved may only be one whose ' +
          'earlier steps are complete (the strict form); 400 names each missing field in ' +
          '`issues`. Saving step onboarding_done finishes the onboarding and approves it. ' +
          'id, status, startedAt and approvedAt are the server’s and are ignored.',
        body: OnboardingFormSchema,
        response: { 200: OnboardingSchema, ...errorResponses },
      },
      config: {
        // Saving a step is filling in a form; finishing it is what the account's log keeps.
        activity: activity.records<Onboarding, { step?: string }>(
          'account.onboarding_finished',
          ({ ctx, body, response }) =>
            body.step === 'onboarding_done' && response?.status === 'APPROVED'
              ? { id: ctx.accountId, label: ctx.account.companyName }
              : null,
        ),
        access: access.member('account.manage'),
      },
    },
    async (request) => service.save(requireContext(request), request.body),
  );

  app.post(
    `${ONBOARDING_API_BASE}/vestiaire/accesses`,
    {
      schema: {
        tags,
        summary: 'Ask for Vestiaire Collective API access by e-mail',
        description:
          'The request goes to the team that asks Vestiaire Collective for access, with the ' +
          'account and its contact; a confirmation goes to `email`. Once every 15 minutes per ' +
          'account (429 before). 409 onboarding/email-off when the server cannot send e-mail.',
        body: VestiaireAccessRequestSchema,
        response: { 200: OnboardingSchema, ...errorResponses },
      },
      config: {
        activity: activity.none(
          'sends an e-mail asking for access; nothing of the account changes',
        ),
        access: access.member('account.manage'),
      },
    },
    async (request) => service.requestVestiaireAccess(requireContext(request), request.body.email),
  );

  app.get(
    `${ONBOARDING_API_BASE}/pending`,
    {
      schema: {
        tags,
        summary: 'Provider staff: the onboardings still in progress, of every account',
        response: {
          200: z.object({ data: z.array(PendingOnboardingSchema) }),
          ...errorResponses,
        },
      },
      config: { access: access.staff },
    },
    async () => ({ data: await service.pending() }),
  );

  app.post(
    `${ONBOARDING_API_BASE}/:id/approve`,
    {
      schema: {
        tags,
        summary: 'Provider staff: approve an onboarding',
        params: IdParams,
        response: { 200: OnboardingSchema, ...errorResponses },
      },
      config: { access: access.staff },
    },
    async (request) => service.approve(requireContext(request), request.params.id),
  );

  app.get(
    `${ONBOARDING_API_BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'An onboarding of your account, by id',
        params: IdParams,
        response: { 200: OnboardingSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => service.byId(requireContext(request), request.params.id),
  );
}
