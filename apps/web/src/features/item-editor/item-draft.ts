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

const same = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft after the saved item changed elsewhere (a sale took units, a teammate edited it):
 * each field the person has not changed since `base` (the saved copy the draft last followed)
 * takes the saved item's new value; every field they changed keeps what they typed. The same
 * draft when nothing changes.
 */
export function rebaseDraft(draft: ItemDraft, base: ItemDraft, saved: ItemDraft): ItemDraft {
  const keys = new Set([
    ...Object.keys(saved.generalDetails),
    ...Object.keys(draft.generalDetails),
  ]) as Set<keyof GeneralDetails & string>;
  const paths: DraftPath[] = [
    ...[...keys].map((key): DetailsPath => `generalDetails.${key}`),
    'labels',
    'variants',
  ];
  let next = draft;
  for (const path of paths) {
    const mine = readDraft(draft, path);
    const before = readDraft(base, path);
    const theirs = readDraft(saved, path);
    if (same(mine, before) && !same(theirs, before)) next = writeDraft(next, path, theirs);
  }
  return next;
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
