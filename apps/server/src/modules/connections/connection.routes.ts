import { z } from 'zod';
import {
  ConnectionIdSchema,
  ConnectionListResponseSchema,
  ConnectionPutSchema,
  ConnectionResponseSchema,
} from '@listloop/domain';
import { activity, textAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ConnectionService } from './connection.service';

const BASE = '/api/rest/v1/enterprise/connection';
const ConnectionParams = z.object({ id: ConnectionIdSchema });

/** Spec §7 connections. Secrets never travel here: only their hint. */
export async function connectionRoutes(app: App, deps: { service: ConnectionService }) {
  const tags = ['connections'];
  const { service } = deps;
  const manage = access.member('marketplaces.manage');

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Your marketplace connections, with a hint of their credentials',
        response: { 200: ConnectionListResponseSchema, ...errorResponses },
      },
      config: { access: manage },
    },
    async (request) => ({ connections: await service.list(requireContext(request)) }),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Create a connection (a new id) or change its nickname or status',
        params: ConnectionParams,
        body: ConnectionPutSchema,
        response: {
          200: ConnectionResponseSchema,
          201: ConnectionResponseSchema,
          ...errorResponses,
        },
      },
      config: {
        activity: activity.records('connection.connected', ({ response, statusCode }) => ({
          action: statusCode === 201 ? 'connection.connected' : 'connection.updated',
          id: textAt(response, 'connection', 'id'),
          label: textAt(response, 'connection', 'nickname'),
          details: {
            marketplaces: [textAt(response, 'connection', 'marketplace') ?? ''].filter(Boolean),
          },
        })),
        access: manage,
      },
    },
    async (request, reply) => {
      const { connection, created } = await service.put(
        requireContext(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ connection });
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Remove a connection and its credentials',
        params: ConnectionParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.records('connection.removed', ({ params }) => ({ id: params.id! })),
        access: manage,
      },
    },
    async (request, reply) => {
      await service.remove(requireContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
