import { escapeUTF8 } from 'entities';
import type { Locale } from '@listloop/domain';
import { translator } from '../../i18n/messages';
import type { MailMessage } from '../../platform/mailer/mailer';

interface Invitation {
  locale: Locale;
  to: string;
  inviter: string;
  company: string;
}

function page(locale: Locale, paragraphs: string[], link?: { url: string; label: string }) {
  return [
    '<!doctype html>',
    `<html lang="${locale}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">`,
    ...paragraphs.map((p) => `<p>${escapeUTF8(p)}</p>`),
    ...(link ? [`<p><a href="${escapeUTF8(link.url)}">${escapeUTF8(link.label)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
}

/**
 * The e-mail that carries a new member's temporary password: the only place it is ever shown,
 * so nobody who can call the API (the inviter included) can sign in as the member.
 */
export function invitationEmail(
  input: Invitation & { temporaryPassword: string; joinUrl: string },
): MailMessage {
  const t = translator(input.locale);
  const values = {
    inviter: input.inviter,
    company: input.company,
    email: input.to,
    password: input.temporaryPassword,
  };
  const paragraphs = [
    t('email.invitation.invited', values),
    t('email.invitation.credentials', values),
    t('email.invitation.expires', values),
  ];
  const join = t('email.invitation.join');
  const notYou = t('email.invitation.notYou');
  return {
    to: input.to,
    subject: t('email.invitation.subject', values),
    text: [...paragraphs, `${join}: ${input.joinUrl}`, `—\n${notYou}`].join('\n\n'),
    html: page(input.locale, [...paragraphs, notYou], { url: input.joinUrl, label: join }),
    language: input.locale,
  };
}

/**
 * What an address that already has a ListLoop sign-in receives instead: the inviter's answer
 * is the same either way, so it cannot tell which addresses have a sign-in somewhere.
 */
export function alreadyHasSignInEmail(input: Invitation): MailMessage {
  const t = translator(input.locale);
  const values = { inviter: input.inviter, company: input.company, email: input.to };
  const body = t('email.alreadyMember.body', values);
  return {
    to: input.to,
    subject: t('email.alreadyMember.subject', values),
    text: body,
    html: page(input.locale, [body]),
    language: input.locale,
  };
}
