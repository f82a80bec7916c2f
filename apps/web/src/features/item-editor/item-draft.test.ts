import { describe, expect, it } from 'vitest';
import { emptyDraft, newVariant, readDraft, rebaseDraft, writeDraft } from './item-draft';

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

describe('following the saved item while the page is open', () => {
  const base = writeDraft(
    writeDraft(emptyDraft(), 'generalDetails.title', 'Denim jacket'),
    'generalDetails.quantity',
    1,
  );

  it('takes what changed elsewhere into the fields the person has not touched', () => {
    const saved = writeDraft(base, 'generalDetails.quantity', 0);
    const typing = writeDraft(base, 'generalDetails.title', 'Denim jacket, 1990s');
    const next = rebaseDraft(typing, base, saved);
    expect(next.generalDetails.quantity).toBe(0);
    expect(next.generalDetails.title).toBe('Denim jacket, 1990s');
  });

  it('never overwrites what the person typed, even when the same field changed elsewhere', () => {
    const saved = writeDraft(base, 'generalDetails.title', 'Jacket (renamed by a teammate)');
    const typing = writeDraft(base, 'generalDetails.title', 'Denim jac');
    expect(rebaseDraft(typing, base, saved).generalDetails.title).toBe('Denim jac');
  });

  it('is the same draft when nothing changed elsewhere', () => {
    const typing = writeDraft(base, 'labels', ['Summer']);
    expect(rebaseDraft(typing, base, base)).toBe(typing);
    const saved = { ...base, labels: ['Sale'], variants: [newVariant('v1')] };
    expect(rebaseDraft(base, base, saved)).toMatchObject({
      labels: ['Sale'],
      variants: [{ id: 'v1' }],
    });
  });
});
