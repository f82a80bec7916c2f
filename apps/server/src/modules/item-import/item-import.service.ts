import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  GeneralDetailsSchema,
  IMPORT_ERROR_ROWS_MAX,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_PREVIEW_ROWS,
  LABELS_PER_USER_MESSAGE,
  ListingSchema,
  type ImportPreviewSchema,
  type ImportStatusSchema,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import { StorageError, type Storage } from '../../platform/storage/storage';
import {
  completenessOf,
  stampListing,
  withDetailDefaults,
  type ItemRecord,
  type ItemService,
  type ItemWrite,
} from '../items';
import type { LabelService } from '../labels';
import {
  derivedItemId,
  detectDelimiter,
  detectFormat,
  readRow,
  UNKNOWN_FORMAT_MESSAGE,
  type DetectedFormat,
  type ImportFormat,
  type ImportRow,
} from './item-import.formats';
import type { ItemImportRepository, ItemImportRow } from './item-import.repository';
import type { ImportRowError } from './item-import.table';

type ImportPreview = z.infer<typeof ImportPreviewSchema>;
type ImportStatus = z.infer<typeof ImportStatusSchema>;

/** Rows written per transaction; the progress is recorded in the same transaction. */
export const IMPORT_BATCH_SIZE = 500;
const NO_SUCH_IMPORT = 'No such import.';

export interface ImportJobPayload {
  importId: string;
  accountId: string;
}

/** Another run of the same import got there first; this one stops without touching it. */
class ImportOvertaken extends Error {}

function toStatus(row: ItemImportRow): ImportStatus {
  return {
    importId: row.id,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdItems: row.createdItems,
    updatedItems: row.updatedItems,
    errorRows: row.errorRows,
    failureReason: row.failureReason,
  };
}

/** The text in slices, so the parser reads it with back-pressure instead of all at once. */
function* slices(text: string, size = 64 * 1024) {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

/** The records of a CSV text: the delimiter is read from its first line; a BOM is dropped. */
async function* csvRecords(text: string): AsyncGenerator<string[]> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const parser = parse({
    bom: true,
    delimiter: detectDelimiter(firstLine),
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const source = Readable.from(slices(text));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  for await (const record of parser) yield record as string[];
}

function unreadable(error: unknown): never {
  if (error instanceof CsvError) {
    throw badRequest(`The CSV file could not be read: ${error.message}`);
  }
  throw error;
}

/** A photo problem as a file row reports it: by the photo's place in its imageUrls cell. */
function photoIssueText(issue: { path: string; message: string }): string {
  const index = /images\.(\d+)/.exec(issue.path)?.[1];
  return index === undefined ? issue.message : `photo ${Number(index) + 1}: ${issue.message}`;
}

/**
 * Spec §7 item-import: a CSV file (ListLoop's own export or eBay's active listings report) is
 * read and previewed, kept in storage, and imported by a job in batches. Each batch's items
 * and the import's progress are written in one transaction, so a job that stops and starts
 * again carries on after the last finished batch; rows are matched to existing items by SKU
 * (then by the item id or eBay item number the file names), so importing a file twice
 * updates the same items instead of duplicating them.
 */
export class ItemImportService {
  constructor(
    private readonly db: Db,
    private readonly imports: ItemImportRepository,
    private readonly itemService: ItemService,
    private readonly labels: LabelService,
    private readonly storage: Storage,
    private readonly enqueue: (payload: ImportJobPayload) => Promise<unknown>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async normalize(
    ctx: RequestContext,
    input: { csv: string; fileName?: string | undefined; userId?: string | undefined },
  ): Promise<ImportPreview> {
    const owner = await this.itemService.owner(ctx, input.userId);
    if (Buffer.byteLength(input.csv, 'utf8') > IMPORT_FILE_MAX_BYTES) {
      throw badRequest('The file is larger than 20 MB; split it into smaller files.');
    }
    let detected: DetectedFormat | null = null;
    let totalRows = 0;
    let validRows = 0;
    const preview: ImportRow[] = [];
    try {
      for await (const record of csvRecords(input.csv)) {
        if (!detected) {
          detected = detectFormat(record);
          if (!detected) throw badRequest(UNKNOWN_FORMAT_MESSAGE);
          continue;
        }
        totalRows += 1;
        const row = readRow(detected, record, totalRows + 1);
        if (row.errors.length === 0) validRows += 1;
        if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(row);
      }
    } catch (error) {
      unreadable(error);
    }
    if (!detected) throw badRequest('The file is empty.');
    if (totalRows === 0) throw badRequest('The file has a header row but no items.');

    const actions = await this.previewActions(ctx.accountId, owner, detected.format, preview);
    const importId = newId();
    const storageKey = `imports/${ctx.accountId}/${importId}.csv`;
    await this.storage.put(storageKey, Buffer.from(input.csv, 'utf8'), {
      contentType: 'text/csv',
    });
    const fileName = input.fileName?.trim() || 'import.csv';
    await this.imports.create({
      id: importId,
      accountId: ctx.accountId,
      userId: owner,
      fileName,
      format: detected.format,
      storageKey,
      status: 'previewed',
      totalRows,
    });
    return {
      importId,
      format: detected.format,
      fileName,
      totalRows,
      validRows,
      columns: detected.columns,
      rows: preview.map((row, index) => ({
        row: row.row,
        sku: row.sku,
        title: typeof row.details.title === 'string' ? row.details.title : '',
        price: typeof row.details.price === 'number' ? row.details.price : null,
        action: actions[index]!,
        errors: row.errors,
      })),
    };
  }

  /** Whether each previewed row would create an item, update one, or be skipped. */
  private async previewActions(
    accountId: string,
    userId: string,
    format: ImportFormat,
    rows: ImportRow[],
  ): Promise<('create' | 'update' | 'skip')[]> {
    const keys = this.matchKeys(accountId, userId, format, rows);
    const existing = await this.itemService.findRecords(accountId, userId, keys, { lock: false });
    const skus = new Set(existing.map((e) => e.generalDetails.sku).filter(Boolean));
    const ids = new Set(existing.map((e) => e.id));
    return rows.map((row) => {
      if (row.errors.length > 0) return 'skip';
      const candidates = this.idCandidates(accountId, userId, format, row);
      const known = (row.sku && skus.has(row.sku)) || candidates.some((id) => ids.has(id));
      // A later row of the same file with an earlier row's SKU or id updates that item.
      if (row.sku) skus.add(row.sku);
      for (const id of candidates) ids.add(id);
      return known ? 'update' : 'create';
    });
  }

  /** The ids a row may already have: the ListLoop id it names, and the id an import gives it. */
  private idCandidates(
    accountId: string,
    userId: string,
    format: ImportFormat,
    row: ImportRow,
  ): string[] {
    if (!row.sourceId) return [];
    const derived = derivedItemId(accountId, userId, `${format}:${row.sourceId}`);
    return format === 'listloop' ? [row.sourceId, derived] : [derived];
  }

  private matchKeys(accountId: string, userId: string, format: ImportFormat, rows: ImportRow[]) {
    const valid = rows.filter((r) => r.errors.length === 0);
    return {
      skus: [...new Set(valid.map((r) => r.sku).filter(Boolean))],
      ids: [...new Set(valid.flatMap((r) => this.idCandidates(accountId, userId, format, r)))],
    };
  }

  async start(ctx: RequestContext, importId: string): Promise<ImportStatus> {
    const current = await this.imports.find(ctx.accountId, importId);
    if (!current) throw notFound(NO_SUCH_IMPORT);
    if (current.status !== 'previewed' && current.status !== 'failed') return toStatus(current);
    const claimed = await this.imports.claimForStart(ctx.accountId, importId);
    if (!claimed) return toStatus((await this.imports.find(ctx.accountId, importId)) ?? current);
    await this.enqueue({ importId, accountId: ctx.accountId });
    return toStatus(claimed);
  }

  async status(ctx: RequestContext, importId: string): Promise<ImportStatus> {
    const row = await this.imports.find(ctx.accountId, importId);
    if (!row) throw notFound(NO_SUCH_IMPORT);
    return toStatus(row);
  }

  /** The job: imports the rows after those already processed, batch by batch. */
  async run(
    payload: ImportJobPayload,
    job: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const { importId, accountId } = payload;
    const found = await this.imports.find(accountId, importId);
    if (!found || found.status === 'done') return;
    try {
      await this.imports.update(accountId, importId, { status: 'running', failureReason: null });
      await this.importFile(found);
      await this.imports.update(accountId, importId, {
        status: 'done',
        finishedAt: new Date(this.now()),
      });
    } catch (error) {
      if (error instanceof ImportOvertaken) return;
      const permanent = error instanceof StorageError;
      const lastTry = permanent || job.retryCount >= job.retryLimit;
      job.logger.warn({ err: error, importId, lastTry }, 'item import stopped');
      if (lastTry) {
        await this.imports.update(accountId, importId, {
          status: 'failed',
          failureReason: permanent
            ? 'The uploaded file is no longer there; upload it again.'
            : 'The import stopped on an error; start it again to carry on where it stopped.',
          finishedAt: new Date(this.now()),
        });
        if (permanent) return;
      }
      throw error;
    }
  }

  private async importFile(row: ItemImportRow): Promise<void> {
    const text = (await this.storage.readBuffer(row.storageKey)).toString('utf8');
    let detected: DetectedFormat | null = null;
    let index = 0;
    let processed = row.processedRows;
    const errorRows: ImportRowError[] = [...row.errorRows];
    let batch: ImportRow[] = [];
    const flush = async () => {
      if (!detected || batch.length === 0) return;
      await this.importBatch(row, detected.format, batch, processed, errorRows);
      processed += batch.length;
      batch = [];
    };
    for await (const record of csvRecords(text)) {
      if (!detected) {
        detected = detectFormat(record);
        if (!detected) throw new Error(UNKNOWN_FORMAT_MESSAGE);
        continue;
      }
      index += 1;
      if (index <= row.processedRows) continue;
      batch.push(readRow(detected, record, index + 1));
      if (batch.length >= IMPORT_BATCH_SIZE) await flush();
    }
    await flush();
  }

  private async importBatch(
    imported: ItemImportRow,
    format: ImportFormat,
    rows: ImportRow[],
    processedBefore: number,
    errorRows: ImportRowError[],
  ): Promise<void> {
    const { accountId, userId } = imported;
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const current = await this.imports.find(accountId, imported.id, { forUpdate: true, db: tx });
      if (!current || current.processedRows !== processedBefore) throw new ImportOvertaken();

      const addError = (row: number, messages: string[]) => {
        if (errorRows.length < IMPORT_ERROR_ROWS_MAX) errorRows.push({ row, messages });
      };
      const readable = rows.filter((r) => {
        if (r.errors.length > 0) addError(r.row, r.errors);
        return r.errors.length === 0;
      });
      // A photo address must be a web address or one of this account's own images.
      const photoIssues = await this.itemService.photoIssuesOf(
        accountId,
        readable.map((r) => ({ generalDetails: r.details })),
        tx,
      );
      const valid = readable.filter((r, index) => {
        const issues = photoIssues[index] ?? [];
        if (issues.length > 0) addError(r.row, [...new Set(issues.map(photoIssueText))]);
        return issues.length === 0;
      });
      const existing = await this.itemService.findRecords(
        accountId,
        userId,
        this.matchKeys(accountId, userId, format, valid),
        { db: tx },
      );
      const labelLists = await this.labels.ensureEach(
        tx,
        accountId,
        userId,
        valid.map((r) => r.labels ?? []),
      );

      // Items by id, and SKU → id, of this inventory and of the batch so far.
      const byId = new Map<string, ItemWrite>(existing.map((e) => [e.id, asWrite(e)]));
      const skuToId = new Map<string, string>(
        existing.filter((e) => e.generalDetails.sku).map((e) => [e.generalDetails.sku, e.id]),
      );
      const created = new Set<string>();
      const updated = new Set<string>();

      valid.forEach((row, i) => {
        const labels = labelLists[i];
        if (labels === null || labels === undefined) {
          addError(row.row, [LABELS_PER_USER_MESSAGE]);
          return;
        }
        const candidates = this.idCandidates(accountId, userId, format, row);
        const targetId =
          (row.sku ? skuToId.get(row.sku) : undefined) ?? candidates.find((id) => byId.has(id));
        const target = targetId ? byId.get(targetId) : undefined;
        let write: ItemWrite;
        if (target) {
          const before = withDetailDefaults(target.generalDetails);
          const generalDetails = GeneralDetailsSchema.parse({
            ...before,
            ...row.details,
            weight: { ...before.weight, ...(row.details.weight ?? {}) },
          });
          const itemLabels = row.labels === undefined ? target.labels : labels;
          const listings =
            format === 'ebay' && row.sourceId && !target.listings.ebay
              ? { ...target.listings, ebay: ebayListing(row.sourceId, now) }
              : target.listings;
          write = {
            ...target,
            generalDetails,
            labels: itemLabels,
            listings,
            status: completenessOf({ generalDetails, labels: itemLabels }).status,
            dateLastModified: now,
          };
          if (!created.has(target.id)) updated.add(target.id);
        } else {
          const generalDetails = GeneralDetailsSchema.parse(row.details);
          write = {
            id: candidates.at(-1) ?? newId(),
            accountId,
            userId,
            status: completenessOf({ generalDetails, labels }).status,
            dateCreated: row.dateCreated ?? now,
            dateLastModified: now,
            labels,
            generalDetails,
            listings:
              format === 'ebay' && row.sourceId ? { ebay: ebayListing(row.sourceId, now) } : {},
            variants: [],
          };
          created.add(write.id);
        }
        byId.set(write.id, write);
        if (write.generalDetails.sku) skuToId.set(write.generalDetails.sku, write.id);
      });

      await this.itemService.insertRecords(
        [...created].map((id) => byId.get(id)!),
        tx,
      );
      await this.itemService.updateRecords(
        accountId,
        userId,
        [...updated].map((id) => byId.get(id)!),
        tx,
      );
      await this.imports.recordBatch(
        accountId,
        imported.id,
        { rows: rows.length, created: created.size, updated: updated.size, errorRows },
        tx,
      );
    });
  }
}

function asWrite(row: ItemRecord): ItemWrite {
  return {
    id: row.id,
    accountId: row.accountId,
    userId: row.userId,
    status: row.status,
    dateCreated: row.dateCreated,
    dateLastModified: row.dateLastModified,
    labels: row.labels,
    generalDetails: row.generalDetails,
    listings: row.listings,
    variants: row.variants,
  };
}

/** An item found in eBay's active listings report is listed there, under that item number. */
function ebayListing(itemNumber: string, now: number) {
  return ListingSchema.parse(
    stampListing(
      { ...ListingSchema.parse({}), status: 'listed', listedID: itemNumber, lastStatusDate: now },
      now,
    ),
  );
}
