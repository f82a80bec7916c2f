import { categoryPathText, MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import {
  CloseButton,
  Combobox,
  Loader,
  Text,
  TextInput,
  useCombobox,
  type TextInputProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import {
  categoryNamesQueryOptions,
  isCategoryId,
  useCategoryNames,
  useCategorySearch,
} from '../../lib/marketplaces/categories.api';
import { categoryMessages } from '../../lib/marketplaces/categories.messages';

/** Why the marketplace's categories could not be read, in the reader's words. */
function readError(intl: IntlShape, error: unknown, marketplace: string): string {
  if (error instanceof ApiError && error.status === 409) {
    return intl.formatMessage(categoryMessages.connectFirst, { marketplace });
  }
  if (error instanceof ApiError && error.status === 503) {
    return intl.formatMessage(categoryMessages.unreachable, { marketplace });
  }
  return errorText(intl, error);
}

/**
 * A marketplace's own category, chosen by typing words of its name: the seller sees
 * "Clothing, Shoes & Accessories › Men › Men's Clothing › Jeans", never the id, and a stored id
 * is shown by its name. Categories a listing cannot be in (eBay's with subcategories) are shown
 * but cannot be chosen. Emptying the field hands the choice back (`onChange(null)`).
 */
export function CategoryPicker({
  marketplace,
  value,
  onChange,
  label,
  description,
  error,
  withAsterisk,
  disabled,
}: {
  marketplace: MarketplaceId;
  /** The stored category id ('' when none). */
  value: string;
  onChange: (id: string | null) => void;
  label: string;
  description?: TextInputProps['description'];
  error?: string | undefined;
  withAsterisk?: boolean;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const name = MARKETPLACE_NAMES[marketplace];
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const stored = value.trim();
  const names = useCategoryNames(marketplace, stored ? [stored] : []);
  const selected = stored ? names.data?.get(stored) : undefined;
  // What is typed while searching; null shows the chosen category.
  const [search, setSearch] = useState<string | null>(null);
  const [words] = useDebouncedValue(search ?? '', 250);
  const results = useCategorySearch(marketplace, search === null ? '' : words);

  const selectedText = selected
    ? categoryPathText(selected.path)
    : stored && !isCategoryId(stored)
      ? stored
      : '';
  const storedProblem = !stored
    ? null
    : !isCategoryId(stored)
      ? intl.formatMessage(categoryMessages.notAnId, { marketplace: name, value: stored })
      : names.isSuccess && !selected
        ? intl.formatMessage(categoryMessages.unknown, { marketplace: name, id: stored })
        : null;
  const failure = results.error ?? names.error;
  const shownError =
    error ?? (failure ? readError(intl, failure, name) : (storedProblem ?? undefined));
  const options = search !== null && words.trim() !== '' ? (results.data ?? []) : [];
  const searching = search !== null && search.trim() !== '';

  const choose = (id: string) => {
    const picked = options.find((category) => category.id === id);
    if (!picked?.listable) return;
    queryClient.setQueryData(
      categoryNamesQueryOptions(marketplace, [id]).queryKey,
      new Map([[id, picked]]),
    );
    setSearch(null);
    combobox.closeDropdown();
    onChange(id);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} disabled={disabled}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          description={description}
          withAsterisk={withAsterisk}
          disabled={disabled}
          placeholder={intl.formatMessage(categoryMessages.placeholder, { marketplace: name })}
          value={search ?? selectedText}
          error={shownError}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // Only a category from the list is kept: emptied, the choice is handed back.
            if (search !== null && search.trim() === '' && stored) onChange(null);
            setSearch(null);
          }}
          rightSection={
            results.isFetching || (stored && names.isFetching) ? (
              <Loader size={16} />
            ) : stored && !disabled ? (
              <CloseButton
                size="sm"
                aria-label={intl.formatMessage(categoryMessages.clear, { marketplace: name })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setSearch(null);
                  onChange(null);
                }}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {options.map((category) => (
            <Combobox.Option
              key={category.id}
              value={category.id}
              disabled={!category.listable}
              aria-label={categoryPathText(category.path)}
            >
              <Text fz="sm">{categoryPathText(category.path)}</Text>
              {!category.listable && (
                <Text fz="xs" c="dimmed">
                  {intl.formatMessage(categoryMessages.hasSubcategories, { marketplace: name })}
                </Text>
              )}
            </Combobox.Option>
          ))}
          {searching && options.length === 0 && (
            <Combobox.Empty>
              {results.isFetching || words !== search
                ? intl.formatMessage(categoryMessages.searching, { marketplace: name })
                : intl.formatMessage(categoryMessages.none, { marketplace: name })}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** A stored category shown by its name (its path), or as stored while unknown. */
export function CategoryName({
  marketplace,
  value,
}: {
  marketplace: MarketplaceId;
  value: string;
}) {
  const names = useCategoryNames(marketplace, [value]);
  const found = names.data?.get(value.trim());
  return <>{found ? categoryPathText(found.path) : value}</>;
}
