import type { SaleOutcome, SaleSource } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

export const saleDetectionMessages = defineMessages({
  title: { id: 'sales.title' },
  intro: { id: 'sales.intro' },
  filtersLabel: { id: 'sales.filters.label' },
  marketplaceFilter: { id: 'sales.filters.marketplace' },
  allMarketplaces: { id: 'sales.filters.allMarketplaces' },
  stateFilter: { id: 'sales.filters.state' },
  stateAll: { id: 'sales.filters.stateAll' },
  stateOpen: { id: 'sales.filters.stateOpen' },
  stateDismissed: { id: 'sales.filters.stateDismissed' },
  clearFilters: { id: 'sales.filters.clear' },
  loading: { id: 'sales.loading' },
  loadFailed: { id: 'sales.loadFailed' },
  emptyTitle: { id: 'sales.empty.title' },
  emptyBody: { id: 'sales.empty.body' },
  emptyFilteredTitle: { id: 'sales.empty.filteredTitle' },
  emptyFilteredBody: { id: 'sales.empty.filteredBody' },
  listLabel: { id: 'sales.list.label' },
  showMore: { id: 'sales.list.showMore' },
  updating: { id: 'sales.list.updating' },
  untitled: { id: 'sales.event.untitled' },
  soldOn: { id: 'sales.event.soldOn' },
  unitsSold: { id: 'sales.event.unitsSold' },
  unitsLeft: { id: 'sales.event.unitsLeft' },
  order: { id: 'sales.event.order' },
  buyerCountry: { id: 'sales.event.buyerCountry' },
  fees: { id: 'sales.event.fees' },
  dismissedBadge: { id: 'sales.event.dismissed' },
  doubleSaleBadge: { id: 'sales.event.doubleSaleBadge' },
  doubleSaleTitle: { id: 'sales.event.doubleSaleTitle' },
  doubleSaleBody: { id: 'sales.event.doubleSaleBody' },
  doubleSaleBodyUnknown: { id: 'sales.event.doubleSaleBodyUnknown' },
  outcomesLabel: { id: 'sales.event.outcomesLabel' },
  noOtherMarketplaces: { id: 'sales.event.noOtherMarketplaces' },
  dismiss: { id: 'sales.event.dismiss' },
  dismissLabel: { id: 'sales.event.dismissLabel' },
  dismissFailed: { id: 'sales.event.dismissFailed' },
  delistedIn: { id: 'sales.outcome.delistedIn' },
  delistFailedNoReason: { id: 'sales.outcome.delistFailedNoReason' },
  notEnabledDetail: { id: 'sales.outcome.notEnabledDetail' },
  openSettings: { id: 'sales.outcome.openSettings' },
  retry: { id: 'sales.outcome.retry' },
  retryLabel: { id: 'sales.outcome.retryLabel' },
  retryFailed: { id: 'sales.outcome.retryFailed' },
  dismissAll: { id: 'sales.dismissAll.button' },
  dismissAllFrom: { id: 'sales.dismissAll.from' },
  dismissAllTitle: { id: 'sales.dismissAll.title' },
  dismissAllBody: { id: 'sales.dismissAll.body' },
  dismissAllConfirm: { id: 'sales.dismissAll.confirm' },
  dismissAllDone: { id: 'sales.dismissAll.done' },
  dismissAllFailed: { id: 'sales.dismissAll.failed' },
});

/** The short label of each outcome on another marketplace. */
export const outcomeLabels: Record<SaleOutcome, MessageDescriptor> = defineMessages({
  delisted: { id: 'sales.outcome.delisted' },
  delist_queued: { id: 'sales.outcome.delisting' },
  delist_failed: { id: 'sales.outcome.delistFailed' },
  not_enabled: { id: 'sales.outcome.notEnabled' },
  not_listed: { id: 'sales.outcome.notListed' },
  quantity_left: { id: 'sales.outcome.quantityLeft' },
});

/** How ListLoop heard of the sale. */
export const sourceMessages: Record<SaleSource, MessageDescriptor> = defineMessages({
  webhook: { id: 'sales.source.webhook' },
  poll: { id: 'sales.source.poll' },
  executor: { id: 'sales.source.executor' },
  manual: { id: 'sales.source.manual' },
});
