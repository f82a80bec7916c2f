import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { fieldErrors, type FieldMessages } from './validation';

/**
 * A Mantine form `validate` function from a domain schema: the same rules as the server,
 * with the catalogue's words.
 */
export function useSchemaValidate<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  messages: Record<string, FieldMessages>,
) {
  const intl = useIntl();
  return useCallback(
    (values: Values): Record<string, string> => {
      const result = schema.safeParse(values);
      if (result.success) return {};
      const errors = fieldErrors(result.error.issues, messages, values);
      return Object.fromEntries(
        Object.entries(errors).map(([path, error]) => [
          path,
          intl.formatMessage(error.message, error.values),
        ]),
      );
    },
    [intl, messages, schema],
  );
}
