/**
 * What enrichment asks of a vision-capable model: suggestions for an item from its photos, or
 * null when no such model is configured. The AI module answers it; the composition root passes
 * it in, so this module names no other module for it.
 */
export interface PhotoVisionPort {
  suggestFromPhotos(input: {
    accountId: string;
    userId: string;
    photos: Array<{ mimeType: string; bytes: Buffer }>;
    item?: { title?: string; description?: string; brand?: string; category?: string };
  }): Promise<VisionSuggestions | null>;
}

export interface VisionSuggestions {
  brand?: string;
  category?: string;
  condition?: string;
  colour?: string;
  title?: string;
}
