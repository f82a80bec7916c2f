import type { Workflow } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { EVERY_OPTIONS, inputOf, isChanged, scheduleLine } from './workflow-form';

const workflow: Workflow = {
  crosslistWorkflow: 'keep_importing_from_ebay',
  importFromEbay: { enabled: true, everyHours: 24 },
  steps: ['import_from_ebay', 'cross_list'],
  schedule: { ebayConnected: true, nextImportAt: '2026-01-02T10:00:00.000Z', lastImportAt: null },
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('the workflow form', () => {
  it('edits what the saved workflow holds, and sees a change', () => {
    const input = inputOf(workflow);
    expect(isChanged(workflow, input)).toBe(false);
    expect(
      isChanged(workflow, { ...input, importFromEbay: { enabled: true, everyHours: 6 } }),
    ).toBe(true);
    expect(isChanged(workflow, { ...input, crosslistWorkflow: 'import_from_csv' })).toBe(true);
  });

  it('offers every period the server takes', () => {
    expect(EVERY_OPTIONS.map((o) => o.hours)).toEqual([1, 6, 12, 24, 48, 168]);
  });

  it('says when the next import starts', () => {
    const before = Date.parse('2026-01-02T09:00:00.000Z');
    const after = Date.parse('2026-01-02T10:05:00.000Z');
    expect(scheduleLine(workflow, before)).toEqual({
      kind: 'next',
      at: '2026-01-02T10:00:00.000Z',
    });
    expect(scheduleLine(workflow, after)).toEqual({ kind: 'soon' });
    expect(
      scheduleLine({ ...workflow, schedule: { ...workflow.schedule, nextImportAt: null } }, before),
    ).toEqual({ kind: 'none' });
  });
});
