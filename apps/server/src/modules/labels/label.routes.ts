import { z } from 'zod';
import {
  LabelCreateSchema,
  LabelListResponseSchema,
  LabelResponseSchema,
  LabelUpdateSchema,
} from '@listloop/domain';
import { activity, textAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { LabelService } from './label.service';

const BASE = '/api/account/label';
const Id = z.string().min(1).max(64);
const OwnerParams = z.object({ userId: Id });
const LabelParams = z.object({ userId: Id, labelId: Id });

/** Spec §7 labels. Only the owner sees or changes their labels: anyone else is told 404. */
export async function labelRoutes(app: App, deps: { service: LabelService }) {
  const tags = ['labels'];
  const { service } = deps;

  app.get(
    `${BASE}/:userId`,
    {
      schema: {
        tags,
        summary: 'Your labels, with how many items carry each',
        params: OwnerParams,
        response: { 200: LabelListResponseSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => ({
      labels: await service.list(requireContext(request), request.params.userId),
    }),
  );

  app.post(
    `${BASE}/:userId`,
    {
      schema: {
        tags,
        summary: 'Create a label',
        params: OwnerParams,
        body: LabelCreateSchema,
        response: { 201: LabelResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('label.created', ({ response }) => ({
          id: textAt(response, 'label', 'id'),
          label: textAt(response, 'label', 'name'),
        })),
        access: access.member('items.write'),
      },
    },
    async (request, reply) => {
      const label = await service.create(
        requireContext(request),
        request.params.userId,
        request.body.name,
      );
      return reply.status(201).send({ label });
    },
  );

  app.put(
    `${BASE}/:userId/:labelId`,
    {
      schema: {
        tags,
        summary: 'Rename a label, on every item that carries it',
        params: LabelParams,
        body: LabelUpdateSchema,
        response: { 200: LabelResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('label.updated', ({ params, response }) => ({
          id: params.labelId!,
          label: textAt(response, 'label', 'name'),
        })),
        access: access.member('items.write'),
      },
    },
    async (request) => ({
      label: await service.rename(
        requireContext(request),
        request.params.userId,
        request.params.labelId,
        request.body.dataToUpdate.name,
      ),
    }),
  );

  app.delete(
    `${BASE}/:userId/:labelId`,
    {
      schema: {
        tags,
        summary: 'Delete a label and take it off every item',
        params: LabelParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.records('label.deleted', ({ params }) => ({ id: params.labelId! })),
        access: access.member('items.write'),
      },
    },
    async (request, reply) => {
      await service.remove(requireContext(request), request.params.userId, request.params.labelId);
      return reply.status(204).send(null);
    },
  );
}
