import { LoginSchema, type LoginInput } from '@listloop/domain';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessageId } from '../../../i18n/dynamic-messages';
import { useSchemaValidate } from '../../../i18n/use-schema-validate';
import { EMAIL_FIELD_MESSAGES, PASSWORD_FIELD_MESSAGES } from '../../../i18n/validation';
import { ApiError } from '../../../lib/api-client';
import { signedOutNotice, useSession } from '../../../lib/session';
import { loginErrorText } from '../api/login-error-text';
import { signUpMessages } from '../sign-up.messages';
import { authMessages } from '../auth.messages';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { useLogin } from '../hooks/use-login';
import { FormErrorAlert } from './form-error-alert';
import { useDocumentTitle } from '../../../lib/document-title';

const LOGIN_FIELD_MESSAGES = { email: EMAIL_FIELD_MESSAGES, password: PASSWORD_FIELD_MESSAGES };

export function LoginPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(authMessages.loginSubmit));
  const session = useSession();
  const login = useLogin();
  const validate = useSchemaValidate<LoginInput>(LoginSchema, LOGIN_FIELD_MESSAGES);

  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate,
  });

  // Why the last session ended, unless it was a plain sign-out; gone once the user tries again.
  const notice = login.isIdle ? signedOutNotice(session) : null;

  const handleSubmit = form.onSubmit((values) => {
    login.mutate(LoginSchema.parse(values), {
      onError: (error) => {
        // A 400 names the fields it refused; the server's words are shown as they are.
        if (error instanceof ApiError) {
          for (const issue of error.issues) form.setFieldError(issue.path, issue.message);
        }
      },
    });
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...authMessages.loginTitle} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...authMessages.loginSubtitle} />
        </Text>
      </Stack>

      {notice && (
        <FormErrorAlert title={intl.formatMessage(authMessages.signedOutTitle)}>
          {intl.formatMessage({ id: errorMessageId(notice) })}
        </FormErrorAlert>
      )}
      {login.isError && (
        <FormErrorAlert title={intl.formatMessage(authMessages.loginFailedTitle)}>
          {loginErrorText(intl, login.error)}
        </FormErrorAlert>
      )}

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <EmailField data-autofocus key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordField
            label={intl.formatMessage(authMessages.password)}
            autoComplete="current-password"

            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            <FormattedMessage {...authMessages.loginSubmit} />
          </Button>
        </Stack>
      </form>

      <Stack gap={6} align="center">
        <Anchor component={Link} to="/sign-up" fz="sm">
          <FormattedMessage {...signUpMessages.signUpLink} />
        </Anchor>
        <Anchor component={Link} to="/join-team" fz="sm">
          <FormattedMessage {...authMessages.joinTeamLink} />
        </Anchor>
      </Stack>
    </Stack>
  );
}
