import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import { DEFAULT_SETTINGS } from '../work/settings';
import { EMPTY_WORK, emptyMarketplace, type CurrentOperation, type WorkState } from '../work/state';
import { marketplaceViews } from './marketplaces';

const t = translator('en-US');
const current: CurrentOperation = {
  operationId: 'op_1',
  itemId: 'item_1',
  userId: 'user_1',
  kind: 'list',
  phase: 'start',
  listedID: null,
  title: 'Blue denim jacket',
  leaseExpiresAt: 0,
  startedAt: 0,
  troubles: 0,
};

describe('the marketplaces the popup lists', () => {
  const work: WorkState = {
    ...EMPTY_WORK,
    marketplaces: {
      vinted: {
        ...emptyMarketplace(),
        signedIn: true,
        day: '2025-06-03',
        startedToday: 3,
        current,
      },
      depop: { ...emptyMarketplace(), signedIn: false, day: '2025-06-02', startedToday: 9 },
    },
  };

  it('says, for each, whether the seller is signed in, today’s count and the work in hand', () => {
    const views = marketplaceViews(
      t,
      ['vinted', 'depop', 'grailed'],
      work,
      DEFAULT_SETTINGS,
      '2025-06-03',
    );
    expect(views).toEqual([
      {
        id: 'vinted',
        name: 'Vinted',
        state: 'Signed in',
        ok: true,
        today: '3 of 50 operations started today',
        working: 'Working on: Blue denim jacket',
      },
      {
        id: 'depop',
        name: 'Depop',
        state: 'Signed out: sign in to Depop in this browser.',
        ok: false,
        // Yesterday's count is not today's.
        today: '0 of 50 operations started today',
        working: null,
      },
      {
        id: 'grailed',
        name: 'Grailed',
        state: 'Not checked yet',
        ok: true,
        today: '0 of 50 operations started today',
        working: null,
      },
    ]);
  });

  it('says a marketplace turned off here is off, and an operation not yet named is starting', () => {
    const starting: WorkState = {
      ...work,
      marketplaces: {
        vinted: { ...work.marketplaces.vinted!, current: { ...current, title: null } },
      },
    };
    const [vinted, depop] = marketplaceViews(
      t,
      ['vinted', 'depop'],
      starting,
      { ...DEFAULT_SETTINGS, dailyCap: 5, off: ['depop'] },
      '2025-06-03',
    );
    expect(vinted!.working).toBe('Starting an operation…');
    expect(vinted!.today).toBe('3 of 5 operations started today');
    expect(depop!.state).toBe('Turned off in this browser');
    expect(depop!.ok).toBe(true);
  });
});
