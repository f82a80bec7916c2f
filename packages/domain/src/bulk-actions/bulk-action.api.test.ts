import { describe, expect, it } from 'vitest';
import {
  BULK_ACTION_ITEMS_MAX,
  BULK_ACTION_PARAMETER_SCHEMAS,
  BulkActionNameSchema,
  BulkActionStartSchema,
  BulkListingFieldsSchema,
  isBulkActionRunFinished,
} from './bulk-action.api';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('bulk action shapes', () => {
  it('names the eight actions, and says which name is not one', () => {
    expect(BulkActionNameSchema.parse('bulkDelistRelist')).toBe('bulkDelistRelist');
    expect(firstMessage(BulkActionNameSchema.safeParse('bulkNuke'))).toContain(
      '"bulkNuke" is not a bulk action; use one of bulkDelistRelist, bulkDelete',
    );
  });

  it('takes items by ids or by a filter, one of the two, at most 10,000', () => {
    expect(BulkActionStartSchema.parse({ selection: { itemIds: ['a'] } }).parameters).toEqual({});
    expect(BulkActionStartSchema.parse({ selection: { filter: {} } }).selection.filter).toEqual({
      sort: 'dateCreated:desc',
    });
    expect(
      firstMessage(BulkActionStartSchema.safeParse({ selection: { itemIds: ['a'], filter: {} } })),
    ).toBe('Select the items by their ids or by a filter (one of the two).');
    expect(firstMessage(BulkActionStartSchema.safeParse({ selection: { itemIds: [] } }))).toBe(
      'Select at least one item.',
    );
    const many = Array.from({ length: BULK_ACTION_ITEMS_MAX + 1 }, (_, i) => `id-${i}`);
    expect(firstMessage(BulkActionStartSchema.safeParse({ selection: { itemIds: many } }))).toBe(
      'A bulk action takes at most 10,000 items: select fewer, or narrow the filter.',
    );
    expect(BulkActionStartSchema.safeParse({ selection: { filter: { unknown: 1 } } }).success).toBe(
      false,
    );
  });

  it('checks each action’s parameters', () => {
    expect(
      BULK_ACTION_PARAMETER_SCHEMAS.bulkList.parse({ marketplaces: ['ebay', 'ebay', 'etsy'] }),
    ).toEqual({ marketplaces: ['ebay', 'etsy'] });
    expect(
      BULK_ACTION_PARAMETER_SCHEMAS.bulkDelist.safeParse({ marketplaces: ['x'] }).success,
    ).toBe(false);
    expect(BULK_ACTION_PARAMETER_SCHEMAS.bulkEditLabels.parse({ addLabels: ['Summer'] })).toEqual({
      addLabels: ['Summer'],
      removeLabels: [],
    });
    expect(firstMessage(BULK_ACTION_PARAMETER_SCHEMAS.bulkEditLabels.safeParse({}))).toBe(
      'Give the labels to add or to remove.',
    );
    expect(BULK_ACTION_PARAMETER_SCHEMAS.bulkDelete.safeParse({ force: true }).success).toBe(false);
    expect(firstMessage(BULK_ACTION_PARAMETER_SCHEMAS.bulkEdit.safeParse({}))).toBe(
      'Give the item changes, the listing changes, or both.',
    );
    expect(
      BULK_ACTION_PARAMETER_SCHEMAS.bulkEdit.parse({ listings: { ebay: { price: null } } }),
    ).toEqual({ listings: { ebay: { price: null } } });
  });

  it('lets a bulk listing edit set the listing’s own fields, never its state', () => {
    expect(BulkListingFieldsSchema.safeParse({ status: 'listed' }).success).toBe(false);
    expect(BulkListingFieldsSchema.safeParse({ shipping: { profileId: 'x' } }).success).toBe(false);
    expect(firstMessage(BulkListingFieldsSchema.safeParse({}))).toBe(
      'Give at least one listing field to change.',
    );
  });

  it('knows which runs have ended', () => {
    expect(
      ['queued', 'running', 'cancelling'].map((s) => isBulkActionRunFinished(s as never)),
    ).toEqual([false, false, false]);
    expect(['cancelled', 'done', 'failed'].map((s) => isBulkActionRunFinished(s as never))).toEqual(
      [true, true, true],
    );
  });
});
