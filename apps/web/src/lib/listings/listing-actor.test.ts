import { describe, expect, it } from 'vitest';
import { describeActor, shortId } from './listing-actor';

const ME = 'u_0123456789abcdefghij';

describe('who changed a listing', () => {
  it.each([
    [ME, { kind: 'you' }],
    ['system', { kind: 'system' }],
    ['executor:ext-7f3a', { kind: 'executor', id: 'ext-7f3a' }],
    ['executor:' + ME, { kind: 'executor', id: ME }],
    ['connector:ebay', { kind: 'connector', marketplace: 'ebay', name: 'ebay' }],
    ['connector:somewhere', { kind: 'connector', marketplace: null, name: 'somewhere' }],
    ['u_zyxwvutsrqponmlkjihg', { kind: 'member', id: 'u_zyxwvutsrqponmlkjihg' }],
  ] as const)('%s', (by, expected) => {
    expect(describeActor(by, ME)).toEqual(expected);
  });

  it('shortens long ids only', () => {
    expect(shortId('u_0123456789abcdefghij')).toBe('u_012345…');
    expect(shortId('ext-7f3a')).toBe('ext-7f3a');
    expect(shortId('123456789')).toBe('123456789');
  });
});
