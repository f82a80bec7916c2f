import {
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Button,
} from '@mantine/core';
import { IconPackage, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { MessageDescriptor } from 'react-intl';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePermission } from '../../../lib/session';
import { importMessages } from '../import.messages';
import { CsvImport } from './csv-import';

interface OtherWay {
  key: string;
  icon: typeof IconPackage;
  title: MessageDescriptor;
  body: MessageDescriptor;
  /** Where the way starts; none yet means it is announced, not offered. */
  to: '/app/inventory/new' | null;
  action?: MessageDescriptor;
}

const OTHER_WAYS: readonly OtherWay[] = [
  {
    key: 'create',
    icon: IconPackage,
    title: importMessages.createTitle,
    body: importMessages.createBody,
    to: '/app/inventory/new',
    action: importMessages.createAction,
  },
  {
    key: 'ebay',
    icon: IconRefresh,
    title: importMessages.ebayTitle,
    body: importMessages.ebayBody,
    to: null,
  },
];

/** /app/import (spec §2): bring inventory in from a CSV file, or start creating items. */
export function ImportPage() {
  const intl = useIntl();
  const canWrite = usePermission('items.write');
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

      <CsvImport canWrite={canWrite} />

      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {OTHER_WAYS.map((way) => (
          <Card key={way.key} component="li" withBorder radius="md" padding="md">
            <Stack gap="xs" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <way.icon size={20} />
                </ThemeIcon>
                <Title order={2} fz="sm" fw={650}>
                  {intl.formatMessage(way.title)}
                </Title>
              </Group>
              <Text fz="sm" c="dimmed">
                {intl.formatMessage(way.body)}
              </Text>
              {way.to && way.action && canWrite ? (
                <Button
                  component={Link}
                  to={way.to}
                  variant="light"
                  size="xs"
                  w="fit-content"
                  mt="auto"
                >
                  {intl.formatMessage(way.action)}
                </Button>
              ) : (
                !way.to && (
                  <Badge
                    variant="light"
                    color="gray"
                    radius="sm"
                    tt="none"
                    fw={600}
                    w="fit-content"
                  >
                    {intl.formatMessage(importMessages.comingSoon)}
                  </Badge>
                )
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
