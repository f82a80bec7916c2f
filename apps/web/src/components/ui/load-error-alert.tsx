import { Alert, Button, Stack, Text, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { errorText } from '../../lib/error-text';

interface LoadErrorAlertProps extends Pick<AlertProps, 'm' | 'mt' | 'mb'> {
  title: ReactNode;
  /** The query's error; shown as `errorText` words it. */
  error: unknown;
  onRetry: () => void;
}

/** What a section shows when its query failed: why, and a button to ask again. */
export function LoadErrorAlert({ title, error, onRetry, ...layout }: LoadErrorAlertProps) {
  const intl = useIntl();
  return (
    <Alert
      {...layout}
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{errorText(intl, error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Stack>
    </Alert>
  );
}
