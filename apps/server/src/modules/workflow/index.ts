// The workflow module's door: the account's crosslisting workflow and its eBay import schedule.
export {
  WorkflowService,
  nextEbayImportAt,
  type EbayConnections,
  type ScheduledImports,
} from './workflow.service';
