import { JoinDataSchema, NewPasswordSchema } from '@listloop/domain';
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import {
  EMAIL_FIELD_MESSAGES,
  NEW_PASSWORD_FIELD_MESSAGES,
  type FieldMessages,
} from '../../../i18n/validation';
import { validationMessages } from '../../../i18n/validation.messages';
import { errorMessageId } from '../../../i18n/dynamic-messages';
import { errorText } from '../../../lib/error-text';
import { loginErrorText } from '../api/login-error-text';
import { authMessages } from '../auth.messages';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { PasswordNotSavedError, useJoinTeam, type JoinStep } from '../hooks/use-join-team';
import { useNewPasswordValidate, type NewPasswordValues } from '../hooks/use-new-password-validate';
import { FormErrorAlert } from './form-error-alert';
import { NewPasswordFields } from './new-password-fields';
import { useDocumentTitle } from '../../../lib/document-title';

const JoinTeamFormSchema = JoinDataSchema.extend({
  newPassword: NewPasswordSchema,
  confirmPassword: z.string(),
});

const FIELD_MESSAGES: Record<string, FieldMessages> = {
  email: EMAIL_FIELD_MESSAGES,
  temporaryPassword: { required: validationMessages.temporaryPasswordRequired },
  newPassword: NEW_PASSWORD_FIELD_MESSAGES,
};

interface JoinTeamValues extends NewPasswordValues {
  email: string;
  temporaryPassword: string;
}

const STEP_MESSAGES = {
  validating: authMessages.joinTeamValidating,
  signingIn: authMessages.joinTeamSigningIn,
  savingPassword: authMessages.joinTeamSavingPassword,
} satisfies Record<JoinStep, unknown>;

/** Spec §2 /join-team: a pending account user, not signed in, accepts an invitation. */
export function JoinTeamPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(authMessages.joinTeamTitle));
  const search = useSearch({ strict: false });
  const join = useJoinTeam();
  const validatePasswords = useNewPasswordValidate<JoinTeamValues>(
    JoinTeamFormSchema,
    FIELD_MESSAGES,
  );
  // The server refuses the temporary password as the new one; saying so here keeps the person
  // from joining half-way with a password still to choose.
  const validate = (values: JoinTeamValues) => {
    const errors = validatePasswords(values);
    if (
      !errors.newPassword &&
      values.newPassword &&
      values.newPassword === values.temporaryPassword
    )
      errors.newPassword = intl.formatMessage({
        id: errorMessageId('auth/new-password-is-temporary'),
      });
    return errors;
  };
  const form = useForm<JoinTeamValues>({
    mode: 'uncontrolled',
    initialValues: {
      email: typeof search.email === 'string' ? search.email : '',
      temporaryPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
    validate,
  });

  const handleSubmit = form.onSubmit((values) => {
    join.mutate(
      {
        email: values.email.trim(),
        temporaryPassword: values.temporaryPassword,
        newPassword: values.newPassword,
      },
      {
        onSuccess: (invitation) =>
          notifications.show({
            color: 'teal',
            message: intl.formatMessage(authMessages.joinTeamWelcome, {
              company: invitation.companyName,
            }),
          }),
        onError: (error) => {
          if (error instanceof PasswordNotSavedError) {
            notifications.show({
              color: 'orange',
              autoClose: false,
              title: intl.formatMessage(authMessages.updatePasswordFailedTitle),
              message: intl.formatMessage(authMessages.joinTeamPasswordNotSaved, {
                reason: errorText(intl, error.cause),
              }),
            });
          }
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...authMessages.joinTeamTitle} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...authMessages.joinTeamIntro} />
        </Text>
      </Stack>

      {join.isError && (
        <FormErrorAlert title={intl.formatMessage(authMessages.joinTeamFailedTitle)}>
          {join.error instanceof PasswordNotSavedError
            ? errorText(intl, join.error.cause)
            : loginErrorText(intl, join.error)}
        </FormErrorAlert>
      )}

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordField
            label={intl.formatMessage(authMessages.temporaryPassword)}
            autoComplete="one-time-code"

            key={form.key('temporaryPassword')}
            {...form.getInputProps('temporaryPassword')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={join.isPending} mt="xs">
            <FormattedMessage {...authMessages.joinTeamSubmit} />
          </Button>
          {join.step && (
            <Group gap="xs" justify="center" role="status">
              <Loader size="xs" />
              <Text fz="sm" c="dimmed">
                <FormattedMessage {...STEP_MESSAGES[join.step]} />
              </Text>
            </Group>
          )}
        </Stack>
      </form>

      <Text ta="center" fz="sm">
        <Anchor component={Link} to="/login" fz="sm">
          <FormattedMessage {...authMessages.joinTeamSignInLink} />
        </Anchor>
      </Text>
    </Stack>
  );
}
