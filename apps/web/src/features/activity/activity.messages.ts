import type { ActivityAction, ActivitySubjectType } from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';

export const activityMessages = defineMessages({
  title: { id: 'activity.title' },
  intro: { id: 'activity.intro' },
  loadFailed: { id: 'activity.loadFailed' },
  empty: { id: 'activity.empty' },
  emptyFiltered: { id: 'activity.emptyFiltered' },
  loadMore: { id: 'activity.loadMore' },
  filters: { id: 'activity.filters' },
  filterMember: { id: 'activity.filter.member' },
  filterSubject: { id: 'activity.filter.subject' },
  filterAction: { id: 'activity.filter.action' },
  filterFrom: { id: 'activity.filter.from' },
  filterTo: { id: 'activity.filter.to' },
  filterAll: { id: 'activity.filter.all' },
  clearFilters: { id: 'activity.filter.clear' },
  columnWhen: { id: 'activity.column.when' },
  columnWho: { id: 'activity.column.who' },
  columnWhat: { id: 'activity.column.what' },
});

/** The kinds of subject, for the filter. */
export const subjectTypeNames: Record<ActivitySubjectType, MessageDescriptor> = defineMessages({
  item: { id: 'activity.subject.type.item' },
  listing: { id: 'activity.subject.type.listing' },
  member: { id: 'activity.subject.type.member' },
  role: { id: 'activity.subject.type.role' },
  rule: { id: 'activity.subject.type.rule' },
  connection: { id: 'activity.subject.type.connection' },
  label: { id: 'activity.subject.type.label' },
  account: { id: 'activity.subject.type.account' },
  service_key: { id: 'activity.subject.type.service_key' },
});

/** Each action's name, for the filter. */
export const actionNames: Record<ActivityAction, MessageDescriptor> = defineMessages({
  'item.created': { id: 'activity.action.item.created' },
  'item.updated': { id: 'activity.action.item.updated' },
  'item.deleted': { id: 'activity.action.item.deleted' },
  'item.sold': { id: 'activity.action.item.sold' },
  'items.bulk_updated': { id: 'activity.action.items.bulk_updated' },
  'items.bulk_action_started': { id: 'activity.action.items.bulk_action_started' },
  'items.import_started': { id: 'activity.action.items.import_started' },
  'listing.published': { id: 'activity.action.listing.published' },
  'listing.delisted': { id: 'activity.action.listing.delisted' },
  'listing.relisted': { id: 'activity.action.listing.relisted' },
  'listing.update_sent': { id: 'activity.action.listing.update_sent' },
  'listing.marked_not_listed': { id: 'activity.action.listing.marked_not_listed' },
  'member.invited': { id: 'activity.action.member.invited' },
  'member.status_changed': { id: 'activity.action.member.status_changed' },
  'member.role_changed': { id: 'activity.action.member.role_changed' },
  'member.removed': { id: 'activity.action.member.removed' },
  'member.password_set': { id: 'activity.action.member.password_set' },
  'role.saved': { id: 'activity.action.role.saved' },
  'role.deleted': { id: 'activity.action.role.deleted' },
  'role.members_assigned': { id: 'activity.action.role.members_assigned' },
  'rule.saved': { id: 'activity.action.rule.saved' },
  'rule.deleted': { id: 'activity.action.rule.deleted' },
  'label.created': { id: 'activity.action.label.created' },
  'label.updated': { id: 'activity.action.label.updated' },
  'label.deleted': { id: 'activity.action.label.deleted' },
  'connection.connected': { id: 'activity.action.connection.connected' },
  'connection.updated': { id: 'activity.action.connection.updated' },
  'connection.removed': { id: 'activity.action.connection.removed' },
  'connection.credentials_saved': { id: 'activity.action.connection.credentials_saved' },
  'connection.credentials_removed': { id: 'activity.action.connection.credentials_removed' },
  'account.updated': { id: 'activity.action.account.updated' },
  'account.onboarding_finished': { id: 'activity.action.account.onboarding_finished' },
  'service_key.created': { id: 'activity.action.service_key.created' },
  'service_key.revoked': { id: 'activity.action.service_key.revoked' },
});
