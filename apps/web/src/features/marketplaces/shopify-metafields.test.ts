import type { Connection } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import type { ConnectWay } from '../../lib/connections/connect-options';
import {
  checkDraft,
  draftChanged,
  draftFromMapping,
  isSyncActive,
  metafieldChoices,
  metafieldRef,
  parseMetafieldRef,
  usableShopifyConnection,
  type MetafieldDefinition,
  type MetafieldMappingRow,
  type MetafieldSync,
} from './shopify-metafields';

const definition = (over: Partial<MetafieldDefinition>): MetafieldDefinition => ({
  id: 'gid://shopify/MetafieldDefinition/1',
  name: 'Condition',
  namespace: 'custom',
  key: 'condition',
  description: null,
  type: 'single_line_text_field',
  ownerType: 'PRODUCT',
  ...over,
});

const CONDITION = definition({});
const WEIGHT = definition({
  id: 'gid://shopify/MetafieldDefinition/2',
  name: 'Shipping weight',
  namespace: 'shipping',
  key: 'weight',
  type: 'weight',
});

const sync = (status: MetafieldSync['status']): MetafieldSync => ({
  syncId: 'sync_1',
  status,
  requestedAt: '2025-06-01T12:00:00.000Z',
  finishedAt: null,
  definitionCount: null,
  error: null,
});

let counter = 0;
const newId = () => `row${(counter += 1)}`;

describe('the last metafield sync', () => {
  it('is under way while queued or running', () => {
    expect(isSyncActive(sync('queued'))).toBe(true);
    expect(isSyncActive(sync('running'))).toBe(true);
    expect(isSyncActive(sync('done'))).toBe(false);
    expect(isSyncActive(sync('failed'))).toBe(false);
    expect(isSyncActive(null)).toBe(false);
    expect(isSyncActive(undefined)).toBe(false);
  });
});

describe('the usable Shopify connection', () => {
  const connection = (over: Partial<Connection>): Connection => ({
    id: 'conn_00000000000000000001',
    marketplace: 'shopify',
    nickname: 'Store',
    status: 'connected',
    externalAccountId: null,
    credentialHint: 'abcd',
    credentialExpiresAt: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    ...over,
  });
  const OAUTH: ConnectWay = {
    marketplace: 'shopify',
    method: 'oauth',
    needs: ['shop'],
    extension: false,
  };

  it('is a connected Shopify connection with its credentials', () => {
    const good = connection({ id: 'conn_good' });
    expect(
      usableShopifyConnection(
        [
          connection({ marketplace: 'ebay' }),
          connection({ status: 'needs_reconnect' }),
          connection({ credentialHint: null }),
          good,
        ],
        OAUTH,
      ),
    ).toBe(good);
  });

  it('is none without one', () => {
    expect(usableShopifyConnection([connection({ status: 'disconnected' })], OAUTH)).toBe(
      undefined,
    );
    expect(usableShopifyConnection([], OAUTH)).toBe(undefined);
  });
});

describe('metafield references', () => {
  it('join the namespace and key with a dot, and split at the last dot', () => {
    expect(metafieldRef({ namespace: 'custom', key: 'condition' })).toBe('custom.condition');
    expect(parseMetafieldRef('custom.condition')).toEqual({
      namespace: 'custom',
      key: 'condition',
    });
    expect(parseMetafieldRef('app.shop.size')).toEqual({ namespace: 'app.shop', key: 'size' });
    expect(parseMetafieldRef('nodot')).toBe(null);
    expect(parseMetafieldRef('.key')).toBe(null);
    expect(parseMetafieldRef('custom.')).toBe(null);
  });
});

describe('the metafields offered', () => {
  it('are the synced definitions in order, then those only the saved mapping names', () => {
    const saved: MetafieldMappingRow[] = [
      { source: 'brand', namespace: 'old', key: 'brand', type: 'single_line_text_field' },
      { source: 'condition', namespace: 'custom', key: 'condition', type: 'multi_line_text_field' },
    ];
    const choices = metafieldChoices([WEIGHT, CONDITION, CONDITION], saved);
    expect(choices.map((choice) => [choice.ref, choice.type, choice.missing])).toEqual([
      ['custom.condition', 'single_line_text_field', false],
      ['shipping.weight', 'weight', false],
      ['old.brand', 'single_line_text_field', true],
    ]);
    expect(choices[0]!.name).toBe('Condition');
    expect(choices[2]!.name).toBe(null);
  });
});

describe('checking the editor’s rows', () => {
  const choices = metafieldChoices([CONDITION, WEIGHT], []);

  it('gives the mapping, each type taken from the chosen definition', () => {
    const check = checkDraft(
      [
        { id: 'a', source: 'condition', metafield: 'custom.condition' },
        { id: 'b', source: 'weight', metafield: 'shipping.weight' },
      ],
      choices,
    );
    expect(check).toEqual({
      ok: true,
      mapping: [
        {
          source: 'condition',
          namespace: 'custom',
          key: 'condition',
          type: 'single_line_text_field',
        },
        { source: 'weight', namespace: 'shipping', key: 'weight', type: 'weight' },
      ],
    });
  });

  it('allows no rows at all', () => {
    expect(checkDraft([], choices)).toEqual({ ok: true, mapping: [] });
  });

  it('names each half-filled row and each metafield filled twice', () => {
    const check = checkDraft(
      [
        { id: 'a', source: null, metafield: 'shipping.weight' },
        { id: 'b', source: 'brand', metafield: null },
        { id: 'c', source: 'condition', metafield: 'custom.condition' },
        { id: 'd', source: 'brand', metafield: 'custom.condition' },
        { id: 'e', source: 'brand', metafield: 'gone.metafield' },
      ],
      choices,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.fromEntries(check.problems)).toEqual({
      a: ['sourceRequired'],
      b: ['metafieldRequired'],
      c: ['duplicateMetafield'],
      d: ['duplicateMetafield'],
      e: ['metafieldRequired'],
    });
  });
});

describe('changes in the editor', () => {
  const saved: MetafieldMappingRow[] = [
    { source: 'condition', namespace: 'custom', key: 'condition', type: 'single_line_text_field' },
  ];

  it('are none right after loading the saved mapping', () => {
    const rows = draftFromMapping(saved, newId);
    expect(rows).toEqual([
      { id: expect.any(String), source: 'condition', metafield: 'custom.condition' },
    ]);
    expect(draftChanged(rows, saved)).toBe(false);
  });

  it('are a row added, removed or changed', () => {
    const rows = draftFromMapping(saved, newId);
    expect(draftChanged([], saved)).toBe(true);
    expect(draftChanged([...rows, { id: 'x', source: null, metafield: null }], saved)).toBe(true);
    expect(draftChanged([{ ...rows[0]!, source: 'brand' }], saved)).toBe(true);
    expect(draftChanged([{ ...rows[0]!, metafield: 'shipping.weight' }], saved)).toBe(true);
  });
});
