import type { AiPriceGap } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

export const aiHelperMessages = defineMessages({
  title: { id: 'aiHelper.title' },
  intro: { id: 'aiHelper.intro' },
  suggestTitle: { id: 'aiHelper.suggestTitle' },
  writeDescription: { id: 'aiHelper.writeDescription' },
  suggestDetails: { id: 'aiHelper.suggestDetails' },
  marketplace: { id: 'aiHelper.marketplace' },
  marketplaceAny: { id: 'aiHelper.marketplaceAny' },
  working: { id: 'aiHelper.working' },
  offline: { id: 'aiHelper.offline' },
  byModel: { id: 'aiHelper.byModel' },
  now: { id: 'aiHelper.now' },
  suggested: { id: 'aiHelper.suggested' },
  empty: { id: 'aiHelper.empty' },
  use: { id: 'aiHelper.use' },
  usePrice: { id: 'aiHelper.usePrice' },
  dismiss: { id: 'aiHelper.dismiss' },
  same: { id: 'aiHelper.same' },
  used: { id: 'aiHelper.used' },
  nothing: { id: 'aiHelper.nothing' },
  priceRange: { id: 'aiHelper.priceRange' },
  priceBasis: { id: 'aiHelper.priceBasis' },
  failedTitle: { id: 'aiHelper.failedTitle' },
});

export const priceGapMessages = defineMessages({
  no_sales: { id: 'aiHelper.priceGap.no_sales' },
  no_similar_sales: { id: 'aiHelper.priceGap.no_similar_sales' },
}) satisfies Record<AiPriceGap, MessageDescriptor>;
