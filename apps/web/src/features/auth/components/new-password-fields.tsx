import { PASSWORD_MIN_LENGTH } from '@listloop/domain';
import type { UseFormReturnType } from '@mantine/form';
import { useIntl } from 'react-intl';
import { authMessages } from '../auth.messages';
import { PasswordField } from './password-field';
import type { NewPasswordValues } from '../hooks/use-new-password-validate';

export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const intl = useIntl();
  return (
    <>
      <PasswordField
        label={intl.formatMessage(authMessages.newPassword)}
        description={intl.formatMessage(authMessages.newPasswordHint, { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"

        key={form.key('newPassword')}
        {...form.getInputProps('newPassword')}
      />
      <PasswordField
        label={intl.formatMessage(authMessages.confirmPassword)}
        autoComplete="new-password"

        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
