import { describe, expect, it } from 'vitest';
import { labelNameProblem } from './label-rules';

const labels = [
  { id: 'a', name: 'Summer' },
  { id: 'b', name: 'Bin 4' },
];

describe('label names', () => {
  it('needs a name of at most 20 characters', () => {
    expect(labelNameProblem('  ', labels)).toBe('required');
    expect(labelNameProblem('x'.repeat(21), labels)).toBe('tooLong');
    expect(labelNameProblem(` ${'x'.repeat(20)} `, labels)).toBeNull();
  });

  it('refuses a second label of the same name, whatever the case', () => {
    expect(labelNameProblem('summer', labels)).toBe('duplicate');
    expect(labelNameProblem('Winter', labels)).toBeNull();
  });

  it('lets a label keep its own name when renamed', () => {
    expect(labelNameProblem('SUMMER', labels, { renamingId: 'a' })).toBeNull();
    expect(labelNameProblem('bin 4', labels, { renamingId: 'a' })).toBe('duplicate');
  });

  it('stops at 500 labels per seller', () => {
    const many = Array.from({ length: 500 }, (_, index) => ({ id: `${index}`, name: `L${index}` }));
    expect(labelNameProblem('New one', many)).toBe('perUserLimit');
    expect(labelNameProblem('Renamed', many, { renamingId: '3' })).toBeNull();
  });
});
