import { Alert, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconInfoCircle, IconPackage, IconRefresh } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useStartChoice } from '../hooks/use-start-choice';
import { onboardingMessages } from '../onboarding.messages';
import {
  START_CHOICES,
  START_CHOICE_TEXT,
  isStartChoice,
  type StartChoice,
} from '../start-choices';
import { useDocumentTitle } from '../../../lib/document-title';

const ICONS: Record<StartChoice, typeof IconPackage> = {
  create_new_items_within_listloop: IconPackage,
  keep_importing_from_ebay: IconRefresh,
  import_from_csv: IconFileSpreadsheet,
};

/** Spec §2 /onboarding (onboarding-rework flag): how would you like to start? */
export function OnboardingPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(onboardingMessages.documentTitle));
  const [choice, setChoice] = useStartChoice();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...onboardingMessages.title} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...onboardingMessages.intro} />
        </Text>
      </Stack>

      <Radio.Group
        value={choice}
        onChange={(value) => {
          if (isStartChoice(value)) setChoice(value);
        }}
        label={intl.formatMessage(onboardingMessages.choicesLabel)}
        labelProps={{ mb: 'xs' }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {START_CHOICES.map((option) => {
            const Icon = ICONS[option];
            return (
              <Radio.Card
                key={option}
                value={option}
                radius="md"
                p="md"
                style={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  borderColor:
                    choice === option ? 'var(--mantine-primary-color-filled)' : undefined,
                  backgroundColor:
                    choice === option ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Stack gap="xs" w="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                      <Icon size={20} />
                    </ThemeIcon>
                    <Radio.Indicator />
                  </Group>
                  <Text fw={650} fz="sm">
                    {intl.formatMessage(START_CHOICE_TEXT[option].title)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {intl.formatMessage(START_CHOICE_TEXT[option].body)}
                  </Text>
                </Stack>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>

      {choice && (
        <Alert
          variant="light"
          color="indigo"
          radius="md"
          icon={<IconInfoCircle size={18} />}
          role="status"
        >
          <Text fz="sm">
            <FormattedMessage
              {...onboardingMessages.savedLocally}
              values={{ choice: intl.formatMessage(START_CHOICE_TEXT[choice].title) }}
            />
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
