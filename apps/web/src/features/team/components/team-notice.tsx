import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';

/** What the last action on a team tab did, or why it failed; null when there is nothing to say. */
export type Notice = { kind: 'done' | 'failed'; text: string } | null;

/** The last action's outcome above a team tab, until dismissed. */
export function TeamNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const intl = useIntl();
  if (!notice) return null;
  return (
    <Alert
      role={notice.kind === 'failed' ? 'alert' : 'status'}
      color={notice.kind === 'failed' ? 'red' : 'teal'}
      variant="light"
      withCloseButton
      closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
      onClose={onDismiss}
    >
      {notice.text}
    </Alert>
  );
}
