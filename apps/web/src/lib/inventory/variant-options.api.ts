import { VariantOptionsResponseSchema } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../api-client';

export const VARIANT_OPTIONS_PATH = '/api/account/variants/options';

export type VariantOptionsResponse = z.infer<typeof VariantOptionsResponseSchema>;

export const variantOptionsQueryOptions = queryOptions({
  queryKey: ['variant-options'] as const,
  queryFn: ({ signal }) =>
    apiRequest(VARIANT_OPTIONS_PATH, { schema: VariantOptionsResponseSchema, signal }),
  staleTime: 5 * 60_000,
});
