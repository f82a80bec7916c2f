import { localeForCountry, type CountryCode } from '@listloop/domain';
import { DEFAULT_LOCALE } from '@listloop/domain';
import { createContext, Suspense, use, useDeferredValue, useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalogue } from './catalogues';

const CountryContext = createContext<CountryCode | null>(null);

/** The country whose edition the app shows (spec §1): it sets the locale and the text set. */
export function useCountry(): CountryCode {
  const country = use(CountryContext);
  if (!country) throw new Error('useCountry must be used within a LocaleProvider');
  return country;
}

interface LocaleProviderProps {
  country: CountryCode;
  /** Shown while the first catalogue loads; it can carry no text, since no text is loaded yet. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Loads the country's catalogue and provides it through react-intl. On a switch the current
 * texts stay on screen until the new catalogue is ready (the deferred country), so switching
 * never flashes a loader.
 */
export function LocaleProvider({ country, fallback, children }: LocaleProviderProps) {
  const deferredCountry = useDeferredValue(country);
  return (
    <Suspense fallback={fallback}>
      <CatalogueIntlProvider country={deferredCountry}>{children}</CatalogueIntlProvider>
    </Suspense>
  );
}

function CatalogueIntlProvider({
  country,
  children,
}: {
  country: CountryCode;
  children: ReactNode;
}) {
  const locale = localeForCountry(country);
  const messages = use(loadCatalogue(locale));

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <CountryContext value={country}>
      <IntlProvider
        locale={locale}
        defaultLocale={DEFAULT_LOCALE}
        messages={messages}
        onError={reportIntlError}
      >
        {children}
      </IntlProvider>
    </CountryContext>
  );
}

function reportIntlError(error: Error): void {
  // Every id is typed and tested against the catalogues; anything reaching here is a real bug.
  console.error(error);
}
