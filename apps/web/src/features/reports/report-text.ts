import type { IntlShape } from 'react-intl';

type NumberFormatter = IntlShape['formatNumber'];

/** "850 B", "12 kB", "3.4 MB": a file's size as the language writes it. */
export function fileSize(format: NumberFormatter, bytes: number): string {
  const unit = (name: string, value: number, digits: number) =>
    format(value, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    });
  if (bytes < 1000) return unit('byte', bytes, 0);
  if (bytes < 1_000_000) return unit('kilobyte', bytes / 1000, 0);
  return unit('megabyte', bytes / 1_000_000, 1);
}

/** How far a report is, in whole percent (0 until its rows are counted). */
export function progressPercent(rowsDone: number, rowsTotal: number | null): number {
  if (!rowsTotal) return 0;
  return Math.min(100, Math.floor((rowsDone / rowsTotal) * 100));
}
