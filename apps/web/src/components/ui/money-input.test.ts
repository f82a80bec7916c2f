import { describe, expect, it } from 'vitest';
import { cleanMoneyText, parseMoneyText } from './money-input';

/** What the field shows after each key, typed one by one as a person types. */
function typed(keys: string): { shown: string[]; value: number | null } {
  let text = '';
  const shown: string[] = [];
  for (const key of keys) {
    text = cleanMoneyText(text + key);
    shown.push(text);
  }
  return { shown, value: parseMoneyText(text) };
}

describe('an amount typed key by key', () => {
  it('keeps every key of 24.99, the point and the cents included', () => {
    expect(typed('24.99')).toEqual({ shown: ['2', '24', '24.', '24.9', '24.99'], value: 24.99 });
  });

  it('keeps a trailing zero and takes a comma for the point', () => {
    expect(typed('24.90').shown.at(-1)).toBe('24.90');
    expect(typed('24,5')).toEqual({ shown: ['2', '24', '24,', '24,5'], value: 24.5 });
  });

  it('drops what an amount cannot hold: letters, a second point, a third decimal', () => {
    expect(typed('1a2.3.4').shown.at(-1)).toBe('12.34');
    expect(typed('9.999').value).toBe(9.99);
    expect(typed('-5').value).toBe(5);
  });

  it('is nothing when nothing (or only the point) is typed', () => {
    expect(parseMoneyText('')).toBeNull();
    expect(parseMoneyText('.')).toBeNull();
    expect(parseMoneyText('0')).toBe(0);
  });
});
