import { EnrichByImagesRequestSchema, EnrichByImagesResponseSchema } from '@listloop/domain';
import { activity, itemOf } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { EnrichmentService } from './enrichment.service';

/** Spec §7 AI: enrich an item from its photos. */
export async function enrichmentRoutes(app: App, deps: { service: EnrichmentService }) {
  const { service } = deps;

  app.post(
    '/api/rest/v1/item/enrich-by-images',
    {
      schema: {
        tags: ['items'],
        summary: 'Suggest an item’s colour, brand, size, material and barcode from its photos',
        description:
          'Reads the photos on the server (dominant colours, printed text, UPC/EAN barcodes) and, ' +
          'with a vision model configured, asks it for brand, category and condition. `photos` ' +
          'are addresses or storage keys of the account’s own images (at most 12); without ' +
          'them the item’s first 12 photos are read. `inTheLoop: true` (the default) answers ' +
          'suggestions only; `false` also fills the item’s empty fields with the surest ' +
          'suggestion of each, never a field that has a value, and says which were filled and ' +
          'which were left.',
        body: EnrichByImagesRequestSchema,
        response: { 200: EnrichByImagesResponseSchema, ...errorResponses },
      },
      config: {
        // Suggestions change nothing; filling empty fields is an edit of the item.
        activity: activity.records<{ applied: unknown[] }>('item.updated', (facts) =>
          facts.response && facts.response.applied.length > 0 ? itemOf(facts) : null,
        ),
        access: access.member('items.write'),
      },
    },
    async (request) => service.enrich(requireContext(request), request.body),
  );
}
