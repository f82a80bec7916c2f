import { imageRecordPath, StoredImageSchema } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchItem, itemKeys } from '../../../lib/inventory/item.api';

export const itemQueryOptions = (userId: string, itemId: string) =>
  queryOptions({
    queryKey: itemKeys.detail(userId, itemId),
    queryFn: ({ signal }) => fetchItem(userId, itemId, signal),
  });

export function fetchUploadedImage(imageId: string, signal?: AbortSignal) {
  return apiRequest(imageRecordPath(imageId), {
    schema: StoredImageSchema,
    signal,
    retries: 2,
  });
}
