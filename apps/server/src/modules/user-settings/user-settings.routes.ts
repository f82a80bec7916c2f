import {
  SaleDetectionSettingsResponseSchema,
  SaleDetectionSettingsUpdateSchema,
  UserSettingsSchema,
  UserSettingsUpdateSchema,
} from '@listloop/domain';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { UserSettingsService } from './user-settings.service';

const SETTINGS_RULES =
  'Unknown keys are dropped: saleDetection and forceDelistRelist keep only known marketplaces, ' +
  'notifications only the eight bulk actions. `enabled` is boolean-like: a boolean, or a ' +
  'string (empty is false, any other is true). dateEnabled is set by the server: now when an ' +
  'entry turns on, kept while it stays on, null when off.';

/** Spec §3/§5/§7 user settings: always the signed-in user's own. */
export async function userSettingsRoutes(app: App, deps: { service: UserSettingsService }) {
  const { service } = deps;

  app.get(
    '/api/user/settings',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user’s settings',
        description:
          'saleDetection, notifications, mercariForm and forceDelistRelist, with every known ' +
          'key, and showSpeechAtPhotoStep (of the caller’s membership of this account): every ' +
          'key one never set at its default (auto-delist on for every marketplace, forced ' +
          'delist-relist off, bulk-action notifications on, showSwitchShipping on, speech ' +
          'disabled).',
        response: { 200: UserSettingsSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => service.get(requireContext(request)),
  );

  app.put(
    '/api/user/settings',
    {
      schema: {
        tags: ['user'],
        summary: 'Change some of the signed-in user’s settings',
        description:
          'A partial update: a section left out is unchanged, and within a section only the ' +
          `keys sent change. Answers the whole settings. ${SETTINGS_RULES}`,
        body: UserSettingsUpdateSchema,
        response: { 200: UserSettingsSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('the signed-in person’s own preferences, not the account’s'),
        access: access.member(),
      },
    },
    async (request) => service.update(requireContext(request), request.body),
  );

  app.put(
    '/api/rest/v1/enterprise/sale-detection/settings',
    {
      schema: {
        tags: ['sale-detection'],
        summary: 'Choose per marketplace whether a sale there delists the item everywhere else',
        description:
          'The body is the saleDetection map, marketplace → { enabled }; marketplaces left out ' +
          `keep their setting. Answers the whole map. ${SETTINGS_RULES}`,
        body: SaleDetectionSettingsUpdateSchema,
        response: { 200: SaleDetectionSettingsResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('a member’s own sale-detection preferences'),
        access: access.member(),
      },
    },
    async (request) => ({
      saleDetection: await service.updateSaleDetection(requireContext(request), request.body),
    }),
  );
}
