// The items module's door for other modules: its services and their public types.
export { ItemService, NO_SUCH_ITEM } from './item.service';
export type { ItemRecord } from './item.repository';
