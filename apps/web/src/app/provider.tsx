import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { ItemEditorSlotsContext } from '../lib/inventory/item-editor-slots';
import { itemEditorSlots } from './item-editor-slots';
import { AppLocaleProvider } from './locale/app-locale-provider';
import { LocalizedComponentDefaults } from './localized-defaults';
import { cssVariablesResolver, theme } from './theme';

/**
 * Everything the screens rely on, outermost first: looks, server state, flags, session, texts,
 * and what other features add to the item editor.
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
                <ItemEditorSlotsContext value={itemEditorSlots}>{children}</ItemEditorSlotsContext>
              </LocalizedComponentDefaults>
            </AppLocaleProvider>
          </SessionProvider>
        </OpenFeatureProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
