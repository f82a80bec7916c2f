import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ReportColumn, ReportFormat } from '@listloop/domain';
import type { ReportCell, ReportLanguage } from './report.cells';

/** Writes a report's rows to a file as they come, so memory stays flat whatever the size. */
export interface ReportWriter {
  write(rows: readonly ReportCell[][]): Promise<void>;
  /** Finishes the file; it is complete only after this. */
  close(): Promise<void>;
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A starting width for a column, in characters; a person widens it if they wish. */
const WIDTHS: Partial<Record<ReportColumn, number>> = {
  title: 40,
  description: 50,
  notes: 30,
  marketplaces: 36,
  labels: 24,
  category: 28,
  dateCreated: 18,
  dateLastModified: 18,
  itemId: 26,
};

/**
 * CSV with a BOM (so spreadsheets read it as UTF-8) and the language's separator: a comma, or a
 * semicolon where the comma is the decimal mark (Spanish, Italian), as their spreadsheets expect.
 */
async function csvWriter(
  file: string,
  columns: readonly ReportColumn[],
  language: ReportLanguage,
): Promise<ReportWriter> {
  const csv = stringify({
    bom: true,
    delimiter: language.csvDelimiter,
    record_delimiter: 'windows',
  });
  const done = pipeline(csv, createWriteStream(file));
  // A failed file write destroys the stringifier with the error, which ends the wait for drain.
  const put = async (record: string[]) => {
    if (!csv.write(record)) await once(csv, 'drain');
  };
  await put(columns.map((column) => language.header(column)));
  return {
    async write(rows) {
      for (const row of rows) await put(row.map((cell) => language.csvText(cell)));
    },
    async close() {
      csv.end();
      await done;
    },
  };
}

/**
 * XLSX through ExcelJS's streaming writer: each row is written out when committed, and strings
 * are stored inline rather than in a shared table that would grow with the report.
 */
async function xlsxWriter(
  file: string,
  columns: readonly ReportColumn[],
  language: ReportLanguage,
): Promise<ReportWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'ListLoop';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(language.sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => {
    const numFmt = language.xlsxFormat(column);
    return {
      header: language.header(column),
      key: column,
      width: WIDTHS[column] ?? 14,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    async write(rows) {
      for (const row of rows) {
        sheet.addRow(row.map((cell) => language.xlsxValue(cell))).commit();
      }
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function openReportWriter(
  format: ReportFormat,
  file: string,
  columns: readonly ReportColumn[],
  language: ReportLanguage,
): Promise<ReportWriter> {
  return format === 'csv'
    ? csvWriter(file, columns, language)
    : xlsxWriter(file, columns, language);
}
