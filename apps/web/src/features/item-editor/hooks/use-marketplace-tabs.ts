import type { Item, MarketplaceId } from '@listloop/domain';
import { useCallback, useMemo, useState } from 'react';
import { marketplaceTabs } from '../marketplace-tabs';

/** The marketplace tabs of the item and the one shown; shared by the panel and the dialog. */
export function useMarketplaceTabs(item: Item | null, allowed: readonly MarketplaceId[]) {
  const [chosen, setChosen] = useState<MarketplaceId[]>([]);
  const [selected, setSelected] = useState<MarketplaceId | null>(null);
  const tabs = useMemo(() => marketplaceTabs(item?.listings, chosen), [item?.listings, chosen]);
  const active = selected && tabs.includes(selected) ? selected : (tabs[0] ?? null);
  const addable = useMemo(() => allowed.filter((id) => !tabs.includes(id)), [allowed, tabs]);

  const show = useCallback((marketplace: MarketplaceId) => {
    setChosen((current) => (current.includes(marketplace) ? current : [...current, marketplace]));
    setSelected(marketplace);
  }, []);

  return { tabs, active, addable, show };
}

export type MarketplaceTabsState = ReturnType<typeof useMarketplaceTabs>;
