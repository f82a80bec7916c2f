import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { editionMessageId } from '../../../i18n/dynamic-messages';
import { displayName, useSignedInSession } from '../../../lib/session';
import { homeMessages } from '../home.messages';
import { AccountCard } from './account-card';
import { MarketplacesCard } from './marketplaces-card';
import { RegionalSettingsCard } from './regional-settings-card';
import { TeamsCard } from './teams-card';
import { useDocumentTitle } from '../../../lib/document-title';

/** The root: what the signed-in seller's account is, may use and is set to, at a glance. */
export function HomePage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(homeMessages.documentTitle));
  const session = useSignedInSession();

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          <FormattedMessage {...homeMessages.greeting} values={{ name: displayName(session) }} />
        </Title>
        <Group gap="xs">
          <Text c="dimmed" fz="sm">
            <FormattedMessage
              {...homeMessages.summary}
              values={{ company: session.account.companyName }}
            />
          </Text>
          <Badge variant="light" radius="sm" tt="none">
            {intl.formatMessage({ id: editionMessageId(session.account.accountName) })}
          </Badge>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <AccountCard />
        <MarketplacesCard />
        <TeamsCard />
        <RegionalSettingsCard />
      </SimpleGrid>
    </Stack>
  );
}
