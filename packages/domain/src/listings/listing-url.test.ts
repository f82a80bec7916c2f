import { describe, expect, it } from 'vitest';
import { ListingUrlSchema, storableListingUrl } from './listing-url';
import { transition } from './listing-state';

describe('listing URLs', () => {
  it('keeps web addresses and paths of this server', () => {
    expect(storableListingUrl('https://www.ebay.com/itm/1')).toBe('https://www.ebay.com/itm/1');
    expect(storableListingUrl(' http://shop.example/p/2 ')).toBe('http://shop.example/p/2');
    expect(storableListingUrl('/sandbox/ebay/itm/3')).toBe('/sandbox/ebay/itm/3');
    expect(storableListingUrl('http://localhost:3000/sandbox/ebay/itm/3')).toBe(
      'http://localhost:3000/sandbox/ebay/itm/3',
    );
    expect(storableListingUrl('http://127.0.0.1:3000/x')).toBe('http://127.0.0.1:3000/x');
  });

  it('keeps nothing a link could run or that leaves the server', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      '/\\evil.example/x',
      'ebay.com/itm/1',
      '',
      null,
    ]) {
      expect(storableListingUrl(url), String(url)).toBeNull();
    }
    expect(ListingUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(ListingUrlSchema.safeParse('/sandbox/ebay/itm/3').success).toBe(false);
    expect(ListingUrlSchema.safeParse('https://poshmark.com/listing/1').success).toBe(true);
  });

  it('a listed event from a connector records no other scheme', () => {
    const outcome = transition(
      {
        status: 'queued',
        pendingOperation: 'list',
        lastStatusDate: null,
        listedID: null,
        listingURL: null,
        failureReason: null,
      },
      { type: 'listed', listedID: '1', listingURL: 'javascript:alert(1)' },
      { marketplace: 'ebay', at: 1, by: 'system' },
    );
    expect(outcome.state.listingURL).toBeNull();
  });
});
