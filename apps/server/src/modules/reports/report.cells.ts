import {
  CATEGORY_SEPARATOR,
  MARKETPLACE_IDS,
  MARKETPLACE_NAMES,
  REPORT_DATE_COLUMNS,
  REPORT_MONEY_COLUMNS,
  wallClockAsUtc,
  type ListingStatus,
  type Locale,
  type MarketplaceId,
  type ReportColumn,
} from '@listloop/domain';
import { translator, type MessageId, type Translate } from '../../i18n/messages';
import type { ItemRecord } from '../items';

/** One cell of a report row, typed so each file format writes it its own way. */
export type ReportCell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'money'; value: number }
  | { kind: 'date'; instant: number }
  | null;

/** How a report is worded: the person's language, the account's time zone and currency. */
export interface ReportWording {
  locale: Locale;
  timeZone: string;
  currency: string;
}

/** Marketplaces in the order a reader looks for them: by name. */
const MARKETPLACES_BY_NAME = [...MARKETPLACE_IDS].sort((a, b) =>
  MARKETPLACE_NAMES[a].localeCompare(MARKETPLACE_NAMES[b], 'en', { sensitivity: 'base' }),
);

const MEMO_MAX = 20_000;
const GRAMS_PER_OUNCE = 28.349523125;
const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, made inert with an apostrophe it hides. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const text = (value: string | null | undefined): ReportCell =>
  value === null || value === undefined || value === '' ? null : { kind: 'text', text: value };

/**
 * The words and the number and date forms of one report: column headers, item and listing
 * states, conditions, weights; amounts in the account's currency and instants in the account's
 * time zone, written as the person's language writes them.
 */
export class ReportLanguage {
  private readonly t: Translate;
  private readonly usesPounds: boolean;
  /** Where the language puts the decimals: a comma in Spanish and Italian. */
  readonly decimalSeparator: string;
  /** A comma is the decimal separator where the CSV's cells are separated by semicolons. */
  readonly csvDelimiter: ',' | ';';
  /** The language's order of day, month and year, and what separates them. */
  private readonly dayPattern: { order: ('day' | 'month' | 'year')[]; separator: string };
  private readonly unitFormats: Map<string, Intl.NumberFormat> = new Map();
  /**
   * Words and values that repeat row after row (a status, a weight, a set of listings), worded
   * once: a report of 100,000 items says "Complete" 100,000 times.
   */
  private readonly said = new Map<string, string>();
  /** The zone's offset per quarter hour (clocks change on the quarter hour at the finest). */
  private readonly offsets = new Map<number, number>();

  constructor(readonly wording: ReportWording) {
    this.t = translator(wording.locale);
    this.usesPounds = wording.locale === 'en-US';
    this.decimalSeparator =
      new Intl.NumberFormat(wording.locale).formatToParts(1.5).find((p) => p.type === 'decimal')
        ?.value ?? '.';
    this.csvDelimiter = this.decimalSeparator === ',' ? ';' : ',';
    const parts = new Intl.DateTimeFormat(wording.locale, {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(Date.UTC(2024, 10, 22)));
    this.dayPattern = {
      order: parts
        .map((part) => part.type)
        .filter((type): type is 'day' | 'month' | 'year' =>
          ['day', 'month', 'year'].includes(type),
        ),
      separator: parts.find((part) => part.type === 'literal')?.value ?? '/',
    };
  }

  private say(key: string, word: () => string): string {
    let text = this.said.get(key);
    if (text === undefined) {
      text = word();
      // Bounded: a report of odd values throws the memory away rather than keep every one.
      if (this.said.size >= MEMO_MAX) this.said.clear();
      this.said.set(key, text);
    }
    return text;
  }

  private word(id: MessageId): string {
    return this.say(id, () => this.t(id));
  }

  /** The account's wall-clock time at an instant, as if it were UTC. */
  private wallClock(instant: number): Date {
    const slot = Math.floor(instant / 900_000);
    let offset = this.offsets.get(slot);
    if (offset === undefined) {
      offset = wallClockAsUtc(slot * 900_000, this.wording.timeZone) - slot * 900_000;
      if (this.offsets.size >= MEMO_MAX) this.offsets.clear();
      this.offsets.set(slot, offset);
    }
    return new Date(instant + offset);
  }

  /** The column's header; an amount's names its currency ("Price (USD)"). */
  header(column: ReportColumn): string {
    const name = this.t(`report.column.${column}` as MessageId);
    return REPORT_MONEY_COLUMNS.includes(column)
      ? this.t('report.column.withCurrency', { column: name, currency: this.wording.currency })
      : name;
  }

  /** The worksheet's name. */
  get sheetName(): string {
    return this.t('report.sheetName');
  }

  cells(item: ItemRecord, columns: readonly ReportColumn[]): ReportCell[] {
    return columns.map((column) => this.cell(item, column));
  }

  private cell(item: ItemRecord, column: ReportColumn): ReportCell {
    const details = item.generalDetails;
    switch (column) {
      case 'title':
        return text(details.title);
      case 'sku':
        return text(details.sku);
      case 'brand':
        return text(details.brand);
      case 'condition':
        return details.condition
          ? text(this.word(`report.condition.${details.condition}` as MessageId))
          : null;
      case 'category':
        return text(details.category ?? details.categoryV2?.path.join(CATEGORY_SEPARATOR) ?? null);
      case 'size':
        return text(details.size);
      case 'color':
        return text(details.primaryColor);
      case 'price':
        return details.price === null ? null : { kind: 'money', value: details.price };
      case 'costOfGoods':
        return details.costOfGoods === null ? null : { kind: 'money', value: details.costOfGoods };
      case 'quantity':
        return { kind: 'number', value: details.quantity };
      case 'status':
        return text(this.word(`report.itemStatus.${item.status}` as MessageId));
      case 'location':
        return text(details.location);
      case 'labels':
        return text(item.labels.join(', '));
      case 'marketplaces':
        return text(this.marketplaces(item));
      case 'dateCreated':
        return { kind: 'date', instant: item.dateCreated };
      case 'dateLastModified':
        return { kind: 'date', instant: item.dateLastModified };
      case 'weight':
        return text(
          this.say(`weight:${details.weight.pounds}:${details.weight.ounces}`, () =>
            this.weight(details.weight.pounds, details.weight.ounces),
          ),
        );
      case 'description':
        return text(details.description);
      case 'notes':
        return text(details.notes);
      case 'itemId':
        return text(item.id);
    }
  }

  /** "eBay (Listed), Poshmark (Sold)": every marketplace it has a listing on, by name. */
  private marketplaces(item: ItemRecord): string {
    const states: [MarketplaceId, ListingStatus][] = [];
    for (const id of MARKETPLACES_BY_NAME) {
      const status = item.listings[id]?.status as ListingStatus | undefined;
      if (status && status !== 'not_listed') states.push([id, status]);
    }
    if (states.length === 0) return '';
    return this.say(`listings:${states.join(';')}`, () =>
      states
        .map(([id, status]) =>
          this.t('report.marketplaceState', {
            marketplace: MARKETPLACE_NAMES[id],
            status: this.word(`report.listingStatus.${status}` as MessageId),
          }),
        )
        .join(', '),
    );
  }

  private unit(unit: string, maximumFractionDigits: number): Intl.NumberFormat {
    const key = `${unit}:${maximumFractionDigits}`;
    let format = this.unitFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(this.wording.locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits,
      });
      this.unitFormats.set(key, format);
    }
    return format;
  }

  /** Pounds and ounces in the US; grams, or kilograms from a kilogram, elsewhere. */
  weight(pounds: number, ounces: number): string {
    const total = pounds * 16 + ounces;
    if (total <= 0) return '';
    if (this.usesPounds) {
      const parts = [];
      if (pounds > 0) parts.push(this.unit('pound', 2).format(pounds));
      if (ounces > 0) parts.push(this.unit('ounce', 2).format(ounces));
      return parts.join(' ');
    }
    const grams = Math.round(total * GRAMS_PER_OUNCE);
    return grams < 1000
      ? this.unit('gram', 0).format(grams)
      : this.unit('kilogram', 3).format(grams / 1000);
  }

  // CSV: text only, as a spreadsheet of the language reads it back.

  /** An amount with two decimals and the language's decimal mark, no grouping: 1234,50. */
  csvAmount(value: number): string {
    return value.toFixed(2).replace('.', this.decimalSeparator);
  }

  /** A date and time on the account's clock, day first or month first as the language has it. */
  csvDate(instant: number): string {
    const wall = this.wallClock(instant);
    const two = (n: number) => String(n).padStart(2, '0');
    const values = {
      day: two(wall.getUTCDate()),
      month: two(wall.getUTCMonth() + 1),
      year: String(wall.getUTCFullYear()),
    };
    const day = this.dayPattern.order.map((part) => values[part]).join(this.dayPattern.separator);
    return `${day} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
  }

  csvText(cell: ReportCell): string {
    if (cell === null) return '';
    switch (cell.kind) {
      case 'text':
        return guardFormula(cell.text);
      case 'number':
        return String(cell.value);
      case 'money':
        return this.csvAmount(cell.value);
      case 'date':
        return this.csvDate(cell.instant);
    }
  }

  // XLSX: typed cells, shown with the language's formats.

  /** The number format of a money column: the account currency's symbol where the language puts it. */
  get moneyFormat(): string {
    const symbol = CURRENCY_SYMBOLS[this.wording.currency] ?? this.wording.currency;
    return this.decimalSeparator === ',' ? `#,##0.00 "${symbol}"` : `"${symbol}"#,##0.00`;
  }

  /** The number format of a date column: month first in the US, day first elsewhere. */
  get dateFormat(): string {
    return this.wording.locale === 'en-US' ? 'mm/dd/yyyy hh:mm' : 'dd/mm/yyyy hh:mm';
  }

  /**
   * A spreadsheet's dates have no time zone: the account's wall-clock time is written as it
   * reads, so 09:30 in Rome shows 09:30 whoever opens the file.
   */
  xlsxValue(cell: ReportCell): string | number | Date | null {
    if (cell === null) return null;
    switch (cell.kind) {
      case 'text':
        return cell.text;
      case 'number':
      case 'money':
        return cell.value;
      case 'date':
        return this.wallClock(Math.floor(cell.instant / 60_000) * 60_000);
    }
  }

  /** The number format of a column in the spreadsheet, if it has one. */
  xlsxFormat(column: ReportColumn): string | undefined {
    if (REPORT_MONEY_COLUMNS.includes(column)) return this.moneyFormat;
    if (REPORT_DATE_COLUMNS.includes(column)) return this.dateFormat;
    if (column === 'quantity') return '0';
    return undefined;
  }
}
