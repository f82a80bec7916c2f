import { Button } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { errorText } from '../../lib/error-text';
import { appMessages } from '../app.messages';
import { StatusScreen } from './status-screen';

/** The session could not be loaded at all: nothing else can be shown until it is. */
export function SessionError({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <StatusScreen
      fullPage
      color="orange"
      icon={<IconPlugConnectedX size={28} />}
      title={intl.formatMessage(appMessages.sessionErrorTitle)}
      description={intl.formatMessage(appMessages.sessionErrorBody, {
        reason: errorText(intl, error),
      })}
      actions={
        <Button onClick={onRetry} loading={retrying}>
          <FormattedMessage {...commonMessages.retry} />
        </Button>
      }
    />
  );
}
