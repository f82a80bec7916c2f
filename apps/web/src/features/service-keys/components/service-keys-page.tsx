import { Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePermission } from '../../../lib/session';
import { serviceKeysMessages as m } from '../service-keys.messages';
import { ServiceKeysSection } from './service-keys-section';

/** /app/service-keys: the account's service keys, for whoever may manage the account. */
export function ServiceKeysPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.title));
  const canManage = usePermission('account.manage');
  return (
    <Stack gap="lg" maw={1100}>
      {canManage ? (
        <ServiceKeysSection headingOrder={1} />
      ) : (
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {intl.formatMessage(m.title)}
          </Title>
          <Text c="dimmed" fz="sm">
            {intl.formatMessage(m.noPermission)}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
