import {
  REPORT_COLUMNS,
  type ItemSort,
  type ItemStatus,
  type ListingStatus,
  type Locale,
  type MarketplaceId,
  type ReportColumn,
  type ReportDefaults,
  type ReportDefaultsInput,
  type ReportFiltersInput,
  type ReportFormat,
  type ReportStartInput,
} from '@listloop/domain';

/** The filters as the form holds them: empty inputs are empty strings and nulls. */
export interface ReportFilterValues {
  /** A team member's inventory, kept from saved defaults (the form does not choose it). */
  userId?: string;
  q: string;
  status: ItemStatus | null;
  marketplace: MarketplaceId | null;
  listingStatus: ListingStatus | null;
  label: string | null;
  priceMin: number | null;
  priceMax: number | null;
  createdFrom: string;
  createdTo: string;
  sort: ItemSort;
}

export interface ReportFormValues {
  format: ReportFormat;
  /** In the order they are offered (REPORT_COLUMNS), which is the file's order. */
  columns: ReportColumn[];
  filters: ReportFilterValues;
}

export function valuesFromDefaults(defaults: ReportDefaults): ReportFormValues {
  const f = defaults.filters;
  return {
    format: defaults.format,
    columns: inOfferedOrder(defaults.columns),
    filters: {
      ...(f.userId ? { userId: f.userId } : {}),
      q: f.q ?? '',
      status: f.status ?? null,
      marketplace: f.marketplace ?? null,
      listingStatus: f.listingStatus ?? null,
      label: f.label ?? null,
      priceMin: f.priceMin ?? null,
      priceMax: f.priceMax ?? null,
      createdFrom: f.createdFrom ?? '',
      createdTo: f.createdTo ?? '',
      sort: f.sort,
    },
  };
}

export function inOfferedOrder(columns: readonly ReportColumn[]): ReportColumn[] {
  return REPORT_COLUMNS.filter((column) => columns.includes(column));
}

/** The columns with one switched on or off, in the offered order. */
export function toggleColumn(
  columns: readonly ReportColumn[],
  column: ReportColumn,
  on: boolean,
): ReportColumn[] {
  const next = new Set(columns);
  if (on) next.add(column);
  else next.delete(column);
  return inOfferedOrder([...next]);
}

/** The filters as the API takes them: what is empty is left out. */
export function filtersInput(values: ReportFilterValues): ReportFiltersInput {
  const q = values.q.trim();
  return {
    ...(values.userId ? { userId: values.userId } : {}),
    ...(q ? { q } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...(values.marketplace ? { marketplace: values.marketplace } : {}),
    ...(values.listingStatus ? { listingStatus: values.listingStatus } : {}),
    ...(values.label ? { label: values.label } : {}),
    ...(values.priceMin !== null ? { priceMin: values.priceMin } : {}),
    ...(values.priceMax !== null ? { priceMax: values.priceMax } : {}),
    ...(values.createdFrom ? { createdFrom: values.createdFrom } : {}),
    ...(values.createdTo ? { createdTo: values.createdTo } : {}),
    sort: values.sort,
  };
}

/** What a start asks for: everything the form says, worded in the edition being read. */
export function startInput(values: ReportFormValues, locale: Locale): ReportStartInput {
  return {
    format: values.format,
    columns: values.columns,
    filters: filtersInput(values.filters),
    locale,
  };
}

export function defaultsInput(values: ReportFormValues): ReportDefaultsInput {
  return { format: values.format, columns: values.columns, filters: filtersInput(values.filters) };
}

/** Whether the form says the same as these defaults (saving them again would change nothing). */
export function sameAsDefaults(values: ReportFormValues, defaults: ReportDefaults): boolean {
  return (
    JSON.stringify(defaultsInput(values)) ===
    JSON.stringify(defaultsInput(valuesFromDefaults(defaults)))
  );
}

/** What stops a start: no column, or a range whose end comes before its start. */
export function formProblems(values: ReportFormValues) {
  const f = values.filters;
  return {
    columns: values.columns.length === 0,
    price: f.priceMin !== null && f.priceMax !== null && f.priceMin > f.priceMax,
    created: f.createdFrom !== '' && f.createdTo !== '' && f.createdFrom > f.createdTo,
  };
}

export function hasProblems(values: ReportFormValues): boolean {
  return Object.values(formProblems(values)).some(Boolean);
}

/** How many filters narrow the items (the order of rows is not one). */
export function filterCount(values: ReportFilterValues): number {
  return [
    values.q.trim() !== '',
    values.status !== null,
    values.marketplace !== null,
    values.listingStatus !== null,
    values.label !== null,
    values.priceMin !== null || values.priceMax !== null,
    values.createdFrom !== '' || values.createdTo !== '',
  ].filter(Boolean).length;
}

/** The filters emptied; the order of rows stays. */
export function withoutFilters(values: ReportFilterValues): ReportFilterValues {
  return {
    ...(values.userId ? { userId: values.userId } : {}),
    q: '',
    status: null,
    marketplace: null,
    listingStatus: null,
    label: null,
    priceMin: null,
    priceMax: null,
    createdFrom: '',
    createdTo: '',
    sort: values.sort,
  };
}
