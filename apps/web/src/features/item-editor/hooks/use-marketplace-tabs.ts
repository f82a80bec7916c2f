import type { Item, MarketplaceId } from '@listloop/domain';
import { useCallback, useMemo, useState } from 'react';
import type { MarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { marketplaceTabs } from '../marketplace-tabs';

/**
 * The marketplace tabs of the item and the one shown; shared by the panel and the dialog.
 * `allowed` is already in the marketplaces' order; `order` puts the tabs in it too.
 */
export function useMarketplaceTabs(
  item: Item | null,
  allowed: readonly MarketplaceId[],
  order: MarketplaceOrder,
) {
  const [chosen, setChosen] = useState<MarketplaceId[]>([]);
  const [selected, setSelected] = useState<MarketplaceId | null>(null);
  const tabs = useMemo(
    () => marketplaceTabs(item?.listings, chosen, order),
    [item?.listings, chosen, order],
  );
  const active = selected && tabs.includes(selected) ? selected : (tabs[0] ?? null);
  const addable = useMemo(() => allowed.filter((id) => !tabs.includes(id)), [allowed, tabs]);

  const show = useCallback((marketplace: MarketplaceId) => {
    setChosen((current) => (current.includes(marketplace) ? current : [...current, marketplace]));
    setSelected(marketplace);
  }, []);

  return { tabs, active, addable, show };
}

export type MarketplaceTabsState = ReturnType<typeof useMarketplaceTabs>;
