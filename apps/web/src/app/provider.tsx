import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { PhotoToolContext, type PhotoToolProps } from '../lib/photo-tools';
import { RemoveBackgroundTool } from '../features/background-removal/components/remove-background-tool';
import { AppLocaleProvider } from './locale/app-locale-provider';
import { LocalizedComponentDefaults } from './localized-defaults';
import { cssVariablesResolver, theme } from './theme';

/** The item editor's tool on each photo: removing its background. */
const renderPhotoTool = (props: PhotoToolProps) => <RemoveBackgroundTool {...props} />;

/**
 * Everything the screens rely on, outermost first: looks, server state, flags, session, texts,
 * and the tool the item editor offers on each photo (background removal).
 */
export function AppProvider({
  queryClient,
  router,
  children,
}: {
  queryClient: QueryClient;
  router: AnyRouter;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <OpenFeatureProvider>
          <SessionProvider>
            <AppLocaleProvider router={router}>
              <LocalizedComponentDefaults>
                <Notifications position="top-right" limit={4} />
                <PhotoToolContext.Provider value={renderPhotoTool}>
                  {children}
                </PhotoToolContext.Provider>
              </LocalizedComponentDefaults>
            </AppLocaleProvider>
          </SessionProvider>
        </OpenFeatureProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
