// The picking list's door: what waits to be packed, packing it, printing it, and the count of
// orders to pack that the home page shows (decision 0047).
export { PickingListService, type PickingListDependencies } from './picking-list.service';
export { PickingListSettingsService } from './picking-list-settings.service';
export { PickingListPrintService } from './picking-list-print.service';
export { renderPickingListPdf, type PickingPdfInput } from './picking-list.pdf';
