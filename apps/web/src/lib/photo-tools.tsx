import type { Image } from '@listloop/domain';
import { createContext, useContext, type ReactNode } from 'react';

/** What a tool on one of the item's photos is given: the photo, and how to put another in its place. */
export interface PhotoToolProps {
  image: Image;
  /** 1 for the cover. */
  position: number;
  /** Puts this image where the photo is, at the same position; the editor saves it. */
  onReplace: (image: Image) => void;
}

/**
 * A tool the app gives each photo of the item editor (background removal): features may not
 * import each other, so the app layer hands the editor the tool through this context.
 */
export const PhotoToolContext = createContext<((props: PhotoToolProps) => ReactNode) | null>(null);

/** Renders the tool for one photo (an element, keyed by the photo), or null when there is none. */
export function usePhotoTool(): ((props: PhotoToolProps) => ReactNode) | null {
  return useContext(PhotoToolContext);
}
