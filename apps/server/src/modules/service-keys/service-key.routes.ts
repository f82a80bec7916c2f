import {
  CreateServiceKeyBodySchema,
  CreateServiceKeyResponseSchema,
  type CreateServiceKeyResponse,
  ServiceKeyListSchema,
} from '@listloop/domain';
import { z } from 'zod';
import { access } from '../../platform/http/access';
import { activity, noteActivity } from '../../platform/http/activity';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ServiceKeyService } from './service-key.service';

const BASE = '/api/rest/v1/enterprise/account/service-keys';

/**
 * The account's service keys: made, listed and revoked by whoever manages the account, and by
 * a person only: a key never makes or revokes keys (`access.personal`).
 */
export async function serviceKeyRoutes(app: App, deps: { service: ServiceKeyService }) {
  const tags = ['service-keys'];
  const { service } = deps;

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'The account’s service keys, newest first, with their last use (never the key)',
        response: { 200: ServiceKeyListSchema, ...errorResponses },
      },
      config: { access: access.personal('account.manage') },
    },
    async (request) => ({ data: { data: await service.list(requireContext(request)) } }),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Make a service key: a read-only search key, or a role key (shown once)',
        body: CreateServiceKeyBodySchema,
        response: { 201: CreateServiceKeyResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records<CreateServiceKeyResponse>(
          'service_key.created',
          ({ response }) =>
            response
              ? { id: response.data.serviceKey.id, label: response.data.serviceKey.name }
              : null,
        ),
        access: access.personal('account.manage'),
      },
    },
    async (request, reply) => {
      const created = await service.create(requireContext(request), request.body);
      reply.code(201);
      return { data: created };
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Revoke a service key: it is refused from its next request',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.records('service_key.revoked'),
        access: access.personal('account.manage'),
      },
    },
    async (request, reply) => {
      const revoked = await service.revoke(requireContext(request), request.params.id);
      noteActivity(request, { id: request.params.id, label: revoked.name });
      return reply.code(204).send(null);
    },
  );
}
