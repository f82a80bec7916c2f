import { z } from 'zod';
import {
  PICKING_LIST_COLUMNS_PATH,
  PICKING_LIST_FORM_DEFAULTS_PATH,
  PICKING_LIST_HISTORY_PATH,
  PICKING_LIST_PRINT_PATH,
  PICKING_LIST_SALES_PATH,
  PickingHistoryQuerySchema,
  PickingHistorySchema,
  PickingListChangeResultSchema,
  PickingListChangeSchema,
  PickingListFormDefaultsInputSchema,
  PickingListFormDefaultsSchema,
  PickingListPrintSchema,
  PickingListRemoveResultSchema,
  PickingListRemoveSchema,
  PickingListSchema,
  PickingListViewInputSchema,
  PickingListViewSchema,
} from '@listloop/domain';
import { resolveLocale } from '../../i18n/messages';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { PickingListPrintService } from './picking-list-print.service';
import type { PickingListSettingsService } from './picking-list-settings.service';
import type { PickingListService } from './picking-list.service';

const OFF =
  'While the account’s picking list is off (config.features.pickingList.isEnabled), every ' +
  'picking-list call answers 409 picking-list/off.';
const NO_LOG =
  'the picking list keeps its own history of who packed or removed each order, and when';

/** The first language of an Accept-Language header ("it-IT,it;q=0.9" → it). */
function headerLocale(header: string | undefined) {
  return resolveLocale(header?.split(',')[0]?.split(';')[0]?.trim());
}

/** Spec §7 Picking list, and the reads the screen needs beside them (decision 0047). */
export async function pickingListRoutes(
  app: App,
  deps: {
    service: PickingListService;
    settings: PickingListSettingsService;
    printing: PickingListPrintService;
  },
) {
  const { service, settings, printing } = deps;
  const tags = ['picking-list'];

  app.get(
    PICKING_LIST_SALES_PATH,
    {
      schema: {
        tags,
        summary: 'The sold items waiting to be packed, grouped by order',
        description:
          'Recorded sales (not double sales, not dismissed) of the last daysBack days (the ' +
          'form defaults), that no packing or removal took off the list, in the caller’s ' +
          `sort; each line with its item’s photo, title, SKU and location. ${OFF}`,
        response: { 200: PickingListSchema, ...errorResponses },
      },
      config: { access: access.member('sales.read') },
    },
    async (request) => service.list(requireContext(request)),
  );

  app.put(
    PICKING_LIST_SALES_PATH,
    {
      schema: {
        tags,
        summary: 'One step of packing: a scanned or typed SKU, a photo confirmed, undone, packed',
        description:
          'scan checks one unit of the order’s line with that SKU and answers what the SKU is ' +
          'when it is not on the order (on another order, in the inventory, unknown): a ' +
          'wrong item is an answer, not an error. confirm checks a line by its photo ' +
          '(via_photo, or a line without SKU; else 409 picking-list/scan-required). pack needs ' +
          `every line checked (else 409 picking-list/not-verified). ${OFF}`,
        body: PickingListChangeSchema,
        response: { 200: PickingListChangeResultSchema, ...errorResponses },
      },
      config: { activity: activity.none(NO_LOG), access: access.member('sales.manage') },
    },
    async (request) => service.change(requireContext(request), request.body),
  );

  app.delete(
    PICKING_LIST_SALES_PATH,
    {
      schema: {
        tags,
        summary:
          'Take lines off the list without packing them (an order cancelled or sent another way)',
        description: `All or nothing: a line not on the list answers 404. ${OFF}`,
        body: PickingListRemoveSchema,
        response: { 200: PickingListRemoveResultSchema, ...errorResponses },
      },
      config: { activity: activity.none(NO_LOG), access: access.member('sales.manage') },
    },
    async (request) => service.remove(requireContext(request), request.body.lineIds),
  );

  app.post(
    PICKING_LIST_PRINT_PATH,
    {
      schema: {
        tags,
        summary: 'The picking list as a PDF to print',
        description:
          'An empty body prints every order on the list with the caller’s columns and the ' +
          'account’s layout. Each SKU prints under its Code 128 barcode. 409 ' +
          `picking-list/nothing-to-print when no order waits. ${OFF}`,
        body: PickingListPrintSchema.nullish(),
        produces: ['application/pdf'],
        response: { 200: z.string().describe('PDF file'), ...errorResponses },
      },
      config: {
        activity: activity.none('prints the list; nothing changes'),
        access: access.member('sales.manage'),
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await printing.print(
        requireContext(request),
        request.body ?? {},
        headerLocale(request.headers['accept-language']),
      );
      return (
        reply
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .type('application/pdf')
          // The bytes are sent as they are; the schema above only describes them.
          .send(pdf as unknown as string)
      );
    },
  );

  app.get(
    PICKING_LIST_HISTORY_PATH,
    {
      schema: {
        tags,
        summary: 'Orders that left the list: packed or removed, by whom and when',
        description: `Newest first, a page at a time (nextCursor). ${OFF}`,
        querystring: PickingHistoryQuerySchema,
        response: { 200: PickingHistorySchema, ...errorResponses },
      },
      config: { access: access.member('sales.read') },
    },
    async (request) => service.history(requireContext(request), request.query),
  );

  app.get(
    PICKING_LIST_COLUMNS_PATH,
    {
      schema: {
        tags,
        summary: 'The caller’s columns and sort of the picking list',
        description: `Each member has their own; saved is false for the defaults. ${OFF}`,
        response: { 200: PickingListViewSchema, ...errorResponses },
      },
      config: { access: access.member('sales.read') },
    },
    async (request) => settings.view(requireContext(request)),
  );

  app.put(
    PICKING_LIST_COLUMNS_PATH,
    {
      schema: {
        tags,
        summary: 'Save the caller’s columns (in the order shown) and sort',
        description: `A person’s own view of the list: whoever may read it may arrange it. ${OFF}`,
        body: PickingListViewInputSchema,
        response: { 200: PickingListViewSchema, ...errorResponses },
      },
      config: {
        activity: activity.none('a member’s own view of the list; nothing of the account changes'),
        access: access.member('sales.read'),
      },
    },
    async (request) => settings.saveView(requireContext(request), request.body),
  );

  app.get(
    PICKING_LIST_FORM_DEFAULTS_PATH,
    {
      schema: {
        tags,
        summary:
          'The account’s picking-list defaults: print layout, days of sales, in-person sales',
        description: `updatedAt is null while they are the product’s defaults. ${OFF}`,
        response: { 200: PickingListFormDefaultsSchema, ...errorResponses },
      },
      config: { access: access.member('sales.read') },
    },
    async (request) => settings.formDefaults(requireContext(request)),
  );

  app.put(
    PICKING_LIST_FORM_DEFAULTS_PATH,
    {
      schema: {
        tags,
        summary: 'Save the account’s picking-list defaults (a field left out keeps its value)',
        description: OFF,
        body: PickingListFormDefaultsInputSchema,
        response: { 200: PickingListFormDefaultsSchema, ...errorResponses },
      },
      config: {
        activity: activity.accountSettings('picking_list'),
        access: access.member('sales.manage'),
      },
    },
    async (request) => settings.saveFormDefaults(requireContext(request), request.body),
  );

  app.delete(
    PICKING_LIST_FORM_DEFAULTS_PATH,
    {
      schema: {
        tags,
        summary: 'Put the account’s picking-list defaults back to the product’s',
        description: OFF,
        response: { 200: PickingListFormDefaultsSchema, ...errorResponses },
      },
      config: {
        activity: activity.accountSettings('picking_list'),
        access: access.member('sales.manage'),
      },
    },
    async (request) => settings.resetFormDefaults(requireContext(request)),
  );
}
