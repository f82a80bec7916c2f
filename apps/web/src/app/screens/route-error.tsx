import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { appMessages } from '../app.messages';
import { StatusScreen } from './status-screen';
import { useDocumentTitle } from '../../lib/document-title';

/** A screen that threw while rendering or loading. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(appMessages.routeErrorTitle));
  const router = useRouter();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <StatusScreen
      fullPage
      color="red"
      icon={<IconAlertTriangle size={28} />}
      title={intl.formatMessage(appMessages.routeErrorTitle)}
      description={intl.formatMessage(appMessages.routeErrorBody)}
      actions={
        <Group>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            <FormattedMessage {...commonMessages.retry} />
          </Button>
          <Button component={Link} to="/" variant="default">
            <FormattedMessage {...commonMessages.backHome} />
          </Button>
        </Group>
      }
    />
  );
}
