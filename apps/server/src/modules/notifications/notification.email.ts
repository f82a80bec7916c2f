import { escapeUTF8 } from 'entities';
import {
  MARKETPLACE_NAMES,
  isInPerson,
  type Locale,
  type NotificationContent,
  type SaleChannel,
} from '@listloop/domain';
import { translator, type MessageId, type MessageValues } from '../../i18n/messages';

/** The kinds that go out by e-mail: sales, and the problems a seller must act on. */
export const EMAILED_KINDS = ['sale', 'double_sale', 'delist_failed'] as const;
export type EmailedKind = (typeof EMAILED_KINDS)[number];
export type EmailedContent = Extract<NotificationContent, { kind: EmailedKind }>;

export function isEmailed(content: NotificationContent): content is EmailedContent {
  return (EMAILED_KINDS as readonly string[]).includes(content.kind);
}

/** Which e-mail switch governs a kind. */
export function emailSwitchOf(kind: EmailedKind): 'emailSales' | 'emailProblems' {
  return kind === 'sale' ? 'emailSales' : 'emailProblems';
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** BCP 47, for Content-Language. */
  language: string;
}

/**
 * Each kind's subject and paragraphs: message ids of the server's catalogues
 * (apps/server/src/i18n/catalogues), worded per locale there.
 */
const MESSAGES: Record<EmailedKind, { subject: MessageId; body: MessageId[] }> = {
  sale: { subject: 'email.sale.subject', body: ['email.sale.sold', 'email.sale.whatNext'] },
  double_sale: {
    subject: 'email.doubleSale.subject',
    body: ['email.doubleSale.sold', 'email.doubleSale.whatNext'],
  },
  delist_failed: {
    subject: 'email.delistFailed.subject',
    body: [
      'email.delistFailed.notTakenDown',
      'email.delistFailed.reason',
      'email.delistFailed.whatNext',
    ],
  },
};

/** Why the e-mail came, and where to switch it off. */
const FOOTER: Record<'emailSales' | 'emailProblems', MessageId> = {
  emailSales: 'email.footer.emailSales',
  emailProblems: 'email.footer.emailProblems',
};

export function formatPrice(
  price: number | null,
  currency: string | null,
  locale: string,
): string | null {
  if (price === null) return null;
  if (!currency) return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(price);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    // A code Intl does not know: the amount and the code, as the marketplace gave them.
    return `${price.toFixed(2)} ${currency}`;
  }
}

/** A sale channel as the messages take it: `where` selects in person, else the name. */
export function channelValues(channel: SaleChannel): { where: string; marketplace: string } {
  return isInPerson(channel)
    ? { where: 'inPerson', marketplace: '' }
    : { where: 'marketplace', marketplace: MARKETPLACE_NAMES[channel] };
}

/** Where an item had sold before a double sale: `soldBefore` is yes, inPerson or no. */
export function soldBeforeValues(soldOn: SaleChannel | null): {
  soldBefore: string;
  soldOn: string;
} {
  if (soldOn === null) return { soldBefore: 'no', soldOn: '' };
  if (isInPerson(soldOn)) return { soldBefore: 'inPerson', soldOn: '' };
  return { soldBefore: 'yes', soldOn: MARKETPLACE_NAMES[soldOn] };
}

/**
 * The arguments of the e-mail messages, formatted for the locale. An optional part (the price,
 * where it had sold before) comes with a select saying whether it is there.
 */
function valuesOf(content: EmailedContent, locale: Locale): MessageValues {
  const { params } = content;
  const price =
    content.kind === 'delist_failed'
      ? null
      : formatPrice(content.params.price, content.params.currency, locale);
  return {
    // One line, so the subject is one line whatever the title holds.
    title: (params.itemTitle || '—').replace(/\s+/g, ' '),
    ...(content.kind === 'delist_failed'
      ? { where: 'marketplace', marketplace: MARKETPLACE_NAMES[content.params.marketplace] }
      : channelValues(content.params.marketplace)),
    quantity: content.kind === 'sale' ? content.params.quantity : 1,
    priced: price === null ? 'no' : 'yes',
    price: price ?? '',
    ...soldBeforeValues(content.kind === 'double_sale' ? content.params.soldOn : null),
    reason: content.kind === 'delist_failed' ? content.params.reason : '',
  };
}

/**
 * The e-mail of a notification in the seller's language (from their country: en-US, en-GB,
 * es, it), with a link to the item. Subjects are one line: a title with line breaks in it is
 * folded onto one.
 */
export function renderEmail(
  content: EmailedContent,
  options: { locale: Locale; itemUrl: string },
): RenderedEmail {
  const t = translator(options.locale);
  const args = valuesOf(content, options.locale);
  const { subject, body } = MESSAGES[content.kind];
  const paragraphs = body.map((id) => t(id, args));
  const openItem = t('notification.openItem');
  const footer = t(FOOTER[emailSwitchOf(content.kind)]);
  const text = [...paragraphs, `${openItem}: ${options.itemUrl}`, `—\n${footer}`].join('\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="${options.locale}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">`,
    ...paragraphs.map((p) => `<p>${escapeUTF8(p)}</p>`),
    `<p><a href="${escapeUTF8(options.itemUrl)}">${escapeUTF8(openItem)}</a></p>`,
    `<p style="color: #868e96; font-size: 12px">${escapeUTF8(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t(subject, args), text, html, language: options.locale };
}
