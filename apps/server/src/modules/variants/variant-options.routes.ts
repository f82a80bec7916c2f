import { VariantOptionsResponseSchema, VariantOptionsUpdateSchema } from '@listloop/domain';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { VariantOptionsService } from './variant-options.service';

const BASE = '/api/account/variants/options';

export async function variantOptionsRoutes(app: App, deps: { service: VariantOptionsService }) {
  const tags = ['variants'];

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'The sizes and colours variants choose from, and whether variants are on',
        response: { 200: VariantOptionsResponseSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => deps.service.get(requireContext(request)),
  );

  app.put(
    BASE,
    {
      schema: {
        tags,
        summary: 'Save the sizes and colours variants choose from',
        body: VariantOptionsUpdateSchema,
        response: { 200: VariantOptionsResponseSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('the sizes and colours offered when editing; no item changes'),
        access: access.member('items.write'),
      },
    },
    async (request) => deps.service.save(requireContext(request), request.body),
  );
}
