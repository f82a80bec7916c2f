// The sale-detection module's door for other modules: its services and their public types.
export type { SaleEventRow } from './sale-detection.repository';
export { SaleWorkflow, type SaleJobs } from './sale-workflow';
export { SaleEventsService, type OpenSale } from './sale-events.service';
export { MarkSoldService } from './mark-sold.service';
export { SalePollService, POLLED_MARKETPLACES } from './sale-poll.service';
export type {
  QuantityPush,
  SaleDetectionSettingsOf,
  SaleItemRef,
  SaleRecorded,
  SaleReport,
  VerifiedSale,
} from './sale-report';
