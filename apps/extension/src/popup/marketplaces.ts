import type { ExtensionMarketplace } from '@listloop/domain';
import type { Translate } from '../i18n';
import type { WorkSettings } from '../work/settings';
import { emptyMarketplace, type WorkState } from '../work/state';
import { itemTitle, marketplaceName } from './labels';

/** Each marketplace the account has this browser work, as the popup lists it. */
export interface MarketplaceView {
  id: ExtensionMarketplace;
  name: string;
  /** Signed in, signed out, not checked yet, or turned off here. */
  state: string;
  /** False when the seller has something to do (sign in). */
  ok: boolean;
  today: string;
  /** What it is working on now, or null. */
  working: string | null;
}

export function marketplaceViews(
  t: Translate,
  marketplaces: readonly ExtensionMarketplace[],
  work: WorkState,
  settings: WorkSettings,
  /** The local day, YYYY-MM-DD: a count kept for another day is yesterday's. */
  today: string,
): MarketplaceView[] {
  return marketplaces.map((id) => {
    const name = marketplaceName(id);
    const w = work.marketplaces[id] ?? emptyMarketplace();
    const off = settings.off.includes(id);
    const state = off
      ? t('marketplace.off')
      : w.signedIn === true
        ? t('marketplace.signedIn')
        : w.signedIn === false
          ? t('marketplace.signedOut', { marketplace: name })
          : t('marketplace.notChecked');
    return {
      id,
      name,
      state,
      ok: off || w.signedIn !== false,
      today: t('marketplace.today', {
        count: w.day === today ? w.startedToday : 0,
        cap: settings.dailyCap,
      }),
      working: w.current
        ? w.current.title
          ? t('marketplace.working', { title: itemTitle(t, w.current.title) })
          : t('marketplace.starting')
        : null,
    };
  });
}
