import { DASHBOARD_PATH, DashboardQuerySchema, DashboardSchema } from '@listloop/domain';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { DashboardService } from './dashboard.service';

export async function dashboardRoutes(app: App, deps: { service: DashboardService }) {
  app.get(
    DASHBOARD_PATH,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The home screen: today and this week, what is live, and what needs you',
        description:
          'One read gathering the seller’s day. `timeZone` (an IANA name, default UTC) and ' +
          '`weekStart` (monday, or sunday as the US counts weeks) say what today and this week ' +
          'are. Sales, double sales and the orders to pack need sales.read; the listings, ' +
          'failed lists and delists, extension work and items in progress need items.read ' +
          '(they are the caller’s own inventory); the recent activity needs activity.read. A ' +
          'section the caller may not see is null, as are the orders to pack where no picking ' +
          'list answers. Money is in the account’s currency; sales reported in another currency ' +
          'are counted apart in otherCurrencies, never added to it.',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => deps.service.read(requireContext(request), request.query),
  );
}
