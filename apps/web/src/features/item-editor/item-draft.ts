import {
  GeneralDetailsSchema,
  type GeneralDetails,
  type Item,
  type ItemCreate,
  type Variant,
} from '@listloop/domain';

/** What the editor edits: the item's own fields, not its listings or server bookkeeping. */
export interface ItemDraft {
  generalDetails: GeneralDetails;
  labels: string[];
  variants: Variant[];
}

export type DetailsPath = `generalDetails.${keyof GeneralDetails & string}`;
export type DraftPath = DetailsPath | 'labels' | 'variants';

export type DraftValue<P extends DraftPath> =
  P extends `generalDetails.${infer K extends keyof GeneralDetails}`
    ? GeneralDetails[K]
    : P extends 'labels'
      ? string[]
      : Variant[];

export function emptyDraft(): ItemDraft {
  return { generalDetails: GeneralDetailsSchema.parse({}), labels: [], variants: [] };
}

export function draftFromItem(item: Item): ItemDraft {
  return {
    generalDetails: item.generalDetails,
    labels: [...item.labels],
    variants: item.variants.map((variant) => ({ ...variant })),
  };
}

export function readDraft<P extends DraftPath>(draft: ItemDraft, path: P): DraftValue<P> {
  if (path === 'labels') return draft.labels as DraftValue<P>;
  if (path === 'variants') return draft.variants as DraftValue<P>;
  const key = path.slice('generalDetails.'.length) as keyof GeneralDetails;
  return draft.generalDetails[key] as DraftValue<P>;
}

/** A copy of the draft with one field changed; the same draft when the value is the same. */
export function writeDraft<P extends DraftPath>(
  draft: ItemDraft,
  path: P,
  value: DraftValue<P>,
): ItemDraft {
  if (Object.is(readDraft(draft, path), value)) return draft;
  if (path === 'labels') return { ...draft, labels: value as string[] };
  if (path === 'variants') return { ...draft, variants: value as Variant[] };
  const key = path.slice('generalDetails.'.length) as keyof GeneralDetails;
  return { ...draft, generalDetails: { ...draft.generalDetails, [key]: value } };
}

/** POST /api/account/item for a new item. */
export function createInputFromDraft(draft: ItemDraft): ItemCreate {
  return {
    generalDetails: draft.generalDetails,
    labels: draft.labels,
    variants: draft.variants,
  };
}

/** A new variant row; the id only has to be unique within the item. */
export function newVariant(id: string = globalThis.crypto.randomUUID()): Variant {
  return { id, size: '', color: '', sku: '', quantity: 1, price: null };
}
