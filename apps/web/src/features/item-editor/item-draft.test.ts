import { describe, expect, it } from 'vitest';
import { emptyDraft, newVariant, readDraft, writeDraft } from './item-draft';

describe('the item draft', () => {
  it('starts from the schema defaults', () => {
    const draft = emptyDraft();
    expect(draft.generalDetails).toMatchObject({
      title: '',
      images: [],
      condition: null,
      price: null,
      quantity: 1,
      weight: { pounds: 0, ounces: 0 },
    });
    expect(draft.labels).toEqual([]);
  });

  it('writes one field by its path and leaves the rest alone', () => {
    const draft = emptyDraft();
    const next = writeDraft(draft, 'generalDetails.title', 'Denim jacket');
    expect(next.generalDetails.title).toBe('Denim jacket');
    expect(next.generalDetails.images).toBe(draft.generalDetails.images);
    expect(draft.generalDetails.title).toBe('');
    expect(readDraft(next, 'generalDetails.title')).toBe('Denim jacket');
    expect(writeDraft(next, 'labels', ['Summer']).labels).toEqual(['Summer']);
  });

  it('returns the same draft when nothing changes', () => {
    const draft = emptyDraft();
    expect(writeDraft(draft, 'generalDetails.title', '')).toBe(draft);
  });

  it('makes variant rows with their own ids', () => {
    expect(newVariant('v1')).toEqual({
      id: 'v1',
      size: '',
      color: '',
      sku: '',
      quantity: 1,
      price: null,
    });
    expect(newVariant().id).not.toBe(newVariant().id);
  });
});
