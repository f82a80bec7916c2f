import { orderKey, type Locale, type PickingListPrint } from '@listloop/domain';
import { AppError, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { StorageError } from '../../platform/storage/storage';
import type { ImageService } from '../images';
import type { PickingPdfInput } from './picking-list.pdf';
import { ORDER_NOT_ON_LIST, type PickingListService } from './picking-list.service';
import {
  requirePickingList,
  type PickingListSettingsService,
} from './picking-list-settings.service';

/** How many stored photos are read at once for one printed list. */
const PHOTO_READS = 4;

/**
 * The printed picking list (spec §7 POST …/inventory-sales/print): every order on the list (or
 * those named), in the caller's order, with the caller's columns and the account's layout
 * unless the request names others; each line's small photo when the photo column is chosen.
 */
export class PickingListPrintService {
  constructor(
    private readonly pickingList: PickingListService,
    private readonly settings: PickingListSettingsService,
    private readonly images: Pick<ImageService, 'serve'>,
    /** Makes the PDF (picking-list.pdf.ts), given so this service is not bound to the library. */
    private readonly renderPdf: (input: PickingPdfInput) => Promise<Buffer>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async print(
    ctx: RequestContext,
    request: PickingListPrint,
    fallbackLocale: Locale,
  ): Promise<{ fileName: string; pdf: Buffer }> {
    requirePickingList(ctx);
    const [defaults, waiting] = await Promise.all([
      this.settings.formDefaultsOf(ctx.accountId),
      this.pickingList.waitingOrders(ctx),
    ]);
    let orders = waiting.orders;
    if (request.orders) {
      const listed = new Set(orders.map((order) => orderKey(order)));
      const wanted = new Set(request.orders.map((ref) => orderKey(ref)));
      if ([...wanted].some((key) => !listed.has(key))) throw notFound(ORDER_NOT_ON_LIST);
      orders = orders.filter((order) => wanted.has(orderKey(order)));
    }
    if (orders.length === 0) throw new AppError(409, 'picking-list/nothing-to-print');
    const columns = request.columns ?? waiting.view.columns;
    const photos = new Map<string, Buffer>();
    if (columns.includes('photo')) {
      const printed = new Set(orders.flatMap((order) => order.lines.map((line) => line.lineId)));
      const wanted = [...waiting.photoKeys].filter(([lineId]) => printed.has(lineId));
      await this.readPhotos(ctx.accountId, wanted, photos);
    }
    const printedAt = new Date(this.now());
    const pdf = await this.renderPdf({
      orders,
      columns,
      layout: request.layout ?? defaults.layout,
      locale: request.locale ?? fallbackLocale,
      timeZone: request.timeZone ?? 'UTC',
      companyName: ctx.account.companyName,
      printedAt,
      photos,
    });
    return { fileName: `picking-list-${printedAt.toISOString().slice(0, 10)}.pdf`, pdf };
  }

  /** The lines' stored small photos as JPEG or PNG bytes, a few at a time. */
  private async readPhotos(
    accountId: string,
    keys: readonly [string, string][],
    into: Map<string, Buffer>,
  ): Promise<void> {
    const queue = [...keys];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [lineId, key] = next;
        const bytes = await this.photoBytes(accountId, key);
        if (bytes) into.set(lineId, bytes);
      }
    };
    await Promise.all(Array.from({ length: PHOTO_READS }, worker));
  }

  /**
   * A stored photo as bytes the PDF can hold; null when it cannot be read (deleted since,
   * still processing into an unusable format): the line prints without its photo, never fails.
   */
  private async photoBytes(accountId: string, key: string): Promise<Buffer | null> {
    try {
      const served = await this.images.serve({ accountId }, key, {}, undefined);
      if (served.kind !== 'image') return null;
      if (served.contentType !== 'image/jpeg' && served.contentType !== 'image/png') return null;
      if (Buffer.isBuffer(served.body)) return served.body;
      const chunks: Buffer[] = [];
      for await (const chunk of served.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof AppError || error instanceof StorageError) return null;
      throw error;
    }
  }
}
