import { describe, expect, it } from 'vitest';
import { importPercent, isImportActive } from './item-import.api';

describe('the import screen', () => {
  it('shows progress as a rounded percentage', () => {
    expect(importPercent({ processedRows: 1, totalRows: 3 })).toBe(33);
    expect(importPercent({ processedRows: 5, totalRows: 4 })).toBe(100);
    expect(importPercent({ processedRows: 0, totalRows: 0 })).toBe(100);
  });

  it('polls only while the import is queued or running', () => {
    expect(isImportActive('queued')).toBe(true);
    expect(isImportActive('running')).toBe(true);
    expect(isImportActive('done')).toBe(false);
    expect(isImportActive('failed')).toBe(false);
    expect(isImportActive(undefined)).toBe(false);
  });
});
