import type { GeneralDetails, Image } from '@listloop/domain';
import { createContext, use, type ReactNode } from 'react';

/** The general-details fields a helper in the item editor may set in the draft. */
export type EditorDetailField =
  'title' | 'description' | 'brand' | 'condition' | 'category' | 'primaryColor' | 'size' | 'price';

/** Sets one field of the draft, saved as typing is; a helper calls it only on the seller's click. */
export type SetDetail = <K extends EditorDetailField>(field: K, value: GeneralDetails[K]) => void;

/** What the editor gives a helper that reads and fills the item's details. */
export interface DetailsHelperProps {
  /** The saved item's id; null for an item not saved yet. */
  itemId: string | null;
  /** The details as they are in the form now, unsaved typing included. */
  details: GeneralDetails;
  setDetail: SetDetail;
  disabled: boolean;
}

/** What a tool on one of the item's photos is given: the photo, and how to put another in its place. */
export interface PhotoToolProps {
  image: Image;
  /** 1 for the cover. */
  position: number;
  /** Puts this image where the photo is, at the same position; the editor saves it. */
  onReplace: (image: Image) => void;
}

/**
 * The places in the item editor where other features add their helpers. Features do not
 * import each other: the app layer fills these (app/provider.tsx) and the editor renders
 * whatever it finds.
 */
export interface ItemEditorSlots {
  /** On each photo (background removal). */
  photoTool?: (props: PhotoToolProps) => ReactNode;
  /** Under the photos (fill from photos, dictation). */
  photoStep?: (props: DetailsHelperProps) => ReactNode;
  /** Above the details form (the AI helper). */
  detailsAssistant?: (props: DetailsHelperProps) => ReactNode;
}

export const ItemEditorSlotsContext = createContext<ItemEditorSlots>({});

export function useItemEditorSlots(): ItemEditorSlots {
  return use(ItemEditorSlotsContext);
}
