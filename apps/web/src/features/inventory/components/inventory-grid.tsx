import type { Item } from '@listloop/domain';
import { Center, Checkbox, Loader, Skeleton } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type Dispatch, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { itemFieldMessages } from '../../../lib/inventory/item.messages';
import {
  gridKeyIntent,
  selectionSummary,
  type GridAction,
  type GridState,
} from '../grid-selection';
import { inventoryMessages } from '../inventory.messages';
import { InventoryRow, type RowFormat } from './inventory-row';
import classes from './inventory-grid.module.css';

export type GridLayout = 'full' | 'compact' | 'cards';

/** The grid adapts to its own width (not the window's): the navigation takes a share. */
export function layoutForWidth(width: number): GridLayout {
  if (width > 0 && width < 640) return 'cards';
  if (width > 0 && width < 1040) return 'compact';
  return 'full';
}

export const GRID_COLUMNS: Record<GridLayout, string> = {
  full: '28px 44px minmax(160px, 3fr) minmax(80px, 1fr) 88px 48px minmax(100px, 1.3fr) 118px minmax(130px, 1.8fr) 92px',
  compact: '28px 44px minmax(150px, 3fr) 84px 44px 118px minmax(110px, 1.6fr)',
  cards: '28px 64px minmax(0, 1fr)',
};

const ROW_HEIGHT: Record<GridLayout, number> = { full: 56, compact: 56, cards: 96 };
const HEADER_HEIGHT = 36;
/** Start loading the next page this many rows before the end of the loaded ones. */
const PREFETCH_ROWS = 40;

export const rowDomId = (itemId: string) => `inventory-row-${itemId}`;

interface InventoryGridProps {
  items: readonly Item[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  state: GridState;
  dispatch: Dispatch<GridAction>;
  onOpen: (item: Item) => void;
  format: RowFormat;
  /** Changes with the search and filters: a new list starts at its top. */
  resetKey: string;
}

/**
 * The inventory as a virtualised grid: only the rows in view (and a few around them) are in
 * the DOM, so 10,000 loaded items scroll like 50. One tab stop; the arrows move the active
 * row (aria-activedescendant), Space/x select, Enter opens.
 */
export function InventoryGrid({
  items,
  total,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  state,
  dispatch,
  onOpen,
  format,
  resetKey,
}: InventoryGridProps) {
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize();
  const mergedRef = useMergedRef(scrollRef, sizeRef);
  const layout = layoutForWidth(width);
  const rowHeight = ROW_HEIGHT[layout];

  const count = items.length + (hasNextPage ? 1 : 0);
  // The virtualizer's functions change with every scroll; this grid memoises its rows by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => items[index]?.itemID ?? `loader-${index}`,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [resetKey, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastVisible = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastVisible >= items.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastVisible, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    if (state.active >= 0 && state.active < items.length) {
      virtualizer.scrollToIndex(state.active, { align: 'auto' });
    }
  }, [state.active, items.length, virtualizer]);

  // Row handlers read the latest list through a ref, so memoised rows keep stable callbacks.
  const latest = useRef({ items, state });
  useEffect(() => {
    latest.current = { items, state };
  });
  const ids = useCallback(() => latest.current.items.map((item) => item.itemID), []);

  const onCheck = useCallback(
    (index: number, shiftKey: boolean) => {
      const item = latest.current.items[index];
      if (!item) return;
      dispatch(
        shiftKey
          ? { type: 'range', index, ids: ids() }
          : { type: 'toggle', index, id: item.itemID },
      );
    },
    [dispatch, ids],
  );

  const onRowClick = useCallback(
    (index: number, modifiers: { shiftKey: boolean; toggleKey: boolean }) => {
      const item = latest.current.items[index];
      if (!item) return;
      if (modifiers.shiftKey) dispatch({ type: 'range', index, ids: ids() });
      else if (modifiers.toggleKey) dispatch({ type: 'toggle', index, id: item.itemID });
      else {
        dispatch({ type: 'activate', index, count: latest.current.items.length });
        onOpen(item);
      }
    },
    [dispatch, ids, onOpen],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const allIds = ids();
    const intent = gridKeyIntent(event, state, allIds);
    if (!intent) return;
    event.preventDefault();
    if (intent.kind === 'open') {
      const item = items[intent.index];
      if (item) onOpen(item);
    } else {
      dispatch(intent.action);
    }
  };

  const summary = selectionSummary(
    state.selected,
    items.map((item) => item.itemID),
  );
  const activeItem = items[state.active];
  const columns = GRID_COLUMNS[layout];

  return (
    <div
      ref={mergedRef}
      className={classes.scroller}
      role="grid"
      aria-label={intl.formatMessage(inventoryMessages.gridLabel)}
      aria-rowcount={total + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeItem ? rowDomId(activeItem.itemID) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && state.active < 0 && items.length > 0) {
          dispatch({ type: 'activate', index: 0, count: items.length });
        }
      }}
    >
      <div
        className={classes.header}
        role="row"
        aria-rowindex={1}
        style={{ gridTemplateColumns: columns }}
      >
        <div role="columnheader">
          <Checkbox
            size="xs"
            tabIndex={-1}
            checked={summary === 'all'}
            indeterminate={summary === 'some'}
            disabled={items.length === 0}
            aria-label={intl.formatMessage(
              summary === 'all'
                ? inventoryMessages.clearSelection
                : inventoryMessages.selectAllLoaded,
            )}
            onChange={() =>
              dispatch(summary === 'all' ? { type: 'clear' } : { type: 'selectAll', ids: ids() })
            }
          />
        </div>
        {layout === 'cards' ? (
          <div role="columnheader" style={{ gridColumn: 'span 2' }}>
            {intl.formatMessage(inventoryMessages.columnItem)}
          </div>
        ) : (
          <>
            <div role="columnheader" aria-label={intl.formatMessage(itemFieldMessages.photos)} />
            <div role="columnheader">{intl.formatMessage(itemFieldMessages.title)}</div>
            {layout === 'full' && (
              <div role="columnheader">{intl.formatMessage(itemFieldMessages.sku)}</div>
            )}
            <div role="columnheader" className={classes.end}>
              {intl.formatMessage(itemFieldMessages.price)}
            </div>
            <div role="columnheader" className={classes.end}>
              {intl.formatMessage(inventoryMessages.columnQuantity)}
            </div>
            {layout === 'full' && (
              <div role="columnheader">{intl.formatMessage(itemFieldMessages.labels)}</div>
            )}
            <div role="columnheader">{intl.formatMessage(itemFieldMessages.completeness)}</div>
            <div role="columnheader">{intl.formatMessage(itemFieldMessages.marketplaces)}</div>
            {layout === 'full' && (
              <div role="columnheader" className={classes.end}>
                {intl.formatMessage(inventoryMessages.columnDate)}
              </div>
            )}
          </>
        )}
      </div>

      <div className={classes.rows} style={{ height: virtualizer.getTotalSize() - HEADER_HEIGHT }}>
        {virtualRows.map((row) => {
          const item = items[row.index];
          const start = row.start - HEADER_HEIGHT;
          if (!item) {
            return (
              <Center
                key={row.key}
                role="row"
                aria-busy="true"
                className={classes.row}
                style={{ height: row.size, transform: `translateY(${start}px)` }}
              >
                <Loader size="sm" type="dots" />
              </Center>
            );
          }
          return (
            <InventoryRow
              key={row.key}
              item={item}
              index={row.index}
              start={start}
              height={row.size}
              layout={layout}
              columns={columns}
              selected={state.selected.has(item.itemID)}
              active={state.active === row.index}
              onCheck={onCheck}
              onRowClick={onRowClick}
              format={format}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function InventoryGridSkeleton({ rows = 8 }: { rows?: number }) {
  const intl = useIntl();
  return (
    <div
      className={classes.scroller}
      aria-busy="true"
      aria-label={intl.formatMessage(inventoryMessages.loading)}
    >
      <div className={classes.header} style={{ gridTemplateColumns: '1fr' }} />
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className={classes.row}
          style={{
            position: 'relative',
            height: 56,
            gridTemplateColumns: '28px 44px minmax(0, 3fr) minmax(0, 1fr) minmax(0, 1fr)',
            cursor: 'default',
          }}
        >
          <Skeleton h={14} w={14} radius="sm" />
          <Skeleton h={40} w={40} radius="sm" />
          <Skeleton h={12} w={`${50 + ((index * 17) % 40)}%`} />
          <Skeleton h={12} w="60%" />
          <Skeleton h={18} w="70%" radius="sm" />
        </div>
      ))}
    </div>
  );
}
