import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { appMessages } from '../app.messages';
import { isScreenLoadError } from '../routing/lazy-screen';
import { StatusScreen } from './status-screen';
import { useDocumentTitle } from '../../lib/document-title';

/** A screen that threw while rendering or loading, in place of the whole page. */
export function RouteError(props: ErrorComponentProps) {
  return <ScreenFailure {...props} fullPage />;
}

/** A screen that threw while rendering or loading, inside its layout (the shell stays). */
export function ScreenError(props: ErrorComponentProps) {
  return <ScreenFailure {...props} />;
}

function ScreenFailure({ error, reset, fullPage }: ErrorComponentProps & { fullPage?: boolean }) {
  const intl = useIntl();
  const router = useRouter();
  // A screen whose code did not arrive: "try again" fetches it again; a reload brings a new release.
  const notLoaded = isScreenLoadError(error);
  const title = intl.formatMessage(
    notLoaded ? appMessages.screenLoadErrorTitle : appMessages.routeErrorTitle,
  );
  useDocumentTitle(title);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <StatusScreen
      fullPage={fullPage}
      color="red"
      icon={notLoaded ? <IconCloudOff size={28} /> : <IconAlertTriangle size={28} />}
      title={title}
      description={intl.formatMessage(
        notLoaded ? appMessages.screenLoadErrorBody : appMessages.routeErrorBody,
      )}
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
          {notLoaded ? (
            <Button variant="default" onClick={() => window.location.reload()}>
              <FormattedMessage {...appMessages.reloadPage} />
            </Button>
          ) : (
            <Button component={Link} to="/" variant="default">
              <FormattedMessage {...commonMessages.backHome} />
            </Button>
          )}
        </Group>
      }
    />
  );
}
