import { ITEM_SORTS, type ItemSort } from '@listloop/domain';
import { Badge, Button, CloseButton, Group, Kbd, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import {
  DEFAULT_SORT,
  activeFilterCount,
  compactSearch,
  type InventorySearch,
} from '../inventory-search';
import { inventoryMessages } from '../inventory.messages';

/** Debounce of the search box: instant to the eye, one request per pause in typing. */
export const SEARCH_DEBOUNCE_MS = 200;

export const SORT_LABELS: Record<ItemSort, MessageDescriptor> = {
  'dateCreated:desc': inventoryMessages.sortNewest,
  'dateCreated:asc': inventoryMessages.sortOldest,
  'dateLastModified:desc': inventoryMessages.sortRecentlyEdited,
  'dateLastModified:asc': inventoryMessages.sortLeastRecentlyEdited,
  'title:asc': inventoryMessages.sortTitleAsc,
  'title:desc': inventoryMessages.sortTitleDesc,
  'price:asc': inventoryMessages.sortPriceAsc,
  'price:desc': inventoryMessages.sortPriceDesc,
};

interface InventoryToolbarProps {
  search: InventorySearch;
  onSearchChange: (next: InventorySearch) => void;
  onOpenFilters: () => void;
}

export function InventoryToolbar({ search, onSearchChange, onOpenFilters }: InventoryToolbarProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(search.q ?? '');
  // The q this box last put in the URL, or last saw there.
  const [knownQ, setKnownQ] = useState(search.q);
  // The URL changed under the box (Back, "clear filters"): show what the URL says. A change
  // the box made itself is not echoed back, so letters typed meanwhile are never lost.
  if (knownQ !== search.q) {
    setKnownQ(search.q);
    setText(search.q ?? '');
  }

  // Mantine calls the latest closure, so the commit sees the URL as it is when the timer fires.
  const commit = useDebouncedCallback((value: string) => {
    const q = value.trim() || undefined;
    if (q === search.q) return;
    setKnownQ(q);
    onSearchChange(compactSearch({ ...search, q }));
  }, SEARCH_DEBOUNCE_MS);

  // Leaving the inventory while a search is still settling (an item opened straight after
  // typing): the search must not pull the seller back while the next screen loads.
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) commit.cancel();
      }),
    [router, commit],
  );

  useHotkeys([['/', () => input.current?.focus()]]);

  const filterCount = activeFilterCount(search);

  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <TextInput
        ref={input}
        flex={1}
        miw={0}
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit.flush();
          if (event.key === 'Escape' && text) {
            setText('');
            commit('');
            commit.flush();
          }
        }}
        leftSection={<IconSearch size={16} />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={intl.formatMessage(inventoryMessages.clearSearch)}
              onClick={() => {
                setText('');
                commit('');
                commit.flush();
                input.current?.focus();
              }}
            />
          ) : (
            <Kbd size="xs" visibleFrom="sm">
              /
            </Kbd>
          )
        }
        placeholder={intl.formatMessage(inventoryMessages.searchPlaceholder)}
        aria-label={intl.formatMessage(inventoryMessages.searchLabel)}
      />
      <Select
        w={{ base: 150, sm: 210 }}
        visibleFrom="xs"
        aria-label={intl.formatMessage(inventoryMessages.sortLabel)}
        value={search.sort ?? DEFAULT_SORT}
        allowDeselect={false}
        data={ITEM_SORTS.map((sort) => ({
          value: sort,
          label: intl.formatMessage(SORT_LABELS[sort]),
        }))}
        onChange={(value) =>
          value &&
          onSearchChange(
            compactSearch({
              ...search,
              sort: value === DEFAULT_SORT ? undefined : (value as ItemSort),
            }),
          )
        }
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        variant={filterCount > 0 ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        rightSection={
          filterCount > 0 ? (
            <Badge size="xs" circle>
              {filterCount}
            </Badge>
          ) : undefined
        }
        onClick={onOpenFilters}
        aria-label={intl.formatMessage(inventoryMessages.filtersButtonLabel, {
          count: filterCount,
        })}
      >
        {intl.formatMessage(inventoryMessages.filters)}
      </Button>
    </Group>
  );
}
