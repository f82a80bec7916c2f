import type { ItemCondition, ItemStatus, ListingStatus } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

/** Names of the item's fields, shared by the form, the list and the completeness messages. */
export const itemFieldMessages = defineMessages({
  photos: { id: 'item.field.photos' },
  title: { id: 'item.field.title' },
  description: { id: 'item.field.description' },
  brand: { id: 'item.field.brand' },
  condition: { id: 'item.field.condition' },
  price: { id: 'item.field.price' },
  category: { id: 'item.field.category' },
  weight: { id: 'item.field.weight' },
  sku: { id: 'item.field.sku' },
  quantity: { id: 'item.field.quantity' },
  costOfGoods: { id: 'item.field.costOfGoods' },
  size: { id: 'item.field.size' },
  notes: { id: 'item.field.notes' },
  location: { id: 'item.field.location' },
  labels: { id: 'item.field.labels' },
  dateCreated: { id: 'item.field.dateCreated' },
  completeness: { id: 'item.field.completeness' },
  marketplaces: { id: 'item.field.marketplaces' },
});

export const conditionMessages = defineMessages({
  new_with_tags: { id: 'item.condition.new_with_tags' },
  new_without_tags: { id: 'item.condition.new_without_tags' },
  like_new: { id: 'item.condition.like_new' },
  good: { id: 'item.condition.good' },
  fair: { id: 'item.condition.fair' },
  poor: { id: 'item.condition.poor' },
}) satisfies Record<ItemCondition, MessageDescriptor>;

export const itemStatusMessages = defineMessages({
  complete: { id: 'item.status.complete' },
  inProgress: { id: 'item.status.inProgress' },
}) satisfies Record<ItemStatus, MessageDescriptor>;

export const listingStatusMessages = defineMessages({
  not_listed: { id: 'listing.status.not_listed' },
  queued: { id: 'listing.status.queued' },
  listed: { id: 'listing.status.listed' },
  list_failure: { id: 'listing.status.list_failure' },
  delisted: { id: 'listing.status.delisted' },
  delist_failure: { id: 'listing.status.delist_failure' },
  sold: { id: 'listing.status.sold' },
}) satisfies Record<ListingStatus, MessageDescriptor>;

/** Spec §5 completeness messages, by the domain's issue codes. */
export const completenessMessages = defineMessages({
  missingImages: { id: 'item.completeness.missingImages' },
  missingField: { id: 'item.completeness.missingField' },
  missingCategory: { id: 'item.completeness.missingCategory' },
  invalidWeight: { id: 'item.completeness.invalidWeight' },
  tooManyLabels: { id: 'item.completeness.tooManyLabels' },
  complete: { id: 'item.completeness.complete' },
});

export const labelRuleMessages = defineMessages({
  required: { id: 'label.rule.required' },
  tooLong: { id: 'label.rule.tooLong' },
  perItemLimit: { id: 'label.rule.perItemLimit' },
  perUserLimit: { id: 'label.rule.perUserLimit' },
  duplicate: { id: 'label.rule.duplicate' },
});
