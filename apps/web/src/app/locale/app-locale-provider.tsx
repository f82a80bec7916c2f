import type { AnyRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { FullPageLoader } from '../../components/ui/full-page-loader';
import {
  COUNTRY_QUERY_PARAM,
  chooseCountry,
  countryFromQuery,
  readTabCountry,
  writeTabCountry,
} from '../../i18n/country';
import { LocaleProvider } from '../../i18n/locale-provider';
import { useSession } from '../../lib/session';

/**
 * Sits above the router (the loading and error screens need texts too), so it follows the
 * URL through the router's history rather than its hooks.
 */
export function AppLocaleProvider({
  router,
  children,
}: {
  router: AnyRouter;
  children: ReactNode;
}) {
  const search = useSyncExternalStore(
    (onChange) => router.history.subscribe(onChange),
    () => router.history.location.search,
  );
  const session = useSession();

  const query = new URLSearchParams(search).get(COUNTRY_QUERY_PARAM);
  const country = chooseCountry({
    query,
    tab: readTabCountry(globalThis.sessionStorage),
    user: session.status === 'logged-in' ? session.state.details.countryCode : null,
  });
  const queryCountry = countryFromQuery(query);

  // A country named in the URL is remembered for this tab (spec: "persists for the tab").
  useEffect(() => {
    if (queryCountry) writeTabCountry(globalThis.sessionStorage, queryCountry);
  }, [queryCountry]);

  return (
    <LocaleProvider country={country} fallback={<FullPageLoader />}>
      {children}
    </LocaleProvider>
  );
}
