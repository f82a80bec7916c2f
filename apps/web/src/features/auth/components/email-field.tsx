import { TextInput, type TextInputProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import { authMessages } from '../auth.messages';

/** The sign-in e-mail field of the login and join-team forms (spec §5: labelled Email). */
export function EmailField(props: TextInputProps & { 'data-autofocus'?: boolean }) {
  const intl = useIntl();
  return (
    <TextInput
      label={intl.formatMessage(authMessages.email)}
      placeholder={intl.formatMessage(authMessages.emailPlaceholder)}
      type="email"
      autoComplete="username"
      required
      withAsterisk={false}
      {...props}
    />
  );
}
