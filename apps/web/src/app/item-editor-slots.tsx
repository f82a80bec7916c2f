import { Suspense } from 'react';
import type { ItemEditorSlots } from '../lib/inventory/item-editor-slots';
import { lazyScreen } from './routing/lazy-screen';

const RemoveBackgroundTool = lazyScreen(
  () => import('../features/background-removal/components/remove-background-tool'),
  'RemoveBackgroundTool',
);
const EnrichmentPhotoStep = lazyScreen(
  () => import('../features/enrichment/components/photo-step'),
  'EnrichmentPhotoStep',
);
const AiHelperPanel = lazyScreen(
  () => import('../features/ai-helper/components/ai-helper-panel'),
  'AiHelperPanel',
);

/**
 * What other features add to the item editor: removing a photo's background, filling the item
 * from its photos and dictating, and the AI helper beside the details. Their code comes with
 * the editor's (the item routes preload `itemEditorSlotScreens`), not with the first screen.
 */
export const itemEditorSlots: ItemEditorSlots = {
  photoTool: (props) => (
    <Suspense fallback={null}>
      <RemoveBackgroundTool {...props} />
    </Suspense>
  ),
  photoStep: (props) => (
    <Suspense fallback={null}>
      <EnrichmentPhotoStep {...props} />
    </Suspense>
  ),
  detailsAssistant: (props) => (
    <Suspense fallback={null}>
      <AiHelperPanel {...props} />
    </Suspense>
  ),
};

export const itemEditorSlotScreens = [RemoveBackgroundTool, EnrichmentPhotoStep, AiHelperPanel];
