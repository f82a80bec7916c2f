import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  bucketAxisLabel,
  bucketPeriod,
  defaultRange,
  rangeProblem,
  totalsCsv,
  totalsFileName,
} from './created-totals';
import { fileSize, progressPercent } from './report-text';

const en = createIntl({ locale: 'en-US' });
const it_ = createIntl({ locale: 'it' });

describe('items created by date, on screen', () => {
  it('shows the last 30 days by day first', () => {
    expect(defaultRange('2024-03-31')).toEqual({
      from: '2024-03-02',
      to: '2024-03-31',
      bucket: 'day',
    });
  });

  it('refuses what the server would, before asking it', () => {
    expect(rangeProblem('2024-03-01', '2024-03-31', 'day')).toBeNull();
    expect(rangeProblem('', '2024-03-31', 'day')).toEqual({ kind: 'missing' });
    expect(rangeProblem('2024-03-31', '2024-03-01', 'day')).toEqual({ kind: 'reversed' });
    expect(rangeProblem('2024-01-01', '2025-01-01', 'day')).toEqual({ kind: 'tooLong', max: 366 });
    expect(rangeProblem('2024-01-01', '2025-01-01', 'week')).toBeNull();
    expect(rangeProblem('2014-01-01', '2025-01-01', 'month')).toEqual({
      kind: 'tooLong',
      max: 120,
    });
  });

  it('names buckets under their bars and in full, in the language read', () => {
    expect(bucketAxisLabel(en.formatDate, 'day', '2024-03-10')).toBe('Mar 10');
    expect(bucketAxisLabel(en.formatDate, 'month', '2024-03-01')).toBe('Mar 2024');
    expect(bucketAxisLabel(it_.formatDate, 'day', '2024-03-10')).toBe('10 mar');
    expect(
      bucketPeriod(en.formatDateTimeRange, en.formatDate, {
        start: '2024-03-04',
        end: '2024-03-10',
      }),
    ).toMatch(/^Mar 4\s–\s10, 2024$/);
    expect(
      bucketPeriod(en.formatDateTimeRange, en.formatDate, {
        start: '2024-03-10',
        end: '2024-03-10',
      }),
    ).toBe('Mar 10, 2024');
  });

  it('writes the totals as a CSV a spreadsheet of the language reads', () => {
    const text = totalsCsv(
      ['Period', 'Items created'],
      [
        { period: 'Mar 4 – 10, 2024', total: 3 },
        { period: 'Mar 11 – 17, 2024', total: 0 },
      ],
      ',',
    );
    expect(text).toBe(
      '\uFEFFPeriod,Items created\r\n"Mar 4 – 10, 2024",3\r\n"Mar 11 – 17, 2024",0\r\n',
    );
    expect(totalsCsv(['Periodo', 'Articoli'], [{ period: '4–10 mar 2024', total: 3 }], ';')).toBe(
      '\uFEFFPeriodo;Articoli\r\n4–10 mar 2024;3\r\n',
    );
    expect(totalsFileName({ from: '2024-03-01', to: '2024-03-31', bucket: 'week' })).toBe(
      'listloop-items-created-2024-03-01-2024-03-31-week.csv',
    );
  });

  it('says how big a file is and how far a report is', () => {
    expect(fileSize(en.formatNumber, 850)).toBe('850 byte');
    expect(fileSize(en.formatNumber, 12_345)).toBe('12 kB');
    expect(fileSize(it_.formatNumber, 3_450_000)).toBe('3,5 MB');
    expect(progressPercent(250, 1000)).toBe(25);
    expect(progressPercent(0, null)).toBe(0);
    expect(progressPercent(999, 1000)).toBe(99);
  });
});
