import { HelpTextKeySchema, SessionStateSchema, type HelpTextKey } from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { SessionService } from './session.service';

/**
 * Where a help text is marked seen: the users module's service (declared here by what it does,
 * so the routes need nothing of that module but this).
 */
interface HelpTextMarks {
  markHelpTextSeen(userId: string, key: HelpTextKey): Promise<Record<string, boolean>>;
}

export async function sessionRoutes(
  app: App,
  deps: { sessions: SessionService; users: HelpTextMarks },
) {
  app.get(
    '/api/rest/v1/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The session state of the signed-in user (spec §3)',
        response: { 200: SessionStateSchema, ...errorResponses },
      },
      config: { access: access.session },
    },
    async (request) => deps.sessions.state(requireContext(request)),
  );

  app.put(
    '/api/user/help-text-seen/:key',
    {
      schema: {
        tags: ['user'],
        summary: 'Mark one help text as seen',
        params: z.object({ key: HelpTextKeySchema }),
        response: {
          200: z.object({ helpTextSeen: z.record(z.string(), z.boolean()) }),
          ...errorResponses,
        },
      },
      config: { access: access.session },
    },
    async (request) => ({
      helpTextSeen: await deps.users.markHelpTextSeen(
        requireContext(request).user.id,
        request.params.key,
      ),
    }),
  );
}
