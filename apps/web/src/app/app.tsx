import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { FullPageLoader } from '../components/ui/full-page-loader';
import { commonMessages } from '../i18n/common.messages';
import { installFeatureFlags } from '../lib/feature-flags';
import { createQueryClient } from '../lib/query-client';
import { useSession, useSessionContext, type SessionStore } from '../lib/session';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';
import { SessionError } from './screens/session-error';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
void installFeatureFlags();

export function App() {
  return (
    <AppProvider queryClient={queryClient} router={router}>
      <AppRoutes router={router} />
    </AppProvider>
  );
}

/** What the route guards depend on; when it changes they run again. */
function guardKey(session: SessionStore): string {
  if (session.status !== 'logged-in') return session.status;
  return `${session.state.userId}:${session.state.accountId}:${session.gate.kind}`;
}

function AppRoutes({ router }: { router: AppRouter }) {
  const intl = useIntl();
  const session = useSession();
  const { loadError, refresh } = useSessionContext();
  const [retrying, setRetrying] = useState(false);
  const key = guardKey(session);

  useEffect(() => {
    void router.invalidate();
  }, [router, key]);

  useEffect(() => {
    document.title = intl.formatMessage(commonMessages.appName);
  }, [intl]);

  if (session.status === 'loading') {
    if (!loadError) return <FullPageLoader />;
    return (
      <SessionError
        error={loadError}
        retrying={retrying}
        onRetry={() => {
          setRetrying(true);
          refresh()
            .catch(() => undefined)
            .finally(() => setRetrying(false));
        }}
      />
    );
  }
  return <RouterProvider router={router} />;
}
