import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useSchemaValidate } from '../../../i18n/use-schema-validate';
import type { FieldMessages } from '../../../i18n/validation';
import { validationMessages } from '../../../i18n/validation.messages';

export interface NewPasswordValues extends Record<string, unknown> {
  newPassword: string;
  confirmPassword: string;
}

/**
 * Validates with the page's schema (whose `newPassword` is the domain's NewPasswordSchema,
 * the server's rule), then checks that the confirmation matches.
 */
export function useNewPasswordValidate<Values extends NewPasswordValues>(
  schema: z.ZodType,
  messages: Record<string, FieldMessages>,
) {
  const intl = useIntl();
  const validateSchema = useSchemaValidate<Values>(schema, messages);
  return useCallback(
    (values: Values) => {
      const errors = validateSchema(values);
      if (!errors.newPassword && values.confirmPassword !== values.newPassword) {
        errors.confirmPassword = intl.formatMessage(validationMessages.passwordMismatch);
      }
      return errors;
    },
    [intl, validateSchema],
  );
}
