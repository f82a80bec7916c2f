import type { ActivityAction, ActivitySubjectType } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

/**
 * The words of an activity entry's sentence (lib/activity/activity-text.ts): shared by the
 * Activity screen and the home dashboard's recent activity.
 */
export const activityTextMessages = defineMessages({
  product: { id: 'activity.actor.product' },
  formerMember: { id: 'activity.actor.formerMember' },
  quoted: { id: 'activity.quoted' },
  inPerson: { id: 'activity.marketplace.inPerson' },
  someMarketplaces: { id: 'activity.marketplace.some' },
  open: { id: 'activity.open' },
});

/** "an item", "a member"…: the subject when the entry kept no name for it. */
export const subjectFallback: Record<ActivitySubjectType, MessageDescriptor> = defineMessages({
  item: { id: 'activity.subject.fallback.item' },
  listing: { id: 'activity.subject.fallback.listing' },
  member: { id: 'activity.subject.fallback.member' },
  role: { id: 'activity.subject.fallback.role' },
  rule: { id: 'activity.subject.fallback.rule' },
  connection: { id: 'activity.subject.fallback.connection' },
  label: { id: 'activity.subject.fallback.label' },
  account: { id: 'activity.subject.fallback.account' },
  service_key: { id: 'activity.subject.fallback.service_key' },
});

/**
 * The sentence of each action: {actor} did it to {subject}, with {marketplaces}, {count}, {to}
 * and the selects {kind} (a rule's kind) and {settings} where the action has them.
 */
export const actionSentences: Record<ActivityAction, MessageDescriptor> = defineMessages({
  'item.created': { id: 'activity.sentence.item.created' },
  'item.updated': { id: 'activity.sentence.item.updated' },
  'item.deleted': { id: 'activity.sentence.item.deleted' },
  'item.sold': { id: 'activity.sentence.item.sold' },
  'items.bulk_updated': { id: 'activity.sentence.items.bulk_updated' },
  'items.bulk_action_started': { id: 'activity.sentence.items.bulk_action_started' },
  'items.import_started': { id: 'activity.sentence.items.import_started' },
  'listing.published': { id: 'activity.sentence.listing.published' },
  'listing.delisted': { id: 'activity.sentence.listing.delisted' },
  'listing.relisted': { id: 'activity.sentence.listing.relisted' },
  'listing.update_sent': { id: 'activity.sentence.listing.update_sent' },
  'listing.marked_not_listed': { id: 'activity.sentence.listing.marked_not_listed' },
  'member.invited': { id: 'activity.sentence.member.invited' },
  'member.status_changed': { id: 'activity.sentence.member.status_changed' },
  'member.role_changed': { id: 'activity.sentence.member.role_changed' },
  'member.removed': { id: 'activity.sentence.member.removed' },
  'member.password_set': { id: 'activity.sentence.member.password_set' },
  'role.saved': { id: 'activity.sentence.role.saved' },
  'role.deleted': { id: 'activity.sentence.role.deleted' },
  'role.members_assigned': { id: 'activity.sentence.role.members_assigned' },
  'rule.saved': { id: 'activity.sentence.rule.saved' },
  'rule.deleted': { id: 'activity.sentence.rule.deleted' },
  'label.created': { id: 'activity.sentence.label.created' },
  'label.updated': { id: 'activity.sentence.label.updated' },
  'label.deleted': { id: 'activity.sentence.label.deleted' },
  'connection.connected': { id: 'activity.sentence.connection.connected' },
  'connection.updated': { id: 'activity.sentence.connection.updated' },
  'connection.removed': { id: 'activity.sentence.connection.removed' },
  'connection.credentials_saved': { id: 'activity.sentence.connection.credentials_saved' },
  'connection.credentials_removed': { id: 'activity.sentence.connection.credentials_removed' },
  'account.updated': { id: 'activity.sentence.account.updated' },
  'account.onboarding_finished': { id: 'activity.sentence.account.onboarding_finished' },
  'service_key.created': { id: 'activity.sentence.service_key.created' },
  'service_key.revoked': { id: 'activity.sentence.service_key.revoked' },
});

/** Variants of a sentence: a listing save names its marketplaces, a bulk edit its size. */
export const variantSentences = defineMessages({
  itemUpdatedListings: { id: 'activity.sentence.item.updatedListings' },
  itemSoldInPerson: { id: 'activity.sentence.item.soldInPerson' },
  itemUpdatedBulk: { id: 'activity.sentence.item.updatedBulk' },
  importFromMarketplace: { id: 'activity.sentence.items.importFromMarketplace' },
});

/** Bulk action names as the log words them. */
export const bulkActionNames = defineMessages({
  bulkDelistRelist: { id: 'activity.bulkAction.bulkDelistRelist' },
  bulkDelete: { id: 'activity.bulkAction.bulkDelete' },
  bulkMarkAsNotListed: { id: 'activity.bulkAction.bulkMarkAsNotListed' },
  bulkList: { id: 'activity.bulkAction.bulkList' },
  bulkEditLabels: { id: 'activity.bulkAction.bulkEditLabels' },
  bulkCopyItems: { id: 'activity.bulkAction.bulkCopyItems' },
  bulkDelist: { id: 'activity.bulkAction.bulkDelist' },
  bulkEdit: { id: 'activity.bulkAction.bulkEdit' },
});

/** A member's status, as the sentence says it. */
export const memberStatusNames = defineMessages({
  active: { id: 'activity.memberStatus.active' },
  pending: { id: 'activity.memberStatus.pending' },
  inactive: { id: 'activity.memberStatus.inactive' },
});
