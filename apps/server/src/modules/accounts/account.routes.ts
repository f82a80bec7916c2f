import {
  AccountSettingsSchema,
  AccountSettingsUpdateSchema,
  SignUpResultSchema,
  SignUpSchema,
  type AccountSettings,
} from '@listloop/domain';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { notFound } from '../../platform/http/errors';
import { tooManyRequests } from '../../platform/http/rate-limits';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { AccountRow } from './account.repository';
import type { AccountService, SlackAlertsSwitch } from './account.service';

const PATH = '/api/account';

function settingsOf(row: AccountRow, slackWebhookConfigured: boolean): AccountSettings {
  return AccountSettingsSchema.parse({
    accountId: row.accountId,
    companyName: row.companyName,
    config: row.config,
    isSlackAlertsBySaleDetectionEnabled: row.isSlackAlertsBySaleDetectionEnabled,
    slackWebhookConfigured,
    currency: row.currency,
    timeZone: row.timeZone,
    dateCreated: row.dateCreated.toISOString(),
    creationSource: row.creationSource,
    status: row.status,
  });
}

export async function accountRoutes(
  app: App,
  deps: {
    service: AccountService;
    slack: SlackAlertsSwitch;
    /** Sign-up takes the sign-in's per-address limit: each try says whether an e-mail is known. */
    signUpLimit: { max: number; windowMs: number };
  },
) {
  const tags = ['account'];

  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Sign up: open an account and become its owner',
        description:
          'Creates the sign-in, the account (its currency from the country), its protected admin ' +
          'and viewer roles, and the owner’s active membership as admin. No session is opened: ' +
          'the web app signs in with the same e-mail and password next. An e-mail that already ' +
          'has a sign-in answers 409 account/email-taken. Limited per address like sign-in.',
        body: SignUpSchema,
        response: { 201: SignUpResultSchema, ...errorResponses },
      },
      config: {
        access: access.public,
        rateLimit: {
          max: deps.signUpLimit.max,
          timeWindow: deps.signUpLimit.windowMs,
          errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
        },
      },
    },
    async (request, reply) => {
      const created = await deps.service.signUp(request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'The current account’s settings',
        response: { 200: AccountSettingsSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => {
      const { accountId } = requireContext(request);
      const [row, webhook] = await Promise.all([
        deps.service.findById(accountId),
        deps.slack.webhookConfigured(accountId),
      ]);
      if (!row) throw notFound('This account does not exist.');
      return settingsOf(row, webhook);
    },
  );

  app.put(
    PATH,
    {
      schema: {
        tags,
        summary: 'Save the current account’s settings (any of them)',
        description:
          'A field left out keeps its value; unknown fields are stripped. Switching Slack ' +
          'alerts on needs a Slack webhook stored first (notifications settings). Shopify ' +
          'webhooks apply when the store’s webhooks are next subscribed (connecting it does).',
        body: AccountSettingsUpdateSchema,
        response: { 200: AccountSettingsSchema, ...errorResponses },
      },
      config: {
        activity: activity.accountSettings('settings'),
        access: access.member('account.manage'),
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      const row = await deps.service.updateSettings(ctx, request.body, deps.slack);
      return settingsOf(row, await deps.slack.webhookConfigured(ctx.accountId));
    },
  );
}
