// The item-import module's door for other modules: the id a derived item is given, so an item
// made again from the same source (a file row, a marketplace listing, a bulk copy) is found.
export { derivedItemId } from './item-import.formats';
