import {
  COMPANY_NAME_MAX_LENGTH,
  COUNTRY_CODES,
  EMAIL_MAX_LENGTH,
  NewPasswordSchema,
  PERSON_NAME_MAX_LENGTH,
  SignUpSchema,
  type CountryCode,
} from '@listloop/domain';
import { Anchor, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { isoRegionCode } from '../../../i18n/country';
import { useCountry } from '../../../i18n/locale-provider';
import {
  EMAIL_FIELD_MESSAGES,
  NEW_PASSWORD_FIELD_MESSAGES,
  type FieldMessages,
} from '../../../i18n/validation';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { EmailField } from './email-field';
import { FormErrorAlert } from './form-error-alert';
import { NewPasswordFields } from './new-password-fields';
import { useNewPasswordValidate, type NewPasswordValues } from '../hooks/use-new-password-validate';
import { signUpMessages } from '../sign-up.messages';
import { SignedUpNotSignedInError, useSignUp } from '../hooks/use-sign-up';

/** The form's fields: the sign-up's, with the password typed twice. */
const SignUpFormSchema = SignUpSchema.omit({ password: true }).extend({
  newPassword: NewPasswordSchema,
  confirmPassword: z.string(),
});

const FIELD_MESSAGES: Record<string, FieldMessages> = {
  companyName: {
    required: signUpMessages.companyNameRequired,
    tooLong: signUpMessages.companyNameTooLong,
  },
  firstName: {
    required: signUpMessages.firstNameRequired,
    tooLong: signUpMessages.nameTooLong,
  },
  lastName: { tooLong: signUpMessages.nameTooLong },
  email: { ...EMAIL_FIELD_MESSAGES, tooLong: signUpMessages.emailTooLong },
  newPassword: NEW_PASSWORD_FIELD_MESSAGES,
};

interface SignUpValues extends NewPasswordValues {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: CountryCode;
}

/** The server's names of the fields, where the form's differ. */
const FORM_FIELD: Record<string, string> = { password: 'newPassword' };

/** Sign-up: a new seller opens an account (spec §7 POST /api/account) and is signed in. */
export function SignUpPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(signUpMessages.title));
  // The edition shown (?country= or the tab's choice) is the likeliest country of the seller.
  const edition = useCountry();
  const signUp = useSignUp();
  const validate = useNewPasswordValidate<SignUpValues>(SignUpFormSchema, FIELD_MESSAGES);
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues: {
      companyName: '',
      firstName: '',
      lastName: '',
      email: '',
      newPassword: '',
      confirmPassword: '',
      countryCode: edition,
    },
    validate,
  });

  const handleSubmit = form.onSubmit((values) => {
    const input = SignUpSchema.parse({ ...values, password: values.newPassword });
    signUp.mutate(input, {
      onError: (error) => {
        // A 400 names the fields it refused; the server's words are shown as they are.
        if (error instanceof ApiError) {
          for (const issue of error.issues) {
            form.setFieldError(FORM_FIELD[issue.path] ?? issue.path, issue.message);
          }
        }
      },
    });
  });

  const countryName = (code: CountryCode) =>
    intl.formatDisplayName(isoRegionCode(code), { type: 'region' }) ?? code;
  const error = signUp.error;
  // Both say the seller may already have what they came for: a sign-in.
  const offerSignIn =
    error instanceof SignedUpNotSignedInError ||
    (error instanceof ApiError && error.code === 'account/email-taken');

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...signUpMessages.title} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...signUpMessages.subtitle} />
        </Text>
      </Stack>

      {signUp.isError && (
        <FormErrorAlert title={intl.formatMessage(signUpMessages.failedTitle)}>
          {error instanceof SignedUpNotSignedInError
            ? intl.formatMessage(signUpMessages.signInFailed)
            : errorText(intl, error)}
          {offerSignIn && (
            <>
              {' '}
              <Anchor component={Link} to="/login" fz="sm">
                <FormattedMessage {...signUpMessages.signInLink} />
              </Anchor>
            </>
          )}
        </FormErrorAlert>
      )}

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            data-autofocus
            label={intl.formatMessage(signUpMessages.companyName)}
            autoComplete="organization"
            required
            withAsterisk={false}
            maxLength={COMPANY_NAME_MAX_LENGTH}
            key={form.key('companyName')}
            {...form.getInputProps('companyName')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={intl.formatMessage(signUpMessages.firstName)}
              autoComplete="given-name"
              required
              withAsterisk={false}
              maxLength={PERSON_NAME_MAX_LENGTH}
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={intl.formatMessage(signUpMessages.lastName)}
              autoComplete="family-name"
              maxLength={PERSON_NAME_MAX_LENGTH}
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <EmailField
            maxLength={EMAIL_MAX_LENGTH}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <NewPasswordFields form={form} />
          <NativeSelect
            label={intl.formatMessage(signUpMessages.country)}
            description={intl.formatMessage(signUpMessages.countryHint)}
            autoComplete="country"
            data={COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) }))}
            key={form.key('countryCode')}
            {...form.getInputProps('countryCode')}
          />
          <Button type="submit" fullWidth loading={signUp.isPending} mt="xs">
            <FormattedMessage {...signUpMessages.submit} />
          </Button>
        </Stack>
      </form>

      <Text ta="center" fz="sm">
        <Anchor component={Link} to="/login" fz="sm">
          <FormattedMessage {...signUpMessages.signInLink} />
        </Anchor>
      </Text>
    </Stack>
  );
}
