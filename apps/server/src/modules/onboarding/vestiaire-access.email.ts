import { escapeUTF8 } from 'entities';
import { DEFAULT_LOCALE, type Locale } from '@listloop/domain';
import { translator } from '../../i18n/messages';
import type { MailMessage } from '../../platform/mailer/mailer';

function page(locale: Locale, paragraphs: string[]) {
  return [
    '<!doctype html>',
    `<html lang="${locale}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">`,
    ...paragraphs.map((p) => `<p>${escapeUTF8(p)}</p>`),
    '</body></html>',
  ].join('\n');
}

export interface VestiaireAccessRequest {
  /** Where access requests go (VESTIAIRE_ACCESS_EMAIL). */
  to: string;
  company: string;
  accountId: string;
  /** The address the seller wants the access sent to. */
  email: string;
  contact: { name: string; email: string; role: string };
  requestedBy: string;
}

/** The request itself, to the people who ask Vestiaire Collective for API access (in English). */
export function vestiaireAccessRequestEmail(input: VestiaireAccessRequest): MailMessage {
  const t = translator(DEFAULT_LOCALE);
  const none = t('email.vestiaireAccess.none');
  const values = {
    company: input.company,
    accountId: input.accountId,
    email: input.email,
    name: input.contact.name || none,
    role: input.contact.role || none,
    contactEmail: input.contact.email || none,
    requestedBy: input.requestedBy,
  };
  const paragraphs = [
    t('email.vestiaireAccess.asks', values),
    t('email.vestiaireAccess.sendTo', values),
    t('email.vestiaireAccess.contact', values),
    t('email.vestiaireAccess.requestedBy', values),
  ];
  return {
    to: input.to,
    subject: t('email.vestiaireAccess.subject', values),
    text: paragraphs.join('\n\n'),
    html: page(DEFAULT_LOCALE, paragraphs),
    language: DEFAULT_LOCALE,
  };
}

/** What the seller receives: their request went out, and where the answer will come. */
export function vestiaireAccessConfirmationEmail(input: {
  locale: Locale;
  to: string;
  company: string;
}): MailMessage {
  const t = translator(input.locale);
  const values = { company: input.company, email: input.to };
  const paragraphs = [
    t('email.vestiaireConfirm.sent', values),
    t('email.vestiaireConfirm.answer', values),
  ];
  return {
    to: input.to,
    subject: t('email.vestiaireConfirm.subject', values),
    text: paragraphs.join('\n\n'),
    html: page(input.locale, paragraphs),
    language: input.locale,
  };
}
