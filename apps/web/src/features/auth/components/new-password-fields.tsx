import { PASSWORD_MIN_LENGTH } from '@listloop/domain';
import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useIntl } from 'react-intl';
import { authMessages } from '../auth.messages';
import type { NewPasswordValues } from '../hooks/use-new-password-validate';

export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const intl = useIntl();
  return (
    <>
      <PasswordInput
        label={intl.formatMessage(authMessages.newPassword)}
        description={intl.formatMessage(authMessages.newPasswordHint, { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        key={form.key('newPassword')}
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label={intl.formatMessage(authMessages.confirmPassword)}
        autoComplete="new-password"
        required
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
