import type { AgeBand, AnalyticsBucket } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';
import type { PeriodPreset, PeriodProblem } from './analytics-search';

export const analyticsMessages = defineMessages({
  title: { id: 'analytics.title' },
  intro: { id: 'analytics.intro' },
  noAccess: { id: 'analytics.noAccess' },
  filters: { id: 'analytics.filters' },
  period: { id: 'analytics.period' },
  periodRange: { id: 'analytics.periodRange' },
  customFrom: { id: 'analytics.custom.from' },
  customTo: { id: 'analytics.custom.to' },
  customShow: { id: 'analytics.custom.show' },
  marketplace: { id: 'analytics.marketplace' },
  allMarketplaces: { id: 'analytics.marketplace.all' },
  inPerson: { id: 'analytics.marketplace.inPerson' },
  updating: { id: 'analytics.updating' },
  loadFailed: { id: 'analytics.loadFailed' },
  empty: { id: 'analytics.empty' },
  emptyBody: { id: 'analytics.emptyBody' },
  emptyMarketplace: { id: 'analytics.emptyMarketplace' },

  cardSales: { id: 'analytics.card.sales' },
  cardSalesDetail: { id: 'analytics.card.sales.detail' },
  cardRevenue: { id: 'analytics.card.revenue' },
  cardRevenueDetail: { id: 'analytics.card.revenue.detail' },
  cardFees: { id: 'analytics.card.fees' },
  cardFeesDetail: { id: 'analytics.card.fees.detail' },
  cardFeesKnown: { id: 'analytics.card.fees.known' },
  cardCost: { id: 'analytics.card.cost' },
  cardCostDetail: { id: 'analytics.card.cost.detail' },
  cardCostKnown: { id: 'analytics.card.cost.known' },
  cardProfit: { id: 'analytics.card.profit' },
  cardProfitDetail: { id: 'analytics.card.profit.detail' },
  cardMargin: { id: 'analytics.card.margin' },
  cardMarginDetail: { id: 'analytics.card.margin.detail' },
  cardDays: { id: 'analytics.card.days' },
  cardDaysValue: { id: 'analytics.card.days.value' },
  cardDaysDetail: { id: 'analytics.card.days.detail' },
  cardSellThrough: { id: 'analytics.card.sellThrough' },
  cardSellThroughDetail: { id: 'analytics.card.sellThrough.detail' },
  notKnown: { id: 'analytics.notKnown' },

  coverageTitle: { id: 'analytics.coverage.title' },
  coverageProfit: { id: 'analytics.coverage.profit' },
  coverageNoPrice: { id: 'analytics.coverage.noPrice' },
  coverageUnknownFee: { id: 'analytics.coverage.unknownFee' },
  coverageUnknownCost: { id: 'analytics.coverage.unknownCost' },
  coverageEstimated: { id: 'analytics.coverage.estimated' },
  coverageOtherCurrencies: { id: 'analytics.coverage.otherCurrencies' },
  coverageOtherCurrency: { id: 'analytics.coverage.otherCurrency' },
  coverageDoubleSales: { id: 'analytics.coverage.doubleSales' },

  overTimeTitle: { id: 'analytics.overTime.title' },
  overTimeDescription: { id: 'analytics.overTime.description' },
  overTimeSummary: { id: 'analytics.overTime.summary' },
  groupBy: { id: 'analytics.groupBy' },
  showTable: { id: 'analytics.table.show' },
  hideTable: { id: 'analytics.table.hide' },
  downloadCsv: { id: 'analytics.csv.download' },
  downloadOverTime: { id: 'analytics.csv.overTime' },
  downloadMarketplaces: { id: 'analytics.csv.marketplaces' },
  downloadAging: { id: 'analytics.csv.aging' },

  byMarketplaceTitle: { id: 'analytics.byMarketplace.title' },
  byMarketplaceDescription: { id: 'analytics.byMarketplace.description' },
  byMarketplaceSummary: { id: 'analytics.byMarketplace.summary' },
  total: { id: 'analytics.total' },

  columnPeriod: { id: 'analytics.column.period' },
  columnMarketplace: { id: 'analytics.column.marketplace' },
  columnSales: { id: 'analytics.column.sales' },
  columnRevenue: { id: 'analytics.column.revenue' },
  columnFees: { id: 'analytics.column.fees' },
  columnCost: { id: 'analytics.column.cost' },
  columnProfit: { id: 'analytics.column.profit' },
  columnMargin: { id: 'analytics.column.margin' },
  columnDays: { id: 'analytics.column.days' },
  columnSellThrough: { id: 'analytics.column.sellThrough' },
  columnLeftOut: { id: 'analytics.column.leftOut' },
  columnAge: { id: 'analytics.column.age' },
  columnItems: { id: 'analytics.column.items' },
  columnUnits: { id: 'analytics.column.units' },
  columnValueAtPrice: { id: 'analytics.column.valueAtPrice' },
  columnValueAtCost: { id: 'analytics.column.valueAtCost' },

  agingTitle: { id: 'analytics.aging.title' },
  agingDescription: { id: 'analytics.aging.description' },
  agingDescriptionMarketplace: { id: 'analytics.aging.descriptionMarketplace' },
  agingSummary: { id: 'analytics.aging.summary' },
  agingEmpty: { id: 'analytics.aging.empty' },
  agingWithout: { id: 'analytics.aging.without' },
  agingLoadFailed: { id: 'analytics.aging.loadFailed' },
  agingAllBands: { id: 'analytics.aging.allBands' },

  weekOf: { id: 'analytics.bucket.weekOf' },
});

/** "Best week: …": the point of the figures over time with the most revenue. */
export const bestBucket: Record<AnalyticsBucket, MessageDescriptor> = defineMessages({
  day: { id: 'analytics.overTime.best.day' },
  week: { id: 'analytics.overTime.best.week' },
  month: { id: 'analytics.overTime.best.month' },
});

export const presetNames: Record<PeriodPreset, MessageDescriptor> = defineMessages({
  thisMonth: { id: 'analytics.preset.thisMonth' },
  lastMonth: { id: 'analytics.preset.lastMonth' },
  last30: { id: 'analytics.preset.last30' },
  last90: { id: 'analytics.preset.last90' },
  thisYear: { id: 'analytics.preset.thisYear' },
  custom: { id: 'analytics.preset.custom' },
});

export const bucketNames: Record<AnalyticsBucket, MessageDescriptor> = defineMessages({
  day: { id: 'analytics.bucket.day' },
  week: { id: 'analytics.bucket.week' },
  month: { id: 'analytics.bucket.month' },
});

export const periodProblems: Record<PeriodProblem, MessageDescriptor> = defineMessages({
  missing: { id: 'analytics.custom.missing' },
  backwards: { id: 'analytics.custom.backwards' },
  tooLong: { id: 'analytics.custom.tooLong' },
});

export const bandNames: Record<AgeBand, MessageDescriptor> = defineMessages({
  '0-30': { id: 'analytics.band.0-30' },
  '31-90': { id: 'analytics.band.31-90' },
  '91-180': { id: 'analytics.band.91-180' },
  '181-365': { id: 'analytics.band.181-365' },
  'over-365': { id: 'analytics.band.over-365' },
});

/** The charts' series names. */
export const seriesNames = defineMessages({
  revenue: { id: 'analytics.series.revenue' },
  fees: { id: 'analytics.series.fees' },
  profit: { id: 'analytics.series.profit' },
  valueAtPrice: { id: 'analytics.series.valueAtPrice' },
  valueAtCost: { id: 'analytics.series.valueAtCost' },
});
