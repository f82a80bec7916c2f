import { MARKETPLACE_NAMES, type ActivityEntry, type MarketplaceId } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import {
  actionSentences,
  activityTextMessages as m,
  bulkActionNames,
  memberStatusNames,
  subjectFallback,
  variantSentences,
} from './activity-text.messages';

/** Where an entry leads: the item's page, or the screen of what changed. */
export type ActivityLink =
  | { to: '/app/inventory/$itemId'; params: { itemId: string } }
  | { to: '/app/rules'; search: { marketplace?: MarketplaceId } }
  | { to: '/app/labels' }
  | { to: '/app/marketplaces' }
  | { to: '/app/service-keys' };

/** Who did it: the member's name when it was recorded, or ListLoop itself. */
export function actorName(
  intl: IntlShape,
  entry: Pick<ActivityEntry, 'actorUserId' | 'actorName'>,
) {
  if (entry.actorName) return entry.actorName;
  return intl.formatMessage(entry.actorUserId ? m.formerMember : m.product);
}

function marketplaceName(intl: IntlShape, id: string): string {
  if (id === 'in_person') return intl.formatMessage(m.inPerson);
  return MARKETPLACE_NAMES[id as MarketplaceId] ?? id;
}

/** "eBay and Etsy", in the reader's language. */
export function marketplaceList(intl: IntlShape, ids: readonly string[] | undefined): string {
  if (!ids || ids.length === 0) return intl.formatMessage(m.someMarketplaces);
  return intl.formatList(
    ids.map((id) => marketplaceName(intl, id)),
    { type: 'conjunction' },
  );
}

/**
 * The subject as the sentence names it: its name when the entry kept one, quoted; a member's
 * name when another entry on screen knows it; else "an item", "a member"…
 */
export function subjectText(
  intl: IntlShape,
  entry: Pick<ActivityEntry, 'subjectType' | 'subjectId' | 'subjectLabel'>,
  knownNames: ReadonlyMap<string, string> = new Map(),
): string {
  const known =
    entry.subjectLabel ??
    (entry.subjectType === 'member' && entry.subjectId ? knownNames.get(entry.subjectId) : null);
  if (known) return intl.formatMessage(m.quoted, { text: known });
  return intl.formatMessage(subjectFallback[entry.subjectType]);
}

/** The sentence of an entry, with no raw code: "Maria delisted “Levi's 501” from eBay and Etsy". */
export function activitySentence(
  intl: IntlShape,
  entry: ActivityEntry,
  knownNames: ReadonlyMap<string, string> = new Map(),
): string {
  const { details } = entry;
  const values = {
    actor: actorName(intl, entry),
    subject: subjectText(intl, entry, knownNames),
    marketplaces: marketplaceList(intl, details.marketplaces),
    count: details.count ?? 0,
    to: details.to ?? '',
    kind: details.ruleKind ?? 'other',
    settings: details.settings ?? 'other',
    action: '',
  };
  switch (entry.action) {
    case 'item.updated':
      if ((details.count ?? 0) > 1)
        return intl.formatMessage(variantSentences.itemUpdatedBulk, values);
      if (details.marketplaces?.length)
        return intl.formatMessage(variantSentences.itemUpdatedListings, values);
      break;
    case 'item.sold':
      // "on in person" reads wrong: a sale the seller made face to face has its own sentence.
      if (details.marketplaces?.length === 1 && details.marketplaces[0] === 'in_person')
        return intl.formatMessage(variantSentences.itemSoldInPerson, values);
      break;
    case 'items.import_started':
      if (details.marketplaces?.length)
        return intl.formatMessage(variantSentences.importFromMarketplace, values);
      break;
    case 'items.bulk_action_started': {
      const name = bulkActionNames[details.bulkAction as keyof typeof bulkActionNames];
      values.action = name ? intl.formatMessage(name) : intl.formatMessage(subjectFallback.item);
      break;
    }
    case 'member.status_changed': {
      const status = memberStatusNames[details.to as keyof typeof memberStatusNames];
      values.to = status ? intl.formatMessage(status) : values.to;
      break;
    }
    default:
      break;
  }
  return intl.formatMessage(actionSentences[entry.action], values);
}

/** Where the entry leads, when what it is about can still be opened. */
export function activityLink(entry: ActivityEntry): ActivityLink | null {
  switch (entry.subjectType) {
    case 'item':
    case 'listing':
      if (!entry.subjectId || entry.action === 'item.deleted') return null;
      return { to: '/app/inventory/$itemId', params: { itemId: entry.subjectId } };
    case 'rule': {
      const marketplace = entry.details.marketplaces?.[0] as MarketplaceId | undefined;
      return {
        to: '/app/rules',
        search: marketplace && marketplace in MARKETPLACE_NAMES ? { marketplace } : {},
      };
    }
    case 'label':
      return entry.action === 'label.deleted' ? null : { to: '/app/labels' };
    case 'connection':
      return { to: '/app/marketplaces' };
    case 'service_key':
      return { to: '/app/service-keys' };
    default:
      return null;
  }
}

/** The names of the members the entries on screen know, by user id (actors name themselves). */
export function knownMemberNames(entries: readonly ActivityEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of entries) {
    if (entry.actorUserId && entry.actorName) names.set(entry.actorUserId, entry.actorName);
  }
  return names;
}

/** The members who did something in the entries loaded, for the member filter. */
export function actorsOf(entries: readonly ActivityEntry[]): { value: string; label: string }[] {
  return [...knownMemberNames(entries)]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
