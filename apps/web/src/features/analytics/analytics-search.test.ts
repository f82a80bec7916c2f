import { describe, expect, it } from 'vitest';
import {
  AnalyticsSearchSchema,
  agingMarketplace,
  bucketsFor,
  periodProblem,
  presetPeriod,
  searchPeriod,
  todayIn,
} from './analytics-search';

describe('the periods a seller picks', () => {
  const today = '2025-03-16';

  it('end today, or cover last month whole', () => {
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2025-03-01', to: today });
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetPeriod('lastMonth', '2025-01-10')).toEqual({
      from: '2024-12-01',
      to: '2024-12-31',
    });
    expect(presetPeriod('last30', today)).toEqual({ from: '2025-02-15', to: today });
    expect(presetPeriod('last90', today)).toEqual({ from: '2024-12-17', to: today });
    expect(presetPeriod('thisYear', today)).toEqual({ from: '2025-01-01', to: today });
  });

  it('come from the URL: custom days when they make a period, else the preset', () => {
    expect(searchPeriod({ period: 'custom', from: '2024-05-01', to: '2024-05-31' }, today)).toEqual(
      {
        preset: 'custom',
        period: { from: '2024-05-01', to: '2024-05-31' },
      },
    );
    // Backwards custom days: the default preset instead of an error page.
    expect(searchPeriod({ period: 'custom', from: '2024-06-01', to: '2024-05-31' }, today)).toEqual(
      {
        preset: 'last30',
        period: { from: '2025-02-15', to: today },
      },
    );
    expect(searchPeriod({ period: 'thisYear', from: '2020-01-01' }, today).period).toEqual({
      from: '2025-01-01',
      to: today,
    });
    expect(searchPeriod({}, today).preset).toBe('last30');
  });

  it('drops what the URL says that the screen cannot read', () => {
    expect(
      AnalyticsSearchSchema.parse({
        period: 'fortnight',
        from: '2025-02-30',
        to: '2025-03-01',
        marketplace: 'atlantis',
        bucket: 'hour',
      }),
    ).toEqual({ to: '2025-03-01' });
  });

  it('says what is wrong with two typed days', () => {
    expect(periodProblem('', '2025-03-01')).toBe('missing');
    expect(periodProblem('2025-03-02', '2025-03-01')).toBe('backwards');
    expect(periodProblem('2020-01-01', '2025-03-01')).toBe('tooLong');
    expect(periodProblem('2025-03-01', '2025-03-01')).toBeNull();
  });

  it('charts a long period by week or month only', () => {
    expect(bucketsFor({ from: '2025-01-01', to: '2025-03-31' })).toEqual(['day', 'week', 'month']);
    expect(bucketsFor({ from: '2023-01-01', to: '2025-03-31' })).toEqual(['week', 'month']);
  });

  it('counts today in the seller’s zone, and ages no stock in person', () => {
    const lateEvening = Date.parse('2025-03-16T23:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2025-03-16');
    expect(todayIn('Europe/Rome', lateEvening)).toBe('2025-03-17');
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2025-03-16');
    expect(agingMarketplace('in_person')).toBeUndefined();
    expect(agingMarketplace('ebay')).toBe('ebay');
  });
});
