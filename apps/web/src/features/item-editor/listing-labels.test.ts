import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import {
  actorText,
  fieldLabelText,
  historyChangeText,
  historyStatusText,
  operationNoteText,
} from './listing-labels';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const ME = 'u_0123456789abcdefghij';

describe('listing texts', () => {
  it('names who changed a listing', () => {
    expect(actorText(intl, ME, ME)).toBe('You');
    expect(actorText(intl, 'system', ME)).toBe('ListLoop');
    expect(actorText(intl, 'executor:ext-7f3a', ME)).toBe('Browser extension (ext-7f3a)');
    expect(actorText(intl, 'connector:ebay', ME)).toBe('eBay connection');
    expect(actorText(intl, 'u_zyxwvutsrqponmlkjihg', ME)).toBe('Team member u_zyxwvu…');
    expect(actorText(createIntl({ locale: 'it', messages: it_ }), ME, ME)).toBe('Tu');
  });

  it('spells out what a queued listing waits for', () => {
    expect(historyStatusText(intl, 'queued', 'delist')).toBe('Queued to delist');
    expect(historyStatusText(intl, 'queued', null)).toBe('Queued');
    expect(historyStatusText(intl, 'list_failure', null)).toBe('Listing failed');
    expect(operationNoteText(intl, { kind: 'waitingForExtension' }, 'mercari')).toBe(
      'Waiting for the browser extension',
    );
    expect(
      operationNoteText(intl, { kind: 'retrying', attempt: 3, lastError: 'Timed out' }, 'ebay'),
    ).toBe('Retrying (attempt 3): Timed out');
  });

  it('says what a history row changed; an update, which leaves the listing listed, by its outcome', () => {
    const row = (event: string, from = 'listed', to = 'listed') => ({
      event,
      from,
      to,
      fromOperation: null,
      toOperation: from === 'queued' ? null : to === 'queued' ? 'delist' : null,
    });
    expect(historyChangeText(intl, row('queue_delist', 'listed', 'queued'))).toBe(
      'Listed → Queued to delist',
    );
    expect(historyChangeText(intl, row('queue_update'))).toBe('Update queued');
    expect(historyChangeText(intl, row('updated'))).toBe('Updated');
    expect(historyChangeText(intl, row('update_failure'))).toBe('Update refused');
    expect(historyChangeText(createIntl({ locale: 'it', messages: it_ }), row('updated'))).toBe(
      'Aggiornato',
    );
  });

  it('labels the §1 form overrides in the edition’s words', () => {
    expect(fieldLabelText(intl, { id: 'listing.field.upc.ean' }, 'ebay')).toBe('EAN');
    expect(fieldLabelText(intl, { id: 'region.postalCode.zip' }, 'ebay')).toBe('ZIP code');
    const british = createIntl({ locale: 'en-GB', messages: enGB });
    expect(fieldLabelText(british, { id: 'region.postalCode.post' }, 'ebay')).toBe('Postcode');
    expect(fieldLabelText(intl, { id: 'listing.field.ukSize' }, 'ebay')).toBe('UK Size');
    expect(fieldLabelText(intl, { own: 'title' }, 'mercari')).toBe('Mercari title');
    expect(fieldLabelText(intl, { own: 'extraOther', name: 'material' }, 'etsy')).toBe('material');
  });
});
