import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  connectOptionsQueryOptions,
  connectionsQueryOptions,
} from '../../../lib/connections/connections.api';
import { ConnectFailureAlert, useConnectReturn } from '../../../lib/connections/use-connect-return';
import { usePermission } from '../../../lib/session';
import { importMessages } from '../import.messages';
import { CsvImport } from './csv-import';
import { MarketplaceImport } from './marketplace-import';
import { useDocumentTitle } from '../../../lib/document-title';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

/**
 * /app/import (spec §2): bring inventory in from a CSV file, or start creating items. It is
 * also where web-auth-url sends a seller back after connecting a marketplace (spec §7), and
 * where the listings of eBay, Etsy and Shopify are imported from.
 */
export function ImportPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(importMessages.documentTitle));
  const canWrite = usePermission('items.write');
  const canManage = usePermission('marketplaces.manage');
  const connections = useQuery({ ...connectionsQueryOptions(), enabled: canManage });
  const options = useQuery({ ...connectOptionsQueryOptions(), enabled: canManage });
  const arrival = useConnectReturn({
    connections: connections.data,
    settled: !canManage || !connections.isPending,
  });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          <FormattedMessage {...importMessages.title} />
        </Title>
        <Text c="dimmed" fz="sm" maw={720}>
          <FormattedMessage {...importMessages.intro} />
        </Text>
      </Stack>

      <HelpTextAlert helpKey="import" />

      {arrival.failure && (
        <ConnectFailureAlert message={arrival.failure} onDismiss={arrival.dismissFailure} />
      )}

      <CsvImport canWrite={canWrite} />

      <MarketplaceImport
        canManage={canManage}
        canWrite={canWrite}
        connections={connections}
        options={options}
      />

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="create-title">
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconPackage size={20} />
            </ThemeIcon>
            <Title order={2} fz="sm" fw={650} id="create-title">
              {intl.formatMessage(importMessages.createTitle)}
            </Title>
          </Group>
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(importMessages.createBody)}
          </Text>
          {canWrite && (
            <Button
              component={Link}
              to="/app/inventory/new"
              variant="light"
              size="xs"
              w="fit-content"
            >
              {intl.formatMessage(importMessages.createAction)}
            </Button>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
