import { describe, expect, it } from 'vitest';
import {
  changesSelection,
  gridKeyIntent,
  gridReducer,
  initialGridState,
  selectionSummary,
  type GridAction,
  type GridState,
} from './grid-selection';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const run = (actions: GridAction[], from: GridState = initialGridState) =>
  actions.reduce(gridReducer, from);
const selected = (state: GridState) => [...state.selected].sort();

describe('moving through the grid', () => {
  it('starts on the first row going down and on the last going up', () => {
    expect(run([{ type: 'move', delta: 1, ids }]).active).toBe(0);
    expect(run([{ type: 'move', delta: -1, ids }]).active).toBe(5);
  });

  it('stays inside the loaded rows', () => {
    const state = run([
      { type: 'activate', index: 4, count: 6 },
      { type: 'move', delta: 10, ids },
    ]);
    expect(state.active).toBe(5);
    expect(run([{ type: 'move', delta: -10, ids }], state).active).toBe(0);
    expect(run([{ type: 'jump', to: 'last', ids }]).active).toBe(5);
  });

  it('does nothing in an empty grid', () => {
    expect(run([{ type: 'move', delta: 1, ids: [] }])).toBe(initialGridState);
  });
});

describe('selecting', () => {
  it('toggles one row and remembers it as the anchor', () => {
    const state = run([{ type: 'toggle', index: 2, id: 'c' }]);
    expect(selected(state)).toEqual(['c']);
    expect(state.anchor).toBe(2);
    expect(state.active).toBe(2);
    expect(selected(run([{ type: 'toggle', index: 2, id: 'c' }], state))).toEqual([]);
  });

  it('shift-click selects every row between the anchor and the click, either way', () => {
    const down = run([
      { type: 'toggle', index: 1, id: 'b' },
      { type: 'range', index: 4, ids },
    ]);
    expect(selected(down)).toEqual(['b', 'c', 'd', 'e']);
    const up = run([
      { type: 'toggle', index: 4, id: 'e' },
      { type: 'range', index: 2, ids },
    ]);
    expect(selected(up)).toEqual(['c', 'd', 'e']);
  });

  it('keeps the anchor across shift-clicks and adds to what was selected', () => {
    const state = run([
      { type: 'toggle', index: 0, id: 'a' },
      { type: 'toggle', index: 3, id: 'd' },
      { type: 'range', index: 5, ids },
      { type: 'range', index: 4, ids },
    ]);
    expect(selected(state)).toEqual(['a', 'd', 'e', 'f']);
    expect(state.anchor).toBe(3);
  });

  it('treats a shift-click without an anchor as a toggle', () => {
    expect(selected(run([{ type: 'range', index: 2, ids }]))).toEqual(['c']);
  });

  it('extends the selection with shift and the arrows', () => {
    const state = run([
      { type: 'activate', index: 1, count: 6 },
      { type: 'move', delta: 1, ids, extend: true },
      { type: 'move', delta: 1, ids, extend: true },
    ]);
    expect(selected(state)).toEqual(['b', 'c', 'd']);
    expect(state.active).toBe(3);
  });

  it('selects all loaded rows, clears, and forgets deleted items', () => {
    const all = run([{ type: 'selectAll', ids }]);
    expect(selected(all)).toEqual(ids);
    expect(selected(run([{ type: 'forget', ids: ['a', 'f'] }], all))).toEqual(['b', 'c', 'd', 'e']);
    expect(selected(run([{ type: 'clear' }], all))).toEqual([]);
    expect(run([{ type: 'reset' }], all)).toBe(initialGridState);
  });

  it('summarises the selection for the header checkbox', () => {
    expect(selectionSummary(new Set(), ids)).toBe('none');
    expect(selectionSummary(new Set(['a']), ids)).toBe('some');
    expect(selectionSummary(new Set(ids), ids)).toBe('all');
    expect(selectionSummary(new Set(['zz']), ids)).toBe('some');
  });
});

describe('keys on the grid', () => {
  const at = (active: number, picked: string[] = []): GridState => ({
    active,
    anchor: active,
    selected: new Set(picked),
  });

  it('moves with the arrows and j/k, extending with shift', () => {
    expect(gridKeyIntent({ key: 'ArrowDown' }, at(0), ids)).toEqual({
      kind: 'dispatch',
      action: { type: 'move', delta: 1, ids, extend: undefined },
    });
    expect(gridKeyIntent({ key: 'k', shiftKey: true }, at(2), ids)).toEqual({
      kind: 'dispatch',
      action: { type: 'move', delta: -1, ids, extend: true },
    });
    expect(gridKeyIntent({ key: 'End' }, at(0), ids)).toMatchObject({
      action: { type: 'jump', to: 'last' },
    });
    expect(gridKeyIntent({ key: 'PageDown' }, at(0), ids)).toMatchObject({
      action: { type: 'move', delta: 10 },
    });
  });

  it('toggles the active row with Space and x', () => {
    for (const key of [' ', 'x']) {
      expect(gridKeyIntent({ key }, at(3), ids)).toEqual({
        kind: 'dispatch',
        action: { type: 'toggle', index: 3, id: 'd' },
      });
    }
    expect(gridKeyIntent({ key: ' ' }, at(-1), ids)).toBeNull();
  });

  it('opens the active row with Enter', () => {
    expect(gridKeyIntent({ key: 'Enter' }, at(1), ids)).toEqual({ kind: 'open', index: 1 });
    expect(gridKeyIntent({ key: 'Enter' }, at(-1), ids)).toBeNull();
  });

  it('selects all with Ctrl/⌘+A and clears with Escape', () => {
    expect(gridKeyIntent({ key: 'a', metaKey: true }, at(0), ids)).toEqual({
      kind: 'dispatch',
      action: { type: 'selectAll', ids },
    });
    expect(gridKeyIntent({ key: 'Escape' }, at(0, ['a']), ids)).toEqual({
      kind: 'dispatch',
      action: { type: 'clear' },
    });
    expect(gridKeyIntent({ key: 'Escape' }, at(0), ids)).toBeNull();
  });

  it('leaves other keys and Alt combinations alone', () => {
    expect(gridKeyIntent({ key: 'q' }, at(0), ids)).toBeNull();
    expect(gridKeyIntent({ key: 'ArrowDown', altKey: true }, at(0), ids)).toBeNull();
    expect(gridKeyIntent({ key: 'c', ctrlKey: true }, at(0), ids)).toBeNull();
  });
});

describe('what changes the selection', () => {
  it('is picking, ranging, clearing or extending, never moving the cursor alone', () => {
    expect(changesSelection({ type: 'activate', index: 1, count: 3 })).toBe(false);
    expect(changesSelection({ type: 'move', delta: 1, ids })).toBe(false);
    expect(changesSelection({ type: 'jump', to: 'last', ids })).toBe(false);
    expect(changesSelection({ type: 'move', delta: 1, ids, extend: true })).toBe(true);
    expect(changesSelection({ type: 'jump', to: 'first', ids, extend: true })).toBe(true);
    expect(changesSelection({ type: 'toggle', index: 0, id: 'a' })).toBe(true);
    expect(changesSelection({ type: 'clear' })).toBe(true);
    expect(changesSelection({ type: 'selectAll', ids })).toBe(true);
  });
});
