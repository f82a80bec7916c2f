import { DEFAULT_LOCALE, type Locale } from '@listloop/domain';
import { Suspense, use, useDeferredValue, useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalogue } from './catalogues';

interface LocaleProviderProps {
  locale: Locale;
  /** Shown while the first catalogue loads; it can carry no text, since no text is loaded yet. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Loads the locale's catalogue and provides it through react-intl. On a switch the current
 * texts stay on screen until the new catalogue is ready (the deferred locale), so switching
 * never flashes a loader.
 */
export function LocaleProvider({ locale, fallback, children }: LocaleProviderProps) {
  const deferredLocale = useDeferredValue(locale);
  return (
    <Suspense fallback={fallback}>
      <CatalogueIntlProvider locale={deferredLocale}>{children}</CatalogueIntlProvider>
    </Suspense>
  );
}

function CatalogueIntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = use(loadCatalogue(locale));

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <IntlProvider
      locale={locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={messages}
      onError={reportIntlError}
    >
      {children}
    </IntlProvider>
  );
}

function reportIntlError(error: Error & { code?: string }): void {
  // Every id is typed and tested against the catalogues; anything reaching here is a real bug.
  console.error(error);
}
