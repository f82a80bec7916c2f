import type { Connection } from '@listloop/domain';
import { z } from 'zod';
import type { ConnectWay } from '../../lib/connections/connect-options';
import { connectionState } from '../../lib/connections/connection-state';

/**
 * The item facts the server can copy into a Shopify metafield when it publishes an item (the
 * server's SHOPIFY_METAFIELD_SOURCES, apps/server/src/connectors/shopify/mapper.ts), in the
 * order the editor offers them.
 */
export const SHOPIFY_METAFIELD_SOURCES = [
  'brand',
  'condition',
  'size',
  'colour',
  'category',
  'weight',
  'sku',
  'notes',
  'costOfGoods',
] as const;
export type MetafieldSource = (typeof SHOPIFY_METAFIELD_SOURCES)[number];

/** The server keeps at most this many rows, one per metafield. */
export const MAX_MAPPING_ROWS = 50;

export const MetafieldMappingRowSchema = z.object({
  source: z.enum(SHOPIFY_METAFIELD_SOURCES),
  namespace: z.string(),
  key: z.string(),
  type: z.string(),
});
export type MetafieldMappingRow = z.infer<typeof MetafieldMappingRowSchema>;

export const MetafieldMapperSchema = z.object({ mapping: z.array(MetafieldMappingRowSchema) });

export const MetafieldSyncSchema = z.object({
  syncId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  definitionCount: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type MetafieldSync = z.infer<typeof MetafieldSyncSchema>;

export const MetafieldDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  key: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  ownerType: z.string(),
});
export type MetafieldDefinition = z.infer<typeof MetafieldDefinitionSchema>;

export const LastMetafieldSyncSchema = z.object({
  sync: MetafieldSyncSchema.nullable(),
  definitions: z.array(MetafieldDefinitionSchema),
});
export type LastMetafieldSync = z.infer<typeof LastMetafieldSyncSchema>;

/** A sync the server has not finished: the screen asks again until it has. */
export function isSyncActive(sync: MetafieldSync | null | undefined): boolean {
  return sync?.status === 'queued' || sync?.status === 'running';
}

/** How often the screen asks for the last sync while one is under way. */
export const SYNC_POLL_MS = 1500;

/** The Shopify connection that can sync and publish: connected, with its credentials. */
export function usableShopifyConnection(
  connections: readonly Connection[],
  way: ConnectWay | null | undefined,
): Connection | undefined {
  return connections.find(
    (connection) =>
      connection.marketplace === 'shopify' && connectionState(connection, way) === 'connected',
  );
}

/** A metafield as Shopify names it, `namespace.key` (a key has no dot; a namespace may). */
export function metafieldRef(row: { namespace: string; key: string }): string {
  return `${row.namespace}.${row.key}`;
}

export function parseMetafieldRef(ref: string): { namespace: string; key: string } | null {
  const dot = ref.lastIndexOf('.');
  if (dot <= 0 || dot === ref.length - 1) return null;
  return { namespace: ref.slice(0, dot), key: ref.slice(dot + 1) };
}

/** One row of the editor: what the seller has chosen so far. */
export interface MappingDraftRow {
  /** Stable while the row exists, for React and for the row's problems. */
  id: string;
  source: MetafieldSource | null;
  /** `namespace.key` of the chosen metafield. */
  metafield: string | null;
}

export function draftFromMapping(
  mapping: readonly MetafieldMappingRow[],
  newId: () => string,
): MappingDraftRow[] {
  return mapping.map((row) => ({ id: newId(), source: row.source, metafield: metafieldRef(row) }));
}

/** A metafield the seller can pick: a synced definition, or one the saved mapping still names. */
export interface MetafieldChoice {
  ref: string;
  namespace: string;
  key: string;
  name: string | null;
  type: string;
  /** The last sync did not bring it (deleted in Shopify since, or never synced). */
  missing: boolean;
}

/** The synced definitions by `namespace.key`, then any metafield only the saved mapping names. */
export function metafieldChoices(
  definitions: readonly MetafieldDefinition[],
  mapping: readonly MetafieldMappingRow[],
): MetafieldChoice[] {
  const choices = new Map<string, MetafieldChoice>();
  for (const definition of definitions) {
    const ref = metafieldRef(definition);
    if (choices.has(ref)) continue;
    choices.set(ref, {
      ref,
      namespace: definition.namespace,
      key: definition.key,
      name: definition.name,
      type: definition.type,
      missing: false,
    });
  }
  const synced = [...choices.values()].sort((a, b) => a.ref.localeCompare(b.ref));
  const extra: MetafieldChoice[] = [];
  for (const row of mapping) {
    const ref = metafieldRef(row);
    if (choices.has(ref)) continue;
    const choice = { ref, namespace: row.namespace, key: row.key, name: null, type: row.type };
    choices.set(ref, { ...choice, missing: true });
    extra.push({ ...choice, missing: true });
  }
  return [...synced, ...extra];
}

export type MappingProblem = 'sourceRequired' | 'metafieldRequired' | 'duplicateMetafield';

export type MappingCheck =
  | { ok: true; mapping: MetafieldMappingRow[] }
  | { ok: false; problems: Map<string, MappingProblem[]> };

/**
 * The mapping to save from the editor's rows, the type of each row taken from the chosen
 * metafield's definition; or each row's problems (a row left half-filled, two rows for one
 * metafield, which the server refuses).
 */
export function checkDraft(
  rows: readonly MappingDraftRow[],
  choices: readonly MetafieldChoice[],
): MappingCheck {
  const byRef = new Map(choices.map((choice) => [choice.ref, choice]));
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.metafield) counts.set(row.metafield, (counts.get(row.metafield) ?? 0) + 1);
  }
  const problems = new Map<string, MappingProblem[]>();
  const mapping: MetafieldMappingRow[] = [];
  for (const row of rows) {
    const found: MappingProblem[] = [];
    if (!row.source) found.push('sourceRequired');
    const choice = row.metafield ? byRef.get(row.metafield) : undefined;
    if (!choice) found.push('metafieldRequired');
    else if ((counts.get(choice.ref) ?? 0) > 1) found.push('duplicateMetafield');
    if (found.length > 0) {
      problems.set(row.id, found);
      continue;
    }
    if (row.source && choice) {
      mapping.push({
        source: row.source,
        namespace: choice.namespace,
        key: choice.key,
        type: choice.type,
      });
    }
  }
  return problems.size > 0 ? { ok: false, problems } : { ok: true, mapping };
}

/** Whether the editor's rows say something other than the saved mapping. */
export function draftChanged(
  rows: readonly MappingDraftRow[],
  saved: readonly MetafieldMappingRow[],
): boolean {
  if (rows.length !== saved.length) return true;
  return rows.some(
    (row, index) =>
      row.source !== saved[index]!.source || row.metafield !== metafieldRef(saved[index]!),
  );
}
