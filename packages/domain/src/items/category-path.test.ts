import { describe, expect, it } from 'vitest';
import { categoryLevels, normalizeCategoryPath } from './category-path';

describe('category paths', () => {
  it.each([
    ['Clothing › Men › Jeans', ['Clothing', 'Men', 'Jeans']],
    ['Clothing > Men > Jeans', ['Clothing', 'Men', 'Jeans']],
    ['Clothing>Men ›Jeans', ['Clothing', 'Men', 'Jeans']],
    [' › Jeans › ', ['Jeans']],
    ['Coats/Jackets', ['Coats/Jackets']],
    ['', []],
  ])('%j has the levels %j', (text, levels) => {
    expect(categoryLevels(text)).toEqual(levels);
  });

  it('writes a path with ListLoop’s separator, whichever was typed', () => {
    expect(normalizeCategoryPath('Men > Jeans')).toBe('Men › Jeans');
    expect(normalizeCategoryPath('Men › Jeans')).toBe('Men › Jeans');
  });
});
