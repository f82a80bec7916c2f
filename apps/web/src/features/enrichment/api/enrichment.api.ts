import {
  EnrichByImagesResponseSchema,
  type EnrichByImagesRequest,
  type EnrichByImagesResponse,
} from '@listloop/domain';
import { apiRequest } from '../../../lib/api-client';

export const ENRICH_BY_IMAGES_PATH = '/api/rest/v1/item/enrich-by-images';

/** Spec §7 AI: suggestions from the photos; the editor always asks in the loop. */
export function enrichByImages(body: EnrichByImagesRequest): Promise<EnrichByImagesResponse> {
  return apiRequest(ENRICH_BY_IMAGES_PATH, {
    method: 'POST',
    body,
    schema: EnrichByImagesResponseSchema,
  });
}
