import { DEFAULT_LOCALE, type Locale } from '@listloop/domain';
import type enUS from './catalogues/en-US.json';

/** The reference catalogue is en-US: every other catalogue has exactly its keys. */
export type MessageId = keyof typeof enUS;
export type Catalogue = Record<MessageId, string>;

declare global {
  // react-intl reads this to type every message id: an id missing from en-US is a type error.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

const loaders: Record<Locale, () => Promise<Catalogue>> = {
  'en-US': () => import('./catalogues/en-US.json').then((module) => module.default),
  'en-GB': () => import('./catalogues/en-GB.json').then((module) => module.default),
  es: () => import('./catalogues/es.json').then((module) => module.default),
  it: () => import('./catalogues/it.json').then((module) => module.default),
};

const cache = new Map<Locale, Promise<Catalogue>>();

/**
 * One promise per locale for the life of the page, so React's `use()` sees a stable thenable.
 * A failed load is forgotten so the next render may try again.
 */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const loader = loaders[locale] ?? loaders[DEFAULT_LOCALE];
  const promise = loader().catch((error: unknown) => {
    cache.delete(locale);
    throw error;
  });
  cache.set(locale, promise);
  return promise;
}
