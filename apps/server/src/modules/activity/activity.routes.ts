import { ActivityListQuerySchema, ActivityListSchema } from '@listloop/domain';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ActivityService } from './activity.service';

export async function activityRoutes(app: App, deps: { service: ActivityService }) {
  app.get(
    '/api/rest/v1/enterprise/activity',
    {
      schema: {
        tags: ['activity'],
        summary: 'The account’s activity log, newest first',
        description:
          'Who did what to which item, listing, member, role, rule, label or connection, and ' +
          'when. Filters: actor (a member’s user id), subjectType (item includes the item’s ' +
          'listing entries) and subjectId (one thing’s history), action, from/to (ISO date ' +
          'and time, inclusive). Page with the answer’s nextCursor. An entry whose actor is ' +
          'null was made by ListLoop itself (a sale a marketplace reported, the delists after it).',
        querystring: ActivityListQuerySchema,
        response: { 200: ActivityListSchema, ...errorResponses },
      },
      config: { access: access.member('activity.read') },
    },
    async (request) => deps.service.list(requireContext(request), request.query),
  );
}
