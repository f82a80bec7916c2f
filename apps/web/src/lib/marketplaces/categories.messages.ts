import { defineMessages } from '../../i18n/define-messages';

/** The marketplace category picker (the listing tabs and the mapping rule editor). */
export const categoryMessages = defineMessages({
  placeholder: { id: 'marketplaceCategory.placeholder' },
  searching: { id: 'marketplaceCategory.searching' },
  none: { id: 'marketplaceCategory.none' },
  hasSubcategories: { id: 'marketplaceCategory.hasSubcategories' },
  unknown: { id: 'marketplaceCategory.unknown' },
  notAnId: { id: 'marketplaceCategory.notAnId' },
  connectFirst: { id: 'marketplaceCategory.connectFirst' },
  unreachable: { id: 'marketplaceCategory.unreachable' },
  clear: { id: 'marketplaceCategory.clear' },
});
