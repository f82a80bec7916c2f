import {
  CreateExecutorTokenBodySchema,
  CreateExecutorTokenResponseSchema,
  ExecutorTokenListSchema,
  ExecutorTokenSchema,
  ExecutorWhoAmISchema,
} from '@listloop/domain';
import { z } from 'zod';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ExecutorTokenService } from './executor-token.service';

const BASE = '/api/executor-tokens';

/**
 * Pairing the browser extension: the web app makes a token for the signed-in member and hands
 * it to the extension; the Marketplaces screen lists paired browsers and unpairs them.
 */
export async function executorTokenRoutes(app: App, deps: { service: ExecutorTokenService }) {
  const tags = ['executors'];
  const { service } = deps;

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Pair a browser: a token for the extension, acting as you (shown once)',
        body: CreateExecutorTokenBodySchema,
        response: { 201: CreateExecutorTokenResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none(
          'pairs the person’s own browser; their paired browsers are listed on the extension screen',
        ),
        access: access.personal(),
      },
    },
    async (request, reply) => {
      const created = await service.create(requireContext(request), request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "Your paired browsers (every member's, with marketplaces.manage)",
        response: { 200: ExecutorTokenListSchema, ...errorResponses },
      },
      config: { access: access.personal() },
    },
    async (request) => ({ executorTokens: await service.list(requireContext(request)) }),
  );

  app.get(
    '/api/rest/v1/executor/me',
    {
      schema: {
        tags: ['executor', ...tags],
        summary: 'Who the extension’s token acts as (the paired extension only)',
        response: { 200: ExecutorWhoAmISchema, ...errorResponses },
      },
      config: { access: access.executor() },
    },
    async (request) => service.whoAmI(requireContext(request)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Unpair a browser: its extension is refused from its next request',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ executorToken: ExecutorTokenSchema }), ...errorResponses },
      },
      config: {
        activity: activity.none(
          'unpairs the person’s own browser; their paired browsers are listed on the extension screen',
        ),
        access: access.personal(),
      },
    },
    async (request) => ({
      executorToken: await service.revoke(requireContext(request), request.params.id),
    }),
  );
}
