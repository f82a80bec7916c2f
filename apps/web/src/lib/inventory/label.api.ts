import { LabelListResponseSchema, LabelResponseSchema, type Label } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Spec §7 labels: one seller's labels, visible only to them. */
export const LABEL_PATH = '/api/account/label';

const labelsPath = (userId: string) => `${LABEL_PATH}/${encodeURIComponent(userId)}`;
const labelPath = (userId: string, labelId: string) =>
  `${labelsPath(userId)}/${encodeURIComponent(labelId)}`;

export const labelKeys = {
  all: ['labels'] as const,
  list: (userId: string) => [...labelKeys.all, userId] as const,
};

export const labelsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: labelKeys.list(userId),
    queryFn: async ({ signal }) => {
      const { labels } = await apiRequest(labelsPath(userId), {
        schema: LabelListResponseSchema,
        signal,
      });
      return labels;
    },
  });

export async function createLabel(userId: string, name: string): Promise<Label> {
  const { label } = await apiRequest(labelsPath(userId), {
    method: 'POST',
    body: { name },
    schema: LabelResponseSchema,
  });
  return label;
}

export async function renameLabel(userId: string, labelId: string, name: string): Promise<Label> {
  const { label } = await apiRequest(labelPath(userId, labelId), {
    method: 'PUT',
    body: { dataToUpdate: { name } },
    schema: LabelResponseSchema,
  });
  return label;
}

export function deleteLabel(userId: string, labelId: string): Promise<void> {
  return apiRequest(labelPath(userId, labelId), { method: 'DELETE' });
}
