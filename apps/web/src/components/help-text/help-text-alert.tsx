import { Alert, type AlertProps } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';
import { helpTextMessageIds, type ShownHelpTextKey } from '../../i18n/dynamic-messages';
import { useMarkHelpTextSeen } from '../../lib/help-text.api';
import { useSignedInSession } from '../../lib/session';

/**
 * A help text the user sees until they dismiss it; dismissing saves it as seen
 * (spec §3 help-text-seen flags) so it never shows again.
 */
export function HelpTextAlert({
  helpKey,
  mb,
}: {
  helpKey: ShownHelpTextKey;
  /** Space below, where the alert sits above a section's own content. */
  mb?: AlertProps['mb'];
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const markSeen = useMarkHelpTextSeen();

  if (session.helpTextSeen.data[helpKey]) return null;

  const ids = helpTextMessageIds(helpKey);
  return (
    <Alert
      role="note"
      mb={mb}
      variant="light"
      radius="md"
      icon={<IconBulb size={18} />}
      title={intl.formatMessage({ id: ids.title })}
      withCloseButton
      closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
      onClose={() => markSeen.mutate(helpKey)}
    >
      {intl.formatMessage({ id: ids.body })}
    </Alert>
  );
}
