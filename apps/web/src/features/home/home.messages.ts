import { defineMessages } from '../../i18n/define-messages';

export const homeMessages = defineMessages({
  /** The browser tab's name for the screen. */
  documentTitle: { id: 'home.documentTitle' },
  greeting: { id: 'home.greeting' },
  summary: { id: 'home.summary' },
  loadFailed: { id: 'home.loadFailed' },
  untitled: { id: 'home.untitled' },
  nothingToShow: { id: 'home.nothingToShow' },

  salesTitle: { id: 'home.sales.title' },
  salesToday: { id: 'home.sales.today' },
  salesWeek: { id: 'home.sales.week' },
  salesCount: { id: 'home.sales.count' },
  salesUnpriced: { id: 'home.sales.unpriced' },
  salesOtherCurrencies: { id: 'home.sales.otherCurrencies' },
  salesOtherCurrency: { id: 'home.sales.otherCurrency' },
  salesLatest: { id: 'home.sales.latest' },
  salesLatestEmpty: { id: 'home.sales.latestEmpty' },
  salesNoPrice: { id: 'home.sales.noPrice' },
  salesOpen: { id: 'home.sales.open' },

  listingsTitle: { id: 'home.listings.title' },
  listingsTotal: { id: 'home.listings.total' },
  listingsEmpty: { id: 'home.listings.empty' },
  listingsOpen: { id: 'home.listings.open' },

  needsYouTitle: { id: 'home.needsYou.title' },
  caughtUp: { id: 'home.needsYou.caughtUp' },
  caughtUpBody: { id: 'home.needsYou.caughtUpBody' },

  failedTitle: { id: 'home.failed.title' },
  failedLists: { id: 'home.failed.lists' },
  failedDelists: { id: 'home.failed.delists' },
  failedEntry: { id: 'home.failed.entry' },
  failedStillLive: { id: 'home.failed.stillLive' },
  failedNoReason: { id: 'home.failed.noReason' },
  retry: { id: 'home.failed.retry' },
  retryLabel: { id: 'home.failed.retryLabel' },
  retried: { id: 'home.failed.retried' },
  retryFailed: { id: 'home.failed.retryFailed' },
  noPublish: { id: 'home.failed.noPublish' },
  noDelist: { id: 'home.failed.noDelist' },

  extensionTitle: { id: 'home.extension.title' },
  extensionWaiting: { id: 'home.extension.waiting' },
  extensionAbsence: { id: 'home.extension.absence' },
  extensionHeld: { id: 'home.extension.held' },
  extensionOpen: { id: 'home.extension.open' },

  doubleTitle: { id: 'home.double.title' },
  doubleCount: { id: 'home.double.count' },
  doubleEntry: { id: 'home.double.entry' },
  doubleFirst: { id: 'home.double.first' },

  incompleteTitle: { id: 'home.incomplete.title' },
  incompleteCount: { id: 'home.incomplete.count' },
  incompleteCountCapped: { id: 'home.incomplete.countCapped' },

  packTitle: { id: 'home.pack.title' },
  packCount: { id: 'home.pack.count' },

  activityTitle: { id: 'home.activity.title' },
  activityEmpty: { id: 'home.activity.empty' },
  activityOpen: { id: 'home.activity.open' },
});
