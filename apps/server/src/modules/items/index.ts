// The items module's door: the inventory (items, their listings' fields, labels as carried,
// bulk edits and the CSV export) and the shapes other modules read and write items in.
export {
  ItemService,
  NO_SUCH_ITEM,
  VARIANTS_DISABLED,
  type ItemCreateInput,
  type FillableDetail,
  type ItemDraft,
  type ItemFilterInput,
  type ItemListInput,
  type PhotoDraft,
} from './item.service';
export { ItemBulkService } from './item-bulk.service';
export { ItemExportService } from './item-export.service';
export { ItemLabelService } from './item-labels.service';
export type { ItemFilter, ItemKeys, ItemRecord, ItemUpdate, ItemWrite } from './item.repository';
export { completenessOf, toItem, withDetailDefaults } from './item.mapper';
export { mergeListing, stampListing } from './item.fields';
export { unguardFormula } from './item.csv';
