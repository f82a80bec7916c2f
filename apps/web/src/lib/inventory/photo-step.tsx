import type { GeneralDetails } from '@listloop/domain';
import { createContext, use, type ReactNode } from 'react';

/** The general-details fields a helper at the photo step may set in the editor's draft. */
export type PhotoStepField =
  'title' | 'description' | 'brand' | 'condition' | 'category' | 'primaryColor' | 'size';

/** What the item editor gives the helpers it shows under the photos. */
export interface PhotoStepProps {
  /** The saved item's id; null for an item not saved yet. */
  itemId: string | null;
  details: GeneralDetails;
  /** Sets one field of the draft, saved as typing is; only ever called on the seller's click. */
  setDetail: <K extends PhotoStepField>(field: K, value: GeneralDetails[K]) => void;
  disabled: boolean;
}

/**
 * The photo step's helpers (fill from photos, dictation) are a feature of their own, and
 * features do not import each other: the app layer puts how to render them here and the
 * editor renders whatever it finds.
 */
export const PhotoStepContext = createContext<((props: PhotoStepProps) => ReactNode) | null>(null);

export function PhotoStepHelpers(props: PhotoStepProps) {
  const render = use(PhotoStepContext);
  return render ? render(props) : null;
}
