// The reports module's door: item reports (a durable job writes CSV or XLSX files), each user's
// report defaults, and the inventory's totals of items created by date.
export { ReportService, type ReportJobPayload } from './report.service';
export { ItemTotalsService } from './items-created.service';
