import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPackage, IconRefresh } from '@tabler/icons-react';
import type { MessageDescriptor } from 'react-intl';
import { FormattedMessage, useIntl } from 'react-intl';
import { importMessages } from '../import.messages';

interface ImportWay {
  key: string;
  icon: typeof IconPackage;
  title: MessageDescriptor;
  body: MessageDescriptor;
  /** Flip on when the way works; until then the card says when it comes, and offers nothing. */
  available: boolean;
}

const WAYS: readonly ImportWay[] = [
  {
    key: 'create',
    icon: IconPackage,
    title: importMessages.createTitle,
    body: importMessages.createBody,
    available: false,
  },
  {
    key: 'ebay',
    icon: IconRefresh,
    title: importMessages.ebayTitle,
    body: importMessages.ebayBody,
    available: false,
  },
  {
    key: 'csv',
    icon: IconFileSpreadsheet,
    title: importMessages.csvTitle,
    body: importMessages.csvBody,
    available: false,
  },
];

/**
 * /app/import (spec §2): the ways to bring inventory in. None works yet, and the page says so
 * rather than offering buttons that do nothing.
 */
export function ImportPage() {
  const intl = useIntl();
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

      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {WAYS.map((way) => (
          <Card key={way.key} component="li" withBorder radius="md" padding="md">
            <Stack gap="xs">
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
              {!way.available && (
                <Badge variant="light" color="gray" radius="sm" tt="none" fw={600} w="fit-content">
                  {intl.formatMessage(importMessages.comingSoon)}
                </Badge>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
