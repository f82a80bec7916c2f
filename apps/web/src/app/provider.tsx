import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { ItemEditorSlotsContext, type ItemEditorSlots } from '../lib/inventory/item-editor-slots';
import { AiHelperPanel } from '../features/ai-helper/components/ai-helper-panel';
import { RemoveBackgroundTool } from '../features/background-removal/components/remove-background-tool';
import { EnrichmentPhotoStep } from '../features/enrichment/components/photo-step';
import { AppLocaleProvider } from './locale/app-locale-provider';
import { LocalizedComponentDefaults } from './localized-defaults';
import { cssVariablesResolver, theme } from './theme';

/**
 * What other features add to the item editor: removing a photo's background, filling the item
 * from its photos and dictating, and the AI helper beside the details.
 */
const itemEditorSlots: ItemEditorSlots = {
  photoTool: (props) => <RemoveBackgroundTool {...props} />,
  photoStep: (props) => <EnrichmentPhotoStep {...props} />,
  detailsAssistant: (props) => <AiHelperPanel {...props} />,
};

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
