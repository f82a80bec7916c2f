import {
  ACTIVITY_ACTION_NAMES,
  ACTIVITY_SUBJECT_TYPES,
  subjectTypeOf,
  type ActivityAction,
  type ActivityEntry,
} from '@listloop/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import { actionNames, subjectTypeNames } from './activity.messages';
import { actionSentences, subjectFallback } from '../../lib/activity/activity-text.messages';
import { activityLink, activitySentence, actorsOf } from '../../lib/activity/activity-text';
import { dayBoundary, filtersOf, EMPTY_FILTERS } from './activity-filters';

const intl = createIntl({ locale: 'en-US', messages: enUS });
const itemId = 'item00000000000000000001';
const maria = 'user00000000000000000001';

function entry(action: ActivityAction, rest: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 'a'.repeat(24),
    actorUserId: maria,
    actorName: 'Maria',
    action,
    subjectType: subjectTypeOf(action),
    subjectId: itemId,
    subjectLabel: 'Levi’s 501',
    details: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    ...rest,
  };
}

describe('activity sentences', () => {
  it('give every action of the domain a sentence and a name in every catalogue', () => {
    for (const catalogue of [enUS, enGB, es, it_] as Record<string, string>[]) {
      for (const action of ACTIVITY_ACTION_NAMES) {
        expect(catalogue[actionSentences[action].id as string], action).toBeTruthy();
        expect(catalogue[actionNames[action].id as string], action).toBeTruthy();
      }
      for (const type of ACTIVITY_SUBJECT_TYPES) {
        expect(catalogue[subjectFallback[type].id as string], type).toBeTruthy();
        expect(catalogue[subjectTypeNames[type].id as string], type).toBeTruthy();
      }
    }
  });

  it('word every action with the actor and no raw code', () => {
    for (const action of ACTIVITY_ACTION_NAMES) {
      const text = activitySentence(
        intl,
        entry(action, { details: { marketplaces: ['ebay'], count: 2, to: 'active' } }),
      );
      expect(text, action).toMatch(/^Maria /);
      expect(text, action).not.toContain(action);
      expect(text, action).not.toMatch(/[{}]/);
    }
  });

  it('name the marketplaces in a list', () => {
    const text = activitySentence(
      intl,
      entry('listing.delisted', { details: { marketplaces: ['ebay', 'etsy'] } }),
    );
    expect(text).toBe('Maria delisted “Levi’s 501” from eBay and Etsy');
  });

  it('say ListLoop for the product itself, and a former member for a name lost', () => {
    const sold = activitySentence(
      intl,
      entry('item.sold', {
        actorUserId: null,
        actorName: null,
        details: { marketplaces: ['ebay'] },
      }),
    );
    expect(sold).toBe('ListLoop recorded a sale of “Levi’s 501” on eBay');
    expect(
      activitySentence(intl, entry('item.sold', { details: { marketplaces: ['in_person'] } })),
    ).toBe('Maria recorded a sale of “Levi’s 501” in person');
    expect(
      activitySentence(intl, entry('item.created', { actorName: null })).startsWith(
        'A former member ',
      ),
    ).toBe(true);
  });

  it('fall back to the kind of subject when no name was kept, or to a member named on screen', () => {
    expect(activitySentence(intl, entry('item.deleted', { subjectLabel: null }))).toBe(
      'Maria deleted an item',
    );
    const names = new Map([['user00000000000000000002', 'Jon']]);
    expect(
      activitySentence(
        intl,
        entry('member.role_changed', {
          subjectId: 'user00000000000000000002',
          subjectLabel: null,
          details: { to: 'Listers' },
        }),
        names,
      ),
    ).toBe('Maria gave “Jon” the role “Listers”');
  });

  it('say a listing save and a bulk edit as such', () => {
    expect(
      activitySentence(intl, entry('item.updated', { details: { marketplaces: ['depop'] } })),
    ).toBe('Maria edited the Depop listing of “Levi’s 501”');
    expect(
      activitySentence(intl, entry('item.updated', { subjectLabel: null, details: { count: 3 } })),
    ).toBe('Maria edited an item with 3 items at once');
  });

  it('word a rule by its kind and a status in words, in Spanish too', () => {
    const reader = createIntl({ locale: 'es', messages: es });
    expect(
      activitySentence(
        reader,
        entry('rule.saved', { details: { ruleKind: 'pricing', marketplaces: ['mercari'] } }),
      ),
    ).toBe('Maria guardó la regla de precios de Mercari');
    expect(
      activitySentence(reader, entry('member.status_changed', { details: { to: 'inactive' } })),
    ).toBe('Maria cambió el estado de «Levi’s 501» a inactivo');
  });
});

describe('activity links', () => {
  it('lead to the item, except a deleted one', () => {
    expect(activityLink(entry('listing.published'))).toEqual({
      to: '/app/inventory/$itemId',
      params: { itemId },
    });
    expect(activityLink(entry('item.deleted'))).toBeNull();
    expect(activityLink(entry('member.removed'))).toBeNull();
    expect(activityLink(entry('rule.saved', { details: { marketplaces: ['ebay'] } }))).toEqual({
      to: '/app/rules',
      search: { marketplace: 'ebay' },
    });
  });
});

describe('activity filters', () => {
  it('list the members who acted, by name, never ListLoop', () => {
    expect(
      actorsOf([
        entry('item.created', { actorUserId: 'u2', actorName: 'Zoe' }),
        entry('item.created'),
        entry('item.sold', { actorUserId: null, actorName: null }),
      ]),
    ).toEqual([
      { value: maria, label: 'Maria' },
      { value: 'u2', label: 'Zoe' },
    ]);
  });

  it('take whole local days, the end day included, and a period given backwards the right way', () => {
    expect(dayBoundary('2026-03-04', false)).toBe(new Date(2026, 2, 4).toISOString());
    expect(dayBoundary('2026-03-04', true)).toBe(
      new Date(2026, 2, 4, 23, 59, 59, 999).toISOString(),
    );
    expect(dayBoundary('', false)).toBeUndefined();
    const backwards = filtersOf({ ...EMPTY_FILTERS, fromDay: '2026-03-05', toDay: '2026-03-01' });
    expect(backwards.to).toBe(dayBoundary('2026-03-05', true));
    expect(filtersOf(EMPTY_FILTERS)).toEqual({
      actor: undefined,
      subjectType: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
    });
  });
});
