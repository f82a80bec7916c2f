import {
  MARKETPLACE_NAMES,
  REGIONAL_TEXT_SETS,
  type ListingHistoryEvent,
  type MarketplaceId,
  type PendingOperation,
  type RegionalTextSet,
} from '@listloop/domain';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { regionLabelId } from '../../i18n/dynamic-messages';
import { listingStatusMessages } from '../../lib/inventory/item.messages';
import { describeActor, shortId } from '../../lib/listings/listing-actor';
import type { ListingActionKind } from '../../lib/listings/listing-actions';
import { extraFieldMessages, formOverrideMessages } from '../../lib/listings/listing.messages';
import type { OperationProgress } from '../../lib/listings/operation-note';
import type { FieldLabel, OwnFieldLabel } from './listing-form';
import { listingMessages } from './listing.messages';

type RegionLabel = RegionalTextSet['labels'][keyof RegionalTextSet['labels']];

const REGION_LABELS = new Set<string>([
  ...Object.values(REGIONAL_TEXT_SETS).flatMap((set) => Object.values(set.labels)),
  'region.postalCode.zip',
  'region.postalCode.post',
]);

const OWN_LABELS: Record<OwnFieldLabel, MessageDescriptor> = {
  title: listingMessages.fieldTitle,
  category: listingMessages.fieldCategory,
  price: listingMessages.fieldPrice,
  originalPrice: listingMessages.fieldOriginalPrice,
  shippingSection: listingMessages.fieldShippingSection,
  shippingPrice: listingMessages.fieldShippingPrice,
  shippingService: listingMessages.fieldShippingService,
  shippingPolicy: listingMessages.fieldShippingPolicy,
  shippingProfileId: listingMessages.fieldShippingProfileId,
  processingProfileId: listingMessages.fieldProcessingProfileId,
  extraWhoMade: extraFieldMessages.who_made,
  extraWhenMade: extraFieldMessages.when_made,
  extraDepartment: extraFieldMessages.department,
  extraOther: listingMessages.fieldOther,
};

const isOverrideLabel = (id: string): id is keyof typeof formOverrideMessages =>
  Object.hasOwn(formOverrideMessages, id);

/** The words of a field's label in the marketplace's tab. */
export function fieldLabelText(
  intl: IntlShape,
  label: FieldLabel,
  marketplace: MarketplaceId,
): string {
  if ('own' in label) {
    return intl.formatMessage(OWN_LABELS[label.own], {
      marketplace: MARKETPLACE_NAMES[marketplace],
      name: label.name ?? '',
    });
  }
  if (isOverrideLabel(label.id)) return intl.formatMessage(formOverrideMessages[label.id]);
  if (REGION_LABELS.has(label.id)) {
    return intl.formatMessage({ id: regionLabelId(label.id as RegionLabel) });
  }
  return label.id;
}

export const ACTION_LABELS: Record<ListingActionKind, MessageDescriptor> = {
  list: listingMessages.actionList,
  retryList: listingMessages.actionRetryList,
  relist: listingMessages.actionRelist,
  delist: listingMessages.actionDelist,
  retryDelist: listingMessages.actionRetryDelist,
  markSold: listingMessages.actionMarkSold,
  markNotListed: listingMessages.actionMarkNotListed,
};

/** What the confirmation of a destructive action says. */
export const ACTION_CONFIRMATIONS: Partial<
  Record<ListingActionKind, { title: MessageDescriptor; body: MessageDescriptor }>
> = {
  relist: { title: listingMessages.confirmRelistTitle, body: listingMessages.confirmRelistBody },
  delist: { title: listingMessages.confirmDelistTitle, body: listingMessages.confirmDelistBody },
  retryDelist: {
    title: listingMessages.confirmDelistTitle,
    body: listingMessages.confirmDelistBody,
  },
  markSold: { title: listingMessages.confirmSoldTitle, body: listingMessages.confirmSoldBody },
  markNotListed: {
    title: listingMessages.confirmNotListedTitle,
    body: listingMessages.confirmNotListedBody,
  },
};

export function operationNoteText(
  intl: IntlShape,
  note: OperationProgress,
  marketplace: MarketplaceId,
): string {
  const name = MARKETPLACE_NAMES[marketplace];
  switch (note.kind) {
    case 'waitingForExtension':
      return intl.formatMessage(listingMessages.opWaitingForExtension);
    case 'extensionWorking':
      return intl.formatMessage(listingMessages.opExtensionWorking);
    case 'waitingForWorker':
      return intl.formatMessage(listingMessages.opWaitingForWorker, { marketplace: name });
    case 'working':
      return intl.formatMessage(listingMessages.opWorking, { marketplace: name });
    case 'retrying':
      return intl.formatMessage(listingMessages.opRetrying, {
        attempt: note.attempt,
        lastError: note.lastError,
      });
  }
}

/** The history's "who": you, ListLoop, the browser extension, a connection or a team member. */
export function actorText(intl: IntlShape, by: string, currentUserId: string): string {
  const actor = describeActor(by, currentUserId);
  switch (actor.kind) {
    case 'you':
      return intl.formatMessage(listingMessages.actorYou);
    case 'system':
      return intl.formatMessage(listingMessages.actorSystem);
    case 'executor':
      return intl.formatMessage(listingMessages.actorExecutor, { id: shortId(actor.id) });
    case 'connector':
      return intl.formatMessage(listingMessages.actorConnector, {
        marketplace: actor.marketplace ? MARKETPLACE_NAMES[actor.marketplace] : actor.name,
      });
    case 'member':
      return intl.formatMessage(listingMessages.actorMember, { id: shortId(actor.id) });
  }
}

const QUEUED_LABELS: Record<PendingOperation, MessageDescriptor> = {
  list: listingMessages.queuedToList,
  delist: listingMessages.queuedToDelist,
  relist: listingMessages.queuedToRelist,
};

const isStatus = (value: string): value is keyof typeof listingStatusMessages =>
  Object.hasOwn(listingStatusMessages, value);

const UPDATE_EVENT_LABELS: Record<string, MessageDescriptor> = {
  queue_update: listingMessages.historyUpdateQueued,
  updated: listingMessages.historyUpdated,
  update_failure: listingMessages.historyUpdateFailed,
};

/**
 * What a history row changed: "Listed → Queued to delist"; an update, which leaves the listing
 * listed, by what happened to it ("Update queued", "Updated", "Update refused").
 */
export function historyChangeText(
  intl: IntlShape,
  event: Pick<ListingHistoryEvent, 'event' | 'from' | 'to' | 'fromOperation' | 'toOperation'>,
): string {
  if (Object.hasOwn(UPDATE_EVENT_LABELS, event.event)) {
    return intl.formatMessage(UPDATE_EVENT_LABELS[event.event]!);
  }
  return intl.formatMessage(listingMessages.historyChangeText, {
    from: historyStatusText(intl, event.from, event.fromOperation),
    to: historyStatusText(intl, event.to, event.toOperation),
  });
}

/** A status as the history shows it: "Queued to delist" rather than "Queued" where it can. */
export function historyStatusText(
  intl: IntlShape,
  status: string,
  operation: string | null,
): string {
  if (status === 'queued' && operation && Object.hasOwn(QUEUED_LABELS, operation)) {
    return intl.formatMessage(QUEUED_LABELS[operation as PendingOperation]);
  }
  return isStatus(status) ? intl.formatMessage(listingStatusMessages[status]) : status;
}
