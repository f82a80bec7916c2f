import { BULK_INVITE_MAX } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { isFiltered, memberSearchQuery, NO_MEMBER_FILTERS, parseInviteList } from './invite-list';

describe('the Invite several box', () => {
  it('takes addresses one per line or separated by commas, each once, in lower case', () => {
    expect(
      parseInviteList(
        'ann@example.test\n Bob@Example.test , cat@example.test;ann@example.test\n\n',
      ),
    ).toEqual({
      emails: ['ann@example.test', 'bob@example.test', 'cat@example.test'],
      invalid: [],
      tooMany: false,
    });
  });

  it('names what is not an address', () => {
    expect(parseInviteList('ann@example.test, not an address, @nobody').invalid).toEqual([
      'not an address',
      '@nobody',
    ]);
  });

  it(`says when there are more than ${BULK_INVITE_MAX} addresses`, () => {
    const list = (n: number) =>
      Array.from({ length: n }, (_, i) => `person${i}@example.test`).join('\n');
    expect(parseInviteList(list(BULK_INVITE_MAX)).tooMany).toBe(false);
    expect(parseInviteList(list(BULK_INVITE_MAX + 1)).tooMany).toBe(true);
  });
});

describe('the member filters', () => {
  it('sends only the filters set, the text trimmed', () => {
    expect(memberSearchQuery(NO_MEMBER_FILTERS)).toEqual({});
    expect(isFiltered(NO_MEMBER_FILTERS)).toBe(false);
    expect(memberSearchQuery({ query: '  grace ', status: 'pending', role: 'none' })).toEqual({
      query: 'grace',
      status: 'pending',
      role: 'none',
    });
    expect(isFiltered({ query: '   ', status: null, role: null })).toBe(false);
    expect(isFiltered({ query: '', status: null, role: 'r1' })).toBe(true);
  });
});
