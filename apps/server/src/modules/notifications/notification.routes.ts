import {
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationParamsSchema,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  NotificationReadAllSchema,
  NotificationReadSchema,
  NotificationUnreadCountSchema,
  SlackSettingsSchema,
  SlackSettingsUpdateSchema,
} from '@listloop/domain';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { NotificationService } from './notification.service';
import type { SlackSettingsService } from './slack-settings.service';

const BASE = '/api/user/notifications';
const SLACK = '/api/rest/v1/enterprise/account/slack';

/**
 * The signed-in user's notifications in the current account (the bell), their e-mail switches,
 * and the account's Slack alerts. The spec names no path for them: they sit beside
 * the user's settings under /api/user, and beside the account's calls for Slack.
 */
export async function notificationRoutes(
  app: App,
  deps: { service: NotificationService; slack: SlackSettingsService },
) {
  const tags = ['notifications'];
  const { service, slack } = deps;

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, with the unread count',
        description: 'Paged: pass the `nextCursor` of a page as `cursor` for the next one.',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => service.list(requireContext(request), request.query),
  );

  app.get(
    `${BASE}/unread-count`,
    {
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread (the bell’s badge)',
        response: { 200: NotificationUnreadCountSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => service.unreadCount(requireContext(request)),
  );

  app.post(
    `${BASE}/read-all`,
    {
      schema: {
        tags,
        summary: 'Mark every notification of the caller read',
        response: { 200: NotificationReadAllSchema, ...errorResponses },
      },
      config: { activity: activity.none('a person’s own notifications'), access: access.member() },
    },
    async (request) => service.markAllRead(requireContext(request)),
  );

  app.post(
    `${BASE}/:notificationId/read`,
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: NotificationParamsSchema,
        response: { 200: NotificationReadSchema, ...errorResponses },
      },
      config: { activity: activity.none('a person’s own notifications'), access: access.member() },
    },
    async (request) => service.markRead(requireContext(request), request.params.notificationId),
  );

  app.get(
    '/api/user/notification-preferences',
    {
      schema: {
        tags,
        summary: 'The caller’s e-mail switches: sales, and problems (double-sales, failed delists)',
        response: { 200: NotificationPreferencesSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => service.preferences(requireContext(request)),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Switch the caller’s notification e-mails on or off',
        body: NotificationPreferencesUpdateSchema,
        response: { 200: NotificationPreferencesSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('a person’s own e-mail preferences'),
        access: access.member(),
      },
    },
    async (request) => service.updatePreferences(requireContext(request), request.body),
  );

  app.get(
    SLACK,
    {
      schema: {
        tags,
        summary: 'The account’s Slack alerts for sale detection',
        description: 'The webhook URL itself is never sent back, only a hint of it.',
        response: { 200: SlackSettingsSchema, ...errorResponses },
      },
      config: { access: access.member('account.manage') },
    },
    async (request) => slack.get(requireContext(request)),
  );

  app.put(
    SLACK,
    {
      schema: {
        tags,
        summary: 'Switch the account’s Slack sale alerts on or off, and set their webhook URL',
        description:
          'isSlackAlertsBySaleDetectionEnabled (spec §3 Account) and the Slack incoming-webhook ' +
          'URL (https://hooks.slack.com/…) a message is posted to for each sale. `webhookUrl` ' +
          'null removes the URL; left out keeps it.',
        body: SlackSettingsUpdateSchema,
        response: { 200: SlackSettingsSchema, ...errorResponses },
      },
      config: {
        activity: activity.accountSettings('slack'),
        access: access.member('account.manage'),
      },
    },
    async (request) => slack.update(requireContext(request), request.body),
  );
}
