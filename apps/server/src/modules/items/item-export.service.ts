import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ITEM_CSV_COLUMNS, type ItemSort } from '@listloop/domain';
import type { RequestContext } from '../../platform/http/request-context';
import { cursorOf } from './item.cursor';
import { itemToCsvRow } from './item.csv';
import { toItem } from './item.mapper';
import type { ItemRecord, ItemRepository } from './item.repository';
import type { ItemFilterInput, ItemService } from './item.service';

/** Rows read per query while exporting: memory stays flat whatever the inventory's size. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * GET /api/account/item/export: the list's search, filters and sort, every page, as
 * ListLoop's own CSV (with a BOM, so spreadsheets read it as UTF-8). Pages are read one after
 * another with the list's keyset cursor while the response streams.
 */
export class ItemExportService {
  constructor(
    private readonly items: ItemRepository,
    private readonly itemService: ItemService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async exportCsv(
    ctx: RequestContext,
    query: ItemFilterInput & { sort: ItemSort },
  ): Promise<{ fileName: string; stream: Readable }> {
    const owner = await this.itemService.owner(ctx, query.userId);
    const filter = this.itemService.filterFor(ctx, owner, query);
    const pageOf = (after: ItemRecord | null) =>
      this.items.listPage(
        filter,
        query.sort,
        after ? cursorOf(query.sort, after) : null,
        EXPORT_PAGE_SIZE + 1,
      );
    // The first page is read before answering, so a failure is an error, not a cut-off file.
    const first = await pageOf(null);

    async function* rows() {
      let page = first;
      for (;;) {
        const batch = page.slice(0, EXPORT_PAGE_SIZE);
        for (const row of batch) yield itemToCsvRow(toItem(row));
        const last = batch.at(-1);
        if (page.length <= EXPORT_PAGE_SIZE || !last) return;
        page = await pageOf(last);
      }
    }

    const csv = stringify({ header: true, columns: [...ITEM_CSV_COLUMNS], bom: true });
    const source = Readable.from(rows());
    source.on('error', (error) => csv.destroy(error));
    source.pipe(csv);
    const day = this.now().toISOString().slice(0, 10);
    return { fileName: `listloop-items-${day}.csv`, stream: csv };
  }
}
