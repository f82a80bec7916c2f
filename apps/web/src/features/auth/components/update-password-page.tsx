import { NewPasswordSchema } from '@listloop/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { NEW_PASSWORD_FIELD_MESSAGES } from '../../../i18n/validation';
import { errorText } from '../../../lib/error-text';
import { useSignedInSession } from '../../../lib/session';
import { authMessages } from '../auth.messages';
import { useNewPasswordValidate, type NewPasswordValues } from '../hooks/use-new-password-validate';
import { useUpdatePassword } from '../hooks/use-update-password';
import { FormErrorAlert } from './form-error-alert';
import { NewPasswordFields } from './new-password-fields';
import { useDocumentTitle } from '../../../lib/document-title';

const UpdatePasswordFormSchema = z.object({
  newPassword: NewPasswordSchema,
  confirmPassword: z.string(),
});
const FIELD_MESSAGES = { newPassword: NEW_PASSWORD_FIELD_MESSAGES };

/** Spec §2 /update-password: a pending account user, signed in, sets their own password. */
export function UpdatePasswordPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(authMessages.updatePasswordTitle));
  const session = useSignedInSession();
  const update = useUpdatePassword();
  const validate = useNewPasswordValidate<NewPasswordValues>(
    UpdatePasswordFormSchema,
    FIELD_MESSAGES,
  );
  const form = useForm<NewPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate,
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(values.newPassword, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          message: intl.formatMessage(authMessages.passwordSaved),
        }),
    });
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...authMessages.updatePasswordTitle} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage
            {...authMessages.updatePasswordIntro}
            values={{
              email: session.email,
              company: session.account.companyName,
              b: (chunks) => <b>{chunks}</b>,
            }}
          />
        </Text>
      </Stack>

      {update.isError && (
        <FormErrorAlert title={intl.formatMessage(authMessages.updatePasswordFailedTitle)}>
          {errorText(intl, update.error)}
        </FormErrorAlert>
      )}

      <form onSubmit={handleSubmit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={session.email}
          readOnly
          hidden
        />
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={update.isPending} mt="xs">
            <FormattedMessage {...authMessages.updatePasswordSubmit} />
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
