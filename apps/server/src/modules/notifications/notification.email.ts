import { escapeUTF8 } from 'entities';
import {
  MARKETPLACE_NAMES,
  type Locale,
  type MarketplaceId,
  type NotificationContent,
} from '@listloop/domain';

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

/** The values a message is worded with, already formatted for the locale. */
interface Values {
  title: string;
  marketplace: string;
  soldOn: string | null;
  price: string | null;
  quantity: number;
  reason: string;
}

interface Wording {
  sale: { subject: (v: Values) => string; body: (v: Values) => string[] };
  double_sale: { subject: (v: Values) => string; body: (v: Values) => string[] };
  delist_failed: { subject: (v: Values) => string; body: (v: Values) => string[] };
  openItem: string;
  /** Why the e-mail came, and where to switch it off. */
  footer: Record<'emailSales' | 'emailProblems', string>;
}

const ENGLISH: Wording = {
  sale: {
    subject: (v) => `Sold on ${v.marketplace}: ${v.title}`,
    body: (v) => [
      `${v.quantity > 1 ? `${v.quantity} × ` : ''}“${v.title}” sold on ${v.marketplace}` +
        (v.price ? ` for ${v.price}.` : '.'),
      'ListLoop takes it down from your other marketplaces as your sale-detection settings say; the item shows where it is still listed.',
    ],
  },
  double_sale: {
    subject: (v) => `Sold twice: ${v.title}`,
    body: (v) => [
      `“${v.title}” sold on ${v.marketplace}` +
        (v.price ? ` for ${v.price}` : '') +
        (v.soldOn ? ` after it had already sold on ${v.soldOn}.` : ' after it had already sold.'),
      'You have two orders for one item: cancel one of them on its marketplace and tell that buyer, before either ships.',
    ],
  },
  delist_failed: {
    subject: (v) => `Still listed on ${v.marketplace}: ${v.title}`,
    body: (v) => [
      `ListLoop could not take “${v.title}” down from ${v.marketplace} after it sold.`,
      `${v.marketplace} said: ${v.reason}`,
      `Take it down on ${v.marketplace} yourself, or retry from the item, before someone buys it again.`,
    ],
  },
  openItem: 'Open the item in ListLoop',
  footer: {
    emailSales:
      'You get this e-mail because sale e-mails are on. Switch them off in ListLoop under the bell, Notification settings.',
    emailProblems:
      'You get this e-mail because e-mails about problems are on. Switch them off in ListLoop under the bell, Notification settings.',
  },
};

const SPANISH: Wording = {
  sale: {
    subject: (v) => `Vendido en ${v.marketplace}: ${v.title}`,
    body: (v) => [
      `${v.quantity > 1 ? `${v.quantity} × ` : ''}«${v.title}» se ha vendido en ${v.marketplace}` +
        (v.price ? ` por ${v.price}.` : '.'),
      'ListLoop lo retira de tus otros marketplaces según tu configuración de detección de ventas; el artículo muestra dónde sigue publicado.',
    ],
  },
  double_sale: {
    subject: (v) => `Vendido dos veces: ${v.title}`,
    body: (v) => [
      `«${v.title}» se ha vendido en ${v.marketplace}` +
        (v.price ? ` por ${v.price}` : '') +
        (v.soldOn ? ` cuando ya se había vendido en ${v.soldOn}.` : ' cuando ya se había vendido.'),
      'Tienes dos pedidos para un solo artículo: cancela uno de ellos en su marketplace y avisa a ese comprador antes de enviar nada.',
    ],
  },
  delist_failed: {
    subject: (v) => `Sigue publicado en ${v.marketplace}: ${v.title}`,
    body: (v) => [
      `ListLoop no ha podido retirar «${v.title}» de ${v.marketplace} después de la venta.`,
      `${v.marketplace} ha respondido: ${v.reason}`,
      `Retíralo tú en ${v.marketplace}, o vuelve a intentarlo desde el artículo, antes de que alguien lo compre otra vez.`,
    ],
  },
  openItem: 'Abrir el artículo en ListLoop',
  footer: {
    emailSales:
      'Recibes este correo porque los correos de ventas están activados. Desactívalos en ListLoop, en la campana, Ajustes de notificaciones.',
    emailProblems:
      'Recibes este correo porque los correos sobre problemas están activados. Desactívalos en ListLoop, en la campana, Ajustes de notificaciones.',
  },
};

const ITALIAN: Wording = {
  sale: {
    subject: (v) => `Venduto su ${v.marketplace}: ${v.title}`,
    body: (v) => [
      `${v.quantity > 1 ? `${v.quantity} × ` : ''}«${v.title}» è stato venduto su ${v.marketplace}` +
        (v.price ? ` a ${v.price}.` : '.'),
      'ListLoop lo ritira dagli altri marketplace secondo le tue impostazioni di rilevamento vendite; l’articolo mostra dove è ancora pubblicato.',
    ],
  },
  double_sale: {
    subject: (v) => `Venduto due volte: ${v.title}`,
    body: (v) => [
      `«${v.title}» è stato venduto su ${v.marketplace}` +
        (v.price ? ` a ${v.price}` : '') +
        (v.soldOn
          ? ` quando era già stato venduto su ${v.soldOn}.`
          : ' quando era già stato venduto.'),
      'Hai due ordini per un solo articolo: annulla uno dei due sul suo marketplace e avvisa quell’acquirente prima di spedire.',
    ],
  },
  delist_failed: {
    subject: (v) => `Ancora pubblicato su ${v.marketplace}: ${v.title}`,
    body: (v) => [
      `ListLoop non è riuscito a ritirare «${v.title}» da ${v.marketplace} dopo la vendita.`,
      `${v.marketplace} ha risposto: ${v.reason}`,
      `Ritiralo tu su ${v.marketplace}, oppure riprova dall’articolo, prima che qualcuno lo compri di nuovo.`,
    ],
  },
  openItem: 'Apri l’articolo in ListLoop',
  footer: {
    emailSales:
      'Ricevi questa e-mail perché le e-mail sulle vendite sono attive. Disattivale in ListLoop, dalla campanella, Impostazioni notifiche.',
    emailProblems:
      'Ricevi questa e-mail perché le e-mail sui problemi sono attive. Disattivale in ListLoop, dalla campanella, Impostazioni notifiche.',
  },
};

const WORDING: Record<Locale, Wording> = {
  'en-US': ENGLISH,
  'en-GB': ENGLISH,
  es: SPANISH,
  it: ITALIAN,
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

const name = (marketplace: MarketplaceId) => MARKETPLACE_NAMES[marketplace];

function valuesOf(content: EmailedContent, locale: Locale): Values {
  const base = {
    title: content.params.itemTitle || '—',
    marketplace: name(content.params.marketplace),
  };
  switch (content.kind) {
    case 'sale':
      return {
        ...base,
        soldOn: null,
        price: formatPrice(content.params.price, content.params.currency, locale),
        quantity: content.params.quantity,
        reason: '',
      };
    case 'double_sale':
      return {
        ...base,
        soldOn: content.params.soldOn ? name(content.params.soldOn) : null,
        price: formatPrice(content.params.price, content.params.currency, locale),
        quantity: 1,
        reason: '',
      };
    case 'delist_failed':
      return { ...base, soldOn: null, price: null, quantity: 1, reason: content.params.reason };
  }
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
  const wording = WORDING[options.locale];
  const values = valuesOf(content, options.locale);
  values.title = values.title.replace(/\s+/g, ' ');
  const { subject, body } = wording[content.kind];
  const paragraphs = body(values);
  const footer = wording.footer[emailSwitchOf(content.kind)];
  const text = [...paragraphs, `${wording.openItem}: ${options.itemUrl}`, `—\n${footer}`].join(
    '\n\n',
  );
  const html = [
    '<!doctype html>',
    `<html lang="${options.locale}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">`,
    ...paragraphs.map((p) => `<p>${escapeUTF8(p)}</p>`),
    `<p><a href="${escapeUTF8(options.itemUrl)}">${escapeUTF8(wording.openItem)}</a></p>`,
    `<p style="color: #868e96; font-size: 12px">${escapeUTF8(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: subject(values), text, html, language: options.locale };
}
