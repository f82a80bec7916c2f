import { ExecutorPresenceReportSchema, ExecutorPresenceResponseSchema } from '@listloop/domain';
import { z } from 'zod';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ExecutorPresenceService } from './executor-presence.service';

const PRESENCE = '/api/rest/v1/executor/presence';

/**
 * The extension's presence per marketplace (decision 0041): it reports with its token, and the
 * web app reads the signed-in member's own.
 */
export async function executorPresenceRoutes(app: App, deps: { service: ExecutorPresenceService }) {
  const tags = ['executor', 'executors'];
  const { service } = deps;

  app.put(
    PRESENCE,
    {
      schema: {
        tags,
        summary: 'Executor: say, for each marketplace it works, that it is there',
        description:
          'Sent by the browser extension each time it looks: for each marketplace, whether the ' +
          'seller is signed in there, and whether the seller paused it. The latest report of a ' +
          'marketplace replaces the one before it, whichever browser sent it. A claim counts ' +
          'as a report of its marketplaces, signed in and not paused.',
        body: ExecutorPresenceReportSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.none('the extension saying where it looked, many times an hour'),
        access: access.executor('listings.publish'),
      },
    },
    async (request, reply) => {
      await service.report(requireContext(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    PRESENCE,
    {
      schema: {
        tags,
        summary: 'Your browser extensions on each marketplace: when they last looked',
        description:
          'The marketplaces your paired browsers reported, each with its latest report and the ' +
          'browser that made it. `active` is false once the last look is older than ' +
          '`staleAfterMs`: nothing is working that marketplace for you now.',
        response: { 200: ExecutorPresenceResponseSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => service.ofCaller(requireContext(request)),
  );
}
