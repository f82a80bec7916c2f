import { MARKETPLACE_NAMES, isMarketplaceId, type ListingOperationKind } from '@listloop/domain';
import type { MessageKey, Translate } from '../i18n';

/**
 * The words the popup's lists share: marketplace names (proper nouns, never translated), the
 * operation's name, an item's title, and when something happened.
 */

/** A marketplace's name; an id the catalogue does not know (a newer server) shows as it came. */
export function marketplaceName(id: string): string {
  return isMarketplaceId(id) ? MARKETPLACE_NAMES[id] : id;
}

const OPERATION_KEYS: Record<ListingOperationKind | 'sale', MessageKey> = {
  list: 'operation.list',
  delist: 'operation.delist',
  relist: 'operation.relist',
  update: 'operation.update',
  sale: 'operation.sale',
};

export function operationLabel(t: Translate, operation: ListingOperationKind | 'sale'): string {
  return t(OPERATION_KEYS[operation]);
}

/** An item is named by its title; one without a title still needs a name on a button. */
export function itemTitle(t: Translate, title: string | null | undefined): string {
  const text = title?.trim();
  return text ? text : t('item.untitled');
}

/** The local day of an instant, as the runner counts days (YYYY-MM-DD). */
export function localDay(at: number | Date): string {
  return new Date(at).toLocaleDateString('en-CA');
}

/** The time alone for today, the date too for anything earlier. */
export function whenText(t: Translate, at: number, now: number): string {
  const time = new Date(at);
  return t(localDay(at) === localDay(now) ? 'when.today' : 'when.earlier', { time });
}
