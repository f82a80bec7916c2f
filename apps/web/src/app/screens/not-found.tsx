import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { useDocumentTitle } from '../../lib/document-title';
import { appMessages } from '../app.messages';
import { StatusScreen } from './status-screen';

/** A path nothing answers: globally (full page) or under /app (inside the shell). */
export function NotFound({ fullPage = false }: { fullPage?: boolean }) {
  const intl = useIntl();
  const pathname = useLocation({ select: (location) => location.pathname });
  useDocumentTitle(intl.formatMessage(appMessages.notFoundTitle));
  return (
    <StatusScreen
      fullPage={fullPage}
      color="gray"
      icon={<IconMapQuestion size={28} />}
      title={intl.formatMessage(appMessages.notFoundTitle)}
      description={
        <FormattedMessage
          {...appMessages.notFoundBody}
          values={{ path: pathname, code: (chunks) => <code>{chunks}</code> }}
        />
      }
      actions={
        <Button component={Link} to="/" variant="light">
          <FormattedMessage {...commonMessages.backHome} />
        </Button>
      }
    />
  );
}

export const GlobalNotFound = () => <NotFound fullPage />;
export const ShellNotFound = () => <NotFound />;
