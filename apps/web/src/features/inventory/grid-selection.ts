/**
 * The inventory grid's keyboard focus and selection, as a pure reducer: which row is active
 * (the keyboard's cursor, shown through aria-activedescendant), which items are selected, and
 * where a shift-click range starts. Rows are addressed by index in the loaded list; the
 * selection is kept by item id, so loading more pages never shifts it.
 */
export interface GridState {
  /** The active row, or -1 before the grid is first used. */
  active: number;
  /** The row a shift-click or shift-arrow range starts from. */
  anchor: number | null;
  selected: ReadonlySet<string>;
}

export type GridAction =
  | { type: 'activate'; index: number; count: number }
  | { type: 'move'; delta: number; ids: readonly string[]; extend?: boolean }
  | { type: 'jump'; to: 'first' | 'last'; ids: readonly string[]; extend?: boolean }
  | { type: 'toggle'; index: number; id: string }
  | { type: 'range'; index: number; ids: readonly string[] }
  | { type: 'selectAll'; ids: readonly string[] }
  | { type: 'clear' }
  | { type: 'forget'; ids: readonly string[] }
  | { type: 'reset' };

export const initialGridState: GridState = { active: -1, anchor: null, selected: new Set() };

const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value));

function withRange(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  from: number,
  to: number,
): Set<string> {
  const next = new Set(selected);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (const id of ids.slice(start, end + 1)) next.add(id);
  return next;
}

function moveTo(state: GridState, target: number, ids: readonly string[], extend?: boolean) {
  if (ids.length === 0) return state;
  const active = clamp(target, ids.length);
  if (!extend) return { ...state, active, anchor: active };
  const anchor = state.anchor ?? clamp(state.active, ids.length);
  return { active, anchor, selected: withRange(state.selected, ids, anchor, active) };
}

export function gridReducer(state: GridState, action: GridAction): GridState {
  switch (action.type) {
    case 'activate':
      if (action.count === 0) return state;
      return { ...state, active: clamp(action.index, action.count) };
    case 'move': {
      const from = state.active < 0 ? (action.delta > 0 ? -1 : action.ids.length) : state.active;
      return moveTo(state, from + action.delta, action.ids, action.extend);
    }
    case 'jump':
      return moveTo(
        state,
        action.to === 'first' ? 0 : action.ids.length - 1,
        action.ids,
        action.extend,
      );
    case 'toggle': {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else selected.add(action.id);
      return { active: action.index, anchor: action.index, selected };
    }
    case 'range': {
      if (state.anchor === null || state.anchor >= action.ids.length) {
        const id = action.ids[action.index];
        if (id === undefined) return state;
        return gridReducer(state, { type: 'toggle', index: action.index, id });
      }
      return {
        active: action.index,
        anchor: state.anchor,
        selected: withRange(state.selected, action.ids, state.anchor, action.index),
      };
    }
    case 'selectAll':
      return { ...state, selected: new Set(action.ids) };
    case 'clear':
      return state.selected.size === 0 ? state : { ...state, selected: new Set() };
    case 'forget': {
      const selected = new Set(state.selected);
      for (const id of action.ids) selected.delete(id);
      return { ...state, selected };
    }
    case 'reset':
      return initialGridState;
  }
}

/** Whether an action changes which rows are selected, rather than only moving the cursor. */
export function changesSelection(action: GridAction): boolean {
  switch (action.type) {
    case 'activate':
      return false;
    case 'move':
    case 'jump':
      return Boolean(action.extend);
    default:
      return true;
  }
}

export type GridIntent =
  { kind: 'dispatch'; action: GridAction } | { kind: 'open'; index: number } | null;

export interface GridKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Rows a PageUp/PageDown moves. */
export const GRID_PAGE_ROWS = 10;

/**
 * What a key pressed on the grid means: ↑/↓ (and j/k) move, with Shift they extend the
 * selection; Space and x toggle the active row; Enter opens it; Escape clears the selection;
 * Ctrl/⌘+A selects every loaded row.
 */
export function gridKeyIntent(
  event: GridKey,
  state: GridState,
  ids: readonly string[],
): GridIntent {
  if (event.altKey) return null;
  const command = event.ctrlKey || event.metaKey;
  const extend = event.shiftKey;
  const dispatch = (action: GridAction): GridIntent => ({ kind: 'dispatch', action });
  if (command) {
    return event.key.toLowerCase() === 'a' ? dispatch({ type: 'selectAll', ids }) : null;
  }
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      return dispatch({ type: 'move', delta: 1, ids, extend });
    case 'ArrowUp':
    case 'k':
      return dispatch({ type: 'move', delta: -1, ids, extend });
    case 'PageDown':
      return dispatch({ type: 'move', delta: GRID_PAGE_ROWS, ids, extend });
    case 'PageUp':
      return dispatch({ type: 'move', delta: -GRID_PAGE_ROWS, ids, extend });
    case 'Home':
      return dispatch({ type: 'jump', to: 'first', ids, extend });
    case 'End':
      return dispatch({ type: 'jump', to: 'last', ids, extend });
    case ' ':
    case 'x':
    case 'X': {
      const id = ids[state.active];
      return id === undefined ? null : dispatch({ type: 'toggle', index: state.active, id });
    }
    case 'Enter':
      return state.active >= 0 && state.active < ids.length
        ? { kind: 'open', index: state.active }
        : null;
    case 'Escape':
      return state.selected.size > 0 ? dispatch({ type: 'clear' }) : null;
    default:
      return null;
  }
}

/** The header checkbox: all loaded rows, some, or none selected. */
export function selectionSummary(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): 'all' | 'some' | 'none' {
  if (selected.size === 0 || ids.length === 0) return 'none';
  let count = 0;
  for (const id of ids) if (selected.has(id)) count += 1;
  if (count === ids.length) return 'all';
  return count > 0 || selected.size > 0 ? 'some' : 'none';
}
