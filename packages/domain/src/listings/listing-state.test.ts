import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  INITIAL_LISTING_STATE,
  LISTING_EVENTS,
  LISTING_PHASES,
  LISTING_TRANSITIONS,
  listingActor,
  ListingActorSchema,
  ListingEventSchema,
  listingStateOf,
  ListingStateSchema,
  isListingOnRecord,
  isLiveListing,
  isUpdateEvent,
  phaseOf,
  refusalMessage,
  transition,
  TransitionRefused,
  tryTransition,
  type ListingEvent,
  type ListingEventType,
  type ListingPhase,
  type ListingState,
  type TransitionContext,
} from './listing-state';
import { LISTING_STATUSES, PROTECTED_LISTING_FIELDS } from './listing-status';
import { SUPPORTED_MARKETPLACES } from '../marketplaces/marketplaces';

const AT = 1_763_700_000_000;
const EBAY: TransitionContext = { marketplace: 'ebay', at: AT, by: 'system' };

/** A realistic state in each phase: live listings carry the marketplace's id and address. */
function stateIn(phase: ListingPhase): ListingState {
  const live = { listedID: '1234567890', listingURL: 'https://www.ebay.com/itm/1234567890' };
  const base = { ...INITIAL_LISTING_STATE, lastStatusDate: AT - 60_000 };
  switch (phase) {
    case 'not_listed':
      return { ...base, lastStatusDate: null };
    case 'queued:list':
      return { ...base, status: 'queued', pendingOperation: 'list' };
    case 'queued:delist':
      return { ...base, ...live, status: 'queued', pendingOperation: 'delist' };
    case 'queued:relist':
      return { ...base, ...live, status: 'queued', pendingOperation: 'relist' };
    case 'list_failure':
      return { ...base, status: 'list_failure', failureReason: 'Title too long' };
    case 'delist_failure':
      return { ...base, ...live, status: 'delist_failure', failureReason: 'Timed out' };
    default:
      return { ...base, ...live, status: phase };
  }
}

/** The smallest valid event of each type. */
function eventOf(type: ListingEventType): ListingEvent {
  switch (type) {
    case 'list_failure':
      return { type, reason: 'eBay says: the category is required.' };
    case 'delist_failure':
      return { type, reason: 'eBay says: the listing is under review.' };
    case 'update_failure':
      return { type, reason: 'eBay says: the price is below the minimum.' };
    case 'listed':
    case 'listed_after_stop':
      return { type, listedID: '9988776655', listingURL: 'https://www.ebay.com/itm/9988776655' };
    case 'stop_list':
      return { type, reason: 'Sold on Shopify before it was listed.' };
    default:
      return { type };
  }
}

describe('the transition table', () => {
  it('has no duplicate (from, event) row', () => {
    const keys = LISTING_TRANSITIONS.map((t) => `${t.from} ${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('only names known phases and events', () => {
    for (const t of LISTING_TRANSITIONS) {
      expect(LISTING_PHASES).toContain(t.from);
      expect(LISTING_PHASES).toContain(t.to);
      expect(LISTING_EVENTS).toContain(t.event);
    }
  });

  it('covers every listing status as a phase', () => {
    const statuses = new Set(LISTING_PHASES.map((p) => p.split(':')[0]));
    expect([...statuses].sort()).toEqual([...LISTING_STATUSES].sort());
  });

  it('is exactly the issue’s machine (26 rows), the stop of a list on its way up (5) and the update of a live listing (3)', () => {
    expect(LISTING_TRANSITIONS.map((t) => `${t.from} -${t.event}-> ${t.to}`)).toEqual([
      'not_listed -queue_list-> queued:list',
      'delisted -queue_list-> queued:list',
      'list_failure -queue_list-> queued:list',
      'listed -queue_delist-> queued:delist',
      'delist_failure -queue_delist-> queued:delist',
      'listed -relist-> queued:relist',
      'delist_failure -relist-> queued:relist',
      'queued:list -listed-> listed',
      'queued:list -list_failure-> list_failure',
      'queued:delist -delisted-> delisted',
      'queued:relist -delisted-> queued:list',
      'queued:delist -delist_failure-> delist_failure',
      'queued:relist -delist_failure-> delist_failure',
      'listed -sold-> sold',
      'queued:delist -sold-> sold',
      'queued:relist -sold-> sold',
      'delist_failure -sold-> sold',
      ...LISTING_PHASES.map((p) => `${p} -mark_not_listed-> not_listed`),
      'queued:list -stop_list-> not_listed',
      'queued:relist -stop_list-> queued:delist',
      'not_listed -listed_after_stop-> listed',
      'delisted -listed_after_stop-> listed',
      'queued:delist -listed_after_stop-> queued:delist',
      'listed -queue_update-> listed',
      'listed -updated-> listed',
      'listed -update_failure-> listed',
    ]);
  });
});

describe('every allowed transition', () => {
  it.each(LISTING_TRANSITIONS.map((t) => [t.from, t.event, t.to, t] as const))(
    '%s --%s--> %s',
    (from, event, to, rule) => {
      const before = stateIn(from);
      const { state, entry, transition: used } = transition(before, eventOf(event), EBAY);
      expect(used).toBe(rule);
      expect(phaseOf(state)).toBe(to);
      expect(ListingStateSchema.safeParse(state).success).toBe(true);
      // An update leaves the listing as it was: its status has not changed since it went live.
      expect(state.lastStatusDate).toBe(rule.dated ? AT : before.lastStatusDate);
      expect(rule.dated).toBe(!isUpdateEvent(event));

      // listedID and listingURL: recorded, cleared or kept, as the row says.
      if (rule.listingRef === 'record') {
        expect(state.listedID).toBe('9988776655');
        expect(state.listingURL).toBe('https://www.ebay.com/itm/9988776655');
      } else if (rule.listingRef === 'clear') {
        expect([state.listedID, state.listingURL]).toEqual([null, null]);
      } else {
        expect([state.listedID, state.listingURL]).toEqual([before.listedID, before.listingURL]);
      }

      // A failure keeps the marketplace's message; every other state has none.
      if (state.status === 'list_failure' || state.status === 'delist_failure') {
        expect(state.failureReason).toMatch(/^eBay says: /);
      } else {
        expect(state.failureReason).toBeNull();
      }

      expect(entry).toEqual({
        at: AT,
        by: 'system',
        event,
        from: before.status,
        to: state.status,
        fromOperation: before.pendingOperation,
        toOperation: state.pendingOperation,
        reason: event.endsWith('_failure')
          ? (eventOf(event).reason ?? null)
          : event === 'stop_list'
            ? 'Sold on Shopify before it was listed.'
            : null,
        listedID: rule.listingRef === 'record' ? '9988776655' : null,
        listingURL: rule.listingRef === 'record' ? 'https://www.ebay.com/itm/9988776655' : null,
      });
    },
  );
});

const REFUSED = LISTING_PHASES.flatMap((from) =>
  LISTING_EVENTS.filter(
    (event) => !LISTING_TRANSITIONS.some((t) => t.from === from && t.event === event),
  ).map((event) => [from, event] as const),
);

describe('every (state, event) pair not in the table is refused', () => {
  it('leaves 92 of the 126 pairs refused', () => {
    expect(REFUSED).toHaveLength(LISTING_PHASES.length * LISTING_EVENTS.length - 34);
  });

  it.each(REFUSED)('%s --%s--> refused', (from, event) => {
    const before = stateIn(from);
    const attempt = () => transition(before, eventOf(event), EBAY);
    expect(attempt).toThrow(TransitionRefused);
    const outcome = tryTransition(before, eventOf(event), EBAY);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const refused = outcome.refused;
    expect(refused).toBeInstanceOf(Error);
    expect(refused.name).toBe('TransitionRefused');
    expect(refused.statusCode).toBe(409);
    expect(refused.code).toBe('request/conflict');
    expect([refused.marketplace, refused.from, refused.event]).toEqual(['ebay', from, event]);
    expect(refused.allowed).toEqual(allowedEvents(before));
    // A sentence a person can act on: names the marketplace, the state, and what to do.
    expect(refused.message).toMatch(/^eBay: .+ cannot .+; .+\.$/);
    expect(refused.message).toBe(refusalMessage('ebay', from, event));
  });
});

describe('refusal messages', () => {
  it.each([
    [
      'ebay',
      'queued:list',
      'sold',
      'eBay: an item that is queued to be listed cannot be marked sold; wait for the listing to finish or mark it not listed.',
    ],
    [
      'mercari',
      'listed',
      'queue_list',
      'Mercari: an item that is listed cannot be queued to be listed; it is already listed; relist it instead.',
    ],
    [
      'depop',
      'delisted',
      'delisted',
      'Depop: a delisted item cannot be marked delisted; no delist operation is pending for it, so there is nothing to report.',
    ],
    [
      'poshmark',
      'not_listed',
      'queue_delist',
      'Poshmark: an item that is not listed cannot be queued to be delisted; queue it to be listed first.',
    ],
    [
      'facebook',
      'sold',
      'queue_list',
      'Facebook Marketplace: a sold item cannot be queued to be listed; mark it not listed first if you want to list it again.',
    ],
    [
      'shopify',
      'delisted',
      'queue_update',
      'Shopify: a delisted item cannot be queued to be updated; only a listed item can be updated; queue it to be listed again or mark it not listed.',
    ],
    [
      'ebay',
      'sold',
      'updated',
      'eBay: a sold item cannot be marked updated; only a listed item is updated, so there is nothing to report.',
    ],
    [
      'etsy',
      'queued:delist',
      'listed',
      'Etsy: an item that is queued to be delisted cannot be marked listed; wait for the delisting to finish or mark it not listed.',
    ],
  ] as const)('%s %s %s', (marketplace, from, event, message) => {
    expect(() => transition(stateIn(from), eventOf(event), { ...EBAY, marketplace })).toThrow(
      message,
    );
  });

  it('names each supported marketplace by its display name', () => {
    for (const marketplace of SUPPORTED_MARKETPLACES) {
      const outcome = tryTransition(
        INITIAL_LISTING_STATE,
        { type: 'sold' },
        { ...EBAY, marketplace },
      );
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.refused.message).not.toContain(`${marketplace}:`);
    }
  });
});

describe('allowedEvents', () => {
  it.each([
    ['not_listed', ['queue_list', 'mark_not_listed', 'listed_after_stop']],
    ['queued:list', ['listed', 'list_failure', 'mark_not_listed', 'stop_list']],
    [
      'queued:delist',
      ['delisted', 'delist_failure', 'sold', 'mark_not_listed', 'listed_after_stop'],
    ],
    ['queued:relist', ['delisted', 'delist_failure', 'sold', 'mark_not_listed', 'stop_list']],
    [
      'listed',
      [
        'queue_delist',
        'relist',
        'sold',
        'mark_not_listed',
        'queue_update',
        'updated',
        'update_failure',
      ],
    ],
    ['list_failure', ['queue_list', 'mark_not_listed']],
    ['delisted', ['queue_list', 'mark_not_listed', 'listed_after_stop']],
    ['delist_failure', ['queue_delist', 'relist', 'sold', 'mark_not_listed']],
    ['sold', ['mark_not_listed']],
  ] as const)('%s → %j', (phase, events) => {
    expect(allowedEvents(stateIn(phase))).toEqual(events);
  });
});

describe('sequences', () => {
  const by = {
    user: listingActor.user('u_0123456789abcdefghij'),
    connector: listingActor.connector('ebay'),
  };

  it('lists, sells: history tells who did what', () => {
    const steps: [ListingEvent, string][] = [
      [{ type: 'queue_list' }, by.user],
      [
        { type: 'listed', listedID: '111', listingURL: 'https://www.ebay.com/itm/111' },
        by.connector,
      ],
      [{ type: 'sold', reason: 'order 12-34567-89012' }, 'system'],
    ];
    let state = INITIAL_LISTING_STATE;
    const history = steps.map(([event, actor], i) => {
      const result = transition(state, event, { marketplace: 'ebay', at: AT + i, by: actor });
      state = result.state;
      return result.entry;
    });
    expect(state).toEqual({
      status: 'sold',
      lastStatusDate: AT + 2,
      listedID: '111',
      listingURL: 'https://www.ebay.com/itm/111',
      pendingOperation: null,
      failureReason: null,
    });
    expect(history.map((e) => [e.by, e.from, e.to, e.reason])).toEqual([
      ['u_0123456789abcdefghij', 'not_listed', 'queued', null],
      ['connector:ebay', 'queued', 'listed', null],
      ['system', 'listed', 'sold', 'order 12-34567-89012'],
    ]);
  });

  it('relists: listed → queued(relist) → queued(list) → listed with the new id', () => {
    let state = stateIn('listed');
    const run = (event: ListingEvent) => {
      const result = transition(state, event, EBAY);
      state = result.state;
      return result.entry;
    };
    const entries = [
      run({ type: 'relist' }),
      run({ type: 'delisted' }),
      run({ type: 'listed', listedID: '222', listingURL: 'https://www.ebay.com/itm/222' }),
    ];
    expect(entries.map((e) => [e.from, e.fromOperation, e.to, e.toOperation])).toEqual([
      ['listed', null, 'queued', 'relist'],
      ['queued', 'relist', 'queued', 'list'],
      ['queued', 'list', 'listed', null],
    ]);
    expect([state.status, state.listedID, state.listingURL]).toEqual([
      'listed',
      '222',
      'https://www.ebay.com/itm/222',
    ]);
  });

  it('a relist whose delist fails stops in delist_failure, still holding the live listing', () => {
    const queued = transition(stateIn('listed'), { type: 'relist' }, EBAY).state;
    const failed = transition(
      queued,
      { type: 'delist_failure', reason: 'Ended listings only' },
      EBAY,
    );
    expect(failed.state).toMatchObject({
      status: 'delist_failure',
      failureReason: 'Ended listings only',
      listedID: '1234567890',
      pendingOperation: null,
    });
  });

  it('a relist whose list half fails ends in list_failure', () => {
    let state = transition(stateIn('listed'), { type: 'relist' }, EBAY).state;
    state = transition(state, { type: 'delisted' }, EBAY).state;
    state = transition(state, { type: 'list_failure', reason: 'Duplicate listing' }, EBAY).state;
    expect(phaseOf(state)).toBe('list_failure');
    expect(state.failureReason).toBe('Duplicate listing');
  });

  it('a listing reported without id or address records nulls', () => {
    const { state, entry } = transition(stateIn('queued:list'), { type: 'listed' }, EBAY);
    expect([state.listedID, state.listingURL, entry.listedID]).toEqual([null, null, null]);
  });

  it('a new listing replaces the ids kept from the delisted one', () => {
    let state = transition(stateIn('delisted'), { type: 'queue_list' }, EBAY).state;
    expect(state.listedID).toBe('1234567890');
    state = transition(state, { type: 'listed', listedID: '333' }, EBAY).state;
    expect([state.listedID, state.listingURL]).toEqual(['333', null]);
  });

  it('a failure reason is cleared by the next transition', () => {
    const { state } = transition(stateIn('list_failure'), { type: 'queue_list' }, EBAY);
    expect(state.failureReason).toBeNull();
  });

  it('a sale stops a queued list: it ends not listed, and says why', () => {
    const { state, entry } = transition(
      stateIn('queued:list'),
      { type: 'stop_list', reason: 'Sold on Shopify before it was listed.' },
      EBAY,
    );
    expect(state).toMatchObject({ status: 'not_listed', pendingOperation: null });
    expect(entry).toMatchObject({
      from: 'queued',
      fromOperation: 'list',
      to: 'not_listed',
      reason: 'Sold on Shopify before it was listed.',
    });
    expect(ListingEventSchema.safeParse({ type: 'stop_list' }).success).toBe(false);
  });

  it('a stopped relist whose delist half has not run comes down instead of going back up', () => {
    const queued = transition(stateIn('listed'), { type: 'relist' }, EBAY).state;
    const stopped = transition(
      queued,
      { type: 'stop_list', reason: 'Sold on Shopify before it was relisted.' },
      EBAY,
    ).state;
    // Still the live listing's id: the delist must know which listing to end.
    expect(stopped).toMatchObject({
      status: 'queued',
      pendingOperation: 'delist',
      listedID: '1234567890',
    });
    expect(transition(stopped, { type: 'delisted' }, EBAY).state.status).toBe('delisted');
  });

  it('a relist stopped after its delist half ends not listed, the old listing already gone', () => {
    let state = transition(stateIn('listed'), { type: 'relist' }, EBAY).state;
    state = transition(state, { type: 'delisted' }, EBAY).state;
    expect(phaseOf(state)).toBe('queued:list');
    state = transition(state, { type: 'stop_list', reason: 'Sold in person.' }, EBAY).state;
    expect(state).toMatchObject({ status: 'not_listed', listedID: null, listingURL: null });
  });

  it('a stopped list that went live anyway is recorded live with its id', () => {
    const stopped = transition(
      stateIn('queued:list'),
      { type: 'stop_list', reason: 'Sold on Shopify before it was listed.' },
      EBAY,
    ).state;
    // A plain "listed" is a late report with nothing pending; the report of the stopped list
    // is its own event.
    expect(tryTransition(stopped, eventOf('listed'), EBAY).ok).toBe(false);
    const live = transition(stopped, eventOf('listed_after_stop'), EBAY).state;
    expect(live).toMatchObject({ status: 'listed', listedID: '9988776655' });
  });

  it('a stopped relist that went up again hands the new listing to the waiting delist', () => {
    const queued = transition(stateIn('listed'), { type: 'relist' }, EBAY).state;
    const stopped = transition(queued, { type: 'stop_list', reason: 'Sold.' }, EBAY).state;
    const relisted = transition(stopped, eventOf('listed_after_stop'), EBAY).state;
    expect(relisted).toMatchObject({
      status: 'queued',
      pendingOperation: 'delist',
      listedID: '9988776655',
    });
  });

  it('an update leaves the listing live as it was, and only the history says what happened', () => {
    const live = stateIn('listed');
    const queued = transition(live, { type: 'queue_update' }, EBAY);
    const failed = transition(
      queued.state,
      { type: 'update_failure', reason: 'eBay says: the price is below the minimum.' },
      EBAY,
    );
    const updated = transition(failed.state, { type: 'updated' }, EBAY);
    for (const step of [queued, failed, updated]) expect(step.state).toEqual(live);
    expect([queued.entry, failed.entry, updated.entry].map((e) => [e.event, e.reason])).toEqual([
      ['queue_update', null],
      ['update_failure', 'eBay says: the price is below the minimum.'],
      ['updated', null],
    ]);
  });

  it('a late outcome after mark_not_listed is refused (the job finds nothing to report)', () => {
    const reset = transition(stateIn('queued:list'), { type: 'mark_not_listed' }, EBAY).state;
    expect(() => transition(reset, eventOf('listed'), EBAY)).toThrow(
      /no list operation is pending/,
    );
  });
});

describe('events and actors', () => {
  it.each([
    [{ type: 'list_failure' }, false],
    [{ type: 'list_failure', reason: '  ' }, false],
    [{ type: 'delist_failure', reason: 'Gone' }, true],
    [{ type: 'listed' }, true],
    [{ type: 'listed', listedID: null, listingURL: null }, true],
    [{ type: 'sold', reason: 'order 1' }, true],
    [{ type: 'update_failure' }, false],
    [{ type: 'update_failure', reason: 'Price too low' }, true],
    [{ type: 'queue_update' }, true],
    [{ type: 'publish' }, false],
  ])('%j valid: %s', (event, valid) => {
    expect(ListingEventSchema.safeParse(event).success).toBe(valid);
  });

  it.each([
    ['system', true],
    ['u_0123456789abcdefghij', true],
    ['executor:ext-7f3a', true],
    ['connector:ebay', true],
    ['connector:ebay.com', false],
    ['executor:', false],
    ['', false],
  ])('actor %j valid: %s', (actor, valid) => {
    expect(ListingActorSchema.safeParse(actor).success).toBe(valid);
  });

  it('builds actors', () => {
    expect([
      listingActor.system,
      listingActor.executor('abc'),
      listingActor.connector('etsy'),
    ]).toEqual(['system', 'executor:abc', 'connector:etsy']);
  });
});

describe('stored listings', () => {
  it.each([
    [undefined, INITIAL_LISTING_STATE],
    [{}, INITIAL_LISTING_STATE],
    [
      {
        status: 'listed',
        listedID: '1',
        listingURL: 'https://m.example/1',
        lastStatusDate: 5,
        title: 'x',
      },
      {
        ...INITIAL_LISTING_STATE,
        status: 'listed',
        listedID: '1',
        listingURL: 'https://m.example/1',
        lastStatusDate: 5,
      },
    ],
    // A link the browser would run, stored before only web addresses were kept, is dropped.
    [
      { status: 'listed', listedID: '1', listingURL: 'javascript:alert(1)' },
      { ...INITIAL_LISTING_STATE, status: 'listed', listedID: '1' },
    ],
    // Saved before the engine: a queued listing without its operation.
    [
      { status: 'queued' },
      { ...INITIAL_LISTING_STATE, status: 'queued', pendingOperation: 'list' },
    ],
    [
      { status: 'queued', listedID: '9' },
      { ...INITIAL_LISTING_STATE, status: 'queued', pendingOperation: 'delist', listedID: '9' },
    ],
    [
      { status: 'queued', pendingOperation: 'relist', listedID: '9' },
      { ...INITIAL_LISTING_STATE, status: 'queued', pendingOperation: 'relist', listedID: '9' },
    ],
    // A stray operation or reason outside queued/failure is dropped.
    [
      { status: 'listed', pendingOperation: 'list', failureReason: 'old' },
      { ...INITIAL_LISTING_STATE, status: 'listed' },
    ],
    [{ status: 'bogus', lastStatusDate: 1.5 }, INITIAL_LISTING_STATE],
  ])('%j', (stored, expected) => {
    const state = listingStateOf(stored);
    expect(state).toEqual(expected);
    expect(ListingStateSchema.safeParse(state).success).toBe(true);
  });

  it('refuses a queued state without its operation', () => {
    expect(ListingStateSchema.safeParse({ status: 'queued' }).success).toBe(false);
    expect(
      ListingStateSchema.safeParse({ status: 'listed', pendingOperation: 'list' }).success,
    ).toBe(false);
  });

  it('protects the engine’s fields from edits', () => {
    for (const field of Object.keys(INITIAL_LISTING_STATE)) {
      expect(PROTECTED_LISTING_FIELDS).toContain(field);
    }
  });
});

describe('a live listing', () => {
  it('is one listed, or still listed after its delist failed; nothing else', () => {
    const live = LISTING_STATUSES.filter((status) => isLiveListing({ status }));
    expect(live).toEqual(['listed', 'delist_failure']);
  });
});

describe('a listing on record', () => {
  it('is every state but not listed: queued, listed, failed, delisted or sold', () => {
    const shown = LISTING_STATUSES.filter((status) => isListingOnRecord({ status }));
    expect(shown).toEqual([
      'queued',
      'listed',
      'list_failure',
      'delisted',
      'delist_failure',
      'sold',
    ]);
  });
});
