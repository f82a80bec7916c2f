import { z } from 'zod';
import {
  IMPORT_FILE_MAX_BYTES,
  ImportNormalizeBodySchema,
  ImportNormalizeQuerySchema,
  ImportPreviewSchema,
  ImportStatusSchema,
} from '@listloop/domain';
import { activity, numberAt } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { ItemImportService } from './item-import.service';

const BASE = '/api/rest/v1/enterprise/item-import';
const CSV_TYPES = ['text/csv', 'application/csv'];
const ImportParams = z.object({ importId: z.string().min(1).max(64) });

export async function itemImportRoutes(app: App, deps: { service: ItemImportService }) {
  const tags = ['item-import'];
  const { service } = deps;

  // The CSV may come as the raw body; the parser exists only for this route's scope.
  await app.register(async (scope) => {
    const csvScope = scope as unknown as App;
    csvScope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'string', bodyLimit: IMPORT_FILE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    csvScope.post(
      `${BASE}/normalize`,
      {
        bodyLimit: IMPORT_FILE_MAX_BYTES + 1024 * 1024,
        schema: {
          tags,
          summary:
            'Read a CSV file (ListLoop export or eBay active listings) and preview its import',
          description:
            'Send the file as the body with Content-Type: text/csv (and ?fileName=), or as ' +
            'JSON { fileName, csv }. At most 20 MB.',
          consumes: ['text/csv', 'application/json'],
          querystring: ImportNormalizeQuerySchema,
          body: z.union([z.string(), ImportNormalizeBodySchema]),
          response: { 200: ImportPreviewSchema, ...errorResponses },
        },
        config: {
          activity: activity.none(
            'reads a file into a preview; nothing is imported until it is started',
          ),
          access: access.member('items.write'),
        },
      },
      async (request) => {
        const body = request.body;
        const contentType = String(request.headers['content-type'] ?? '');
        const isCsv = CSV_TYPES.some((type) => contentType.toLowerCase().startsWith(type));
        if (typeof body === 'string' && !isCsv) {
          throw badRequest(
            'Send the CSV file with Content-Type: text/csv, or as JSON { fileName, csv }.',
          );
        }
        return service.normalize(requireContext(request), {
          csv: typeof body === 'string' ? body : body.csv,
          fileName:
            (typeof body === 'string' ? undefined : body.fileName) ?? request.query.fileName,
          userId: request.query.userId,
        });
      },
    );
  });

  app.post(
    `${BASE}/:importId/start`,
    {
      schema: {
        tags,
        summary: 'Start importing a previewed file (again after a failure: it carries on)',
        params: ImportParams,
        body: z.object({}).optional(),
        response: { 202: ImportStatusSchema, ...errorResponses },
      },
      config: {
        activity: activity.records('items.import_started', ({ response }) => ({
          id: null,
          details: { count: numberAt(response, 'totalRows') ?? 0 },
        })),
        access: access.member('items.write'),
      },
    },
    async (request, reply) => {
      const status = await service.start(requireContext(request), request.params.importId);
      return reply.status(202).send(status);
    },
  );

  app.get(
    `${BASE}/:importId`,
    {
      schema: {
        tags,
        summary: 'The progress of an import',
        params: ImportParams,
        response: { 200: ImportStatusSchema, ...errorResponses },
      },
      config: { access: access.member('items.read') },
    },
    async (request) => service.status(requireContext(request), request.params.importId),
  );
}
