import { describe, expect, it } from 'vitest';
import { applyDetailsChange, type DetailsChange } from './details-assistant';

describe('a value accepted from the assistant beside the details', () => {
  it.each<[DetailsChange, string, unknown]>([
    [{ field: 'title', value: 'Wool coat' }, 'generalDetails.title', 'Wool coat'],
    [{ field: 'description', value: 'Warm.' }, 'generalDetails.description', 'Warm.'],
    [{ field: 'brand', value: 'COS' }, 'generalDetails.brand', 'COS'],
    [{ field: 'category', value: 'Coats' }, 'generalDetails.category', 'Coats'],
    [{ field: 'colour', value: 'Navy' }, 'generalDetails.primaryColor', 'Navy'],
    [{ field: 'condition', value: 'like_new' }, 'generalDetails.condition', 'like_new'],
    [{ field: 'price', value: 45 }, 'generalDetails.price', 45],
  ])('%j goes into its own field only', (change, path, value) => {
    const updates: [string, unknown][] = [];
    applyDetailsChange((p, v) => updates.push([p, v]), change);
    expect(updates).toEqual([[path, value]]);
  });
});
