import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import { authMessages } from '../auth.messages';

/**
 * Every field of these short forms is required: the `required` attribute says so to assistive
 * technology, and the label stays exactly its text (no asterisk) for people and tests alike.
 */
export function PasswordField(props: PasswordInputProps) {
  const intl = useIntl();
  return (
    <PasswordInput
      required
      withAsterisk={false}
      visibilityToggleButtonProps={{
        'aria-label': intl.formatMessage(authMessages.togglePasswordVisibility),
      }}
      {...props}
    />
  );
}
