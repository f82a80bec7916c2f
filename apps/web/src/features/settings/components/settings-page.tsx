import {
  BULK_ACTIONS,
  dictationAtPhotoStep,
  MARKETPLACE_NAMES,
  USER_SETTINGS_DEFAULTS,
  type MarketplaceId,
  type SpeechOption,
  type UserSettings,
} from '@listloop/domain';
import {
  Alert,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBell,
  IconInfoCircle,
  IconMicrophone,
  IconRefresh,
  IconShieldCheck,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { commonMessages } from '../../../i18n/common.messages';
import { useSignedInSession } from '../../../lib/session';
import { useSaveSpeechOption, userSettingsQueryOptions } from '../api/user-settings.api';
import { loadState } from '../../../lib/load-state';
import { bulkActionMessages, settingsMessages } from '../settings.messages';
import { SettingSwitch } from './setting-switch';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * The switches of a section under the one sentence that says what each does: a column on a
 * phone, two side by side on a wider screen.
 */
function SwitchList({ caption, children }: { caption: string; children: ReactNode[] }) {
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={600}>
        {caption}
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="xs"
        verticalSpacing="xs"
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {children.map((child, index) => (
          <Paper key={index} component="li" withBorder radius="md" px="sm" py="xs">
            {child}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function MarketplaceSections({
  settings,
  marketplaces,
  saleDetectionReadOnly,
}: {
  settings: UserSettings;
  marketplaces: MarketplaceId[];
  saleDetectionReadOnly: boolean;
}) {
  const intl = useIntl();
  const none = (
    <Text fz="sm" c="dimmed">
      {intl.formatMessage(settingsMessages.noMarketplaces)}
    </Text>
  );
  return (
    <>
      <SectionCard
        titleId="settings-sale-detection"
        title={intl.formatMessage(settingsMessages.saleDetectionTitle)}
        icon={<IconShieldCheck size={18} />}
        description={intl.formatMessage(settingsMessages.saleDetectionDescription)}
      >
        {saleDetectionReadOnly && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="sm">
            {intl.formatMessage(settingsMessages.saleDetectionManaged)}
          </Alert>
        )}
        {marketplaces.length === 0 ? (
          none
        ) : (
          <SwitchList caption={intl.formatMessage(settingsMessages.saleDetectionRowHint)}>
            {marketplaces.map((id) => (
              <SettingSwitch
                key={id}
                setting={{ section: 'saleDetection', key: id }}
                value={settings.saleDetection[id]}
                defaultEnabled={USER_SETTINGS_DEFAULTS.saleDetection}
                label={MARKETPLACE_NAMES[id]}
                accessibleName={intl.formatMessage(settingsMessages.saleDetectionSwitch, {
                  marketplace: MARKETPLACE_NAMES[id],
                })}
                readOnly={saleDetectionReadOnly}
                testId={`sale-detection-${id}`}
              />
            ))}
          </SwitchList>
        )}
      </SectionCard>

      <SectionCard
        titleId="settings-force-delist-relist"
        title={intl.formatMessage(settingsMessages.forceTitle)}
        icon={<IconRefresh size={18} />}
        description={intl.formatMessage(settingsMessages.forceDescription)}
      >
        {marketplaces.length === 0 ? (
          none
        ) : (
          <SwitchList caption={intl.formatMessage(settingsMessages.forceRowHint)}>
            {marketplaces.map((id) => (
              <SettingSwitch
                key={id}
                setting={{ section: 'forceDelistRelist', key: id }}
                value={settings.forceDelistRelist[id]}
                defaultEnabled={USER_SETTINGS_DEFAULTS.forceDelistRelist}
                label={MARKETPLACE_NAMES[id]}
                accessibleName={intl.formatMessage(settingsMessages.forceSwitch, {
                  marketplace: MARKETPLACE_NAMES[id],
                })}
                testId={`force-delist-relist-${id}`}
              />
            ))}
          </SwitchList>
        )}
      </SectionCard>
    </>
  );
}

/**
 * Dictation at the photo step, the member's own choice in this account. Two choices: the
 * "collect data" and speech-flow values do what dictation does (ListLoop keeps no recording),
 * so a member who has one sees dictation on, and choosing saves the plain value.
 */
function SpeechSection({ option }: { option: SpeechOption }) {
  const intl = useIntl();
  const save = useSaveSpeechOption();
  // The choice shows at once; a failed save puts back what the server has.
  const [chosen, setChosen] = useState<SpeechOption | null>(null);
  const on = dictationAtPhotoStep(chosen ?? option);
  return (
    <SectionCard
      titleId="settings-speech"
      title={intl.formatMessage(settingsMessages.speechTitle)}
      icon={<IconMicrophone size={18} />}
      description={intl.formatMessage(settingsMessages.speechDescription)}
    >
      <Radio.Group
        label={intl.formatMessage(settingsMessages.speechLabel)}
        value={on ? 'speech_at_photo_step' : 'disabled'}
        onChange={(value) => {
          setChosen(value as SpeechOption);
          save.mutate(value as SpeechOption, { onError: () => setChosen(null) });
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="disabled" label={intl.formatMessage(settingsMessages.speechOff)} />
          <Radio
            value="speech_at_photo_step"
            label={intl.formatMessage(settingsMessages.speechOn)}
            description={intl.formatMessage(settingsMessages.speechOnHint)}
          />
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {intl.formatMessage(settingsMessages.speechNotSaved)}
        </Alert>
      )}
    </SectionCard>
  );
}

function SettingsSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1, 2].map((card) => (
        <Stack key={card} gap="sm">
          <Skeleton h={22} w={180} />
          <Skeleton h={52} />
          <Skeleton h={52} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * /app/settings: the signed-in seller's own settings (spec §3, §5): per marketplace, whether a
 * sale there delists the item everywhere else and whether edits delist and relist; which
 * finished bulk actions notify them; the Mercari form's switch-shipping control. Each switch
 * saves at once.
 */
export function SettingsPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(settingsMessages.title));
  const session = useSignedInSession();
  const settings = useQuery(userSettingsQueryOptions());
  const state = loadState(settings);
  const marketplaces = useMarketplaceOrder()(session.allowedMarketplaces);
  const showMercari = session.allowedMarketplaces.includes('mercari');

  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(settingsMessages.title)}
        </Title>
        <Text c="dimmed" fz="sm">
          {intl.formatMessage(settingsMessages.intro)}
        </Text>
      </Stack>

      {state.kind === 'loading' ? (
        <>
          <VisuallyHidden role="status">
            {intl.formatMessage(commonMessages.loading)}
          </VisuallyHidden>
          <SettingsSkeleton />
        </>
      ) : state.kind === 'failed' ? (
        <LoadErrorAlert
          title={intl.formatMessage(settingsMessages.loadFailed)}
          error={state.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <MarketplaceSections
            settings={state.data}
            marketplaces={marketplaces}
            saleDetectionReadOnly={session.details.hideSaleDetectionToggle}
          />

          <SectionCard
            titleId="settings-notifications"
            title={intl.formatMessage(settingsMessages.notificationsTitle)}
            icon={<IconBell size={18} />}
            description={intl.formatMessage(settingsMessages.notificationsDescription)}
          >
            <SwitchList caption={intl.formatMessage(settingsMessages.notificationsRowHint)}>
              {BULK_ACTIONS.map((action) => {
                const name = intl.formatMessage(bulkActionMessages[action]);
                return (
                  <SettingSwitch
                    key={action}
                    setting={{ section: 'notifications', key: action }}
                    value={state.data.notifications[action]}
                    defaultEnabled={USER_SETTINGS_DEFAULTS.notifications}
                    label={name}
                    accessibleName={intl.formatMessage(settingsMessages.notificationsSwitch, {
                      action: name,
                    })}
                    testId={`notifications-${action}`}
                  />
                );
              })}
            </SwitchList>
          </SectionCard>

          <SpeechSection option={state.data.showSpeechAtPhotoStep} />

          {showMercari && (
            <SectionCard
              titleId="settings-mercari-form"
              title={intl.formatMessage(settingsMessages.mercariTitle)}
              icon={<IconTruckDelivery size={18} />}
              description={intl.formatMessage(settingsMessages.mercariDescription)}
            >
              <SettingSwitch
                setting={{ section: 'mercariForm', key: 'showSwitchShipping' }}
                value={{ enabled: state.data.mercariForm.showSwitchShipping, dateEnabled: null }}
                // A plain flag: no date and no default wording, just on or off.
                defaultEnabled={null}
                label={intl.formatMessage(settingsMessages.mercariShowSwitchShipping)}
                accessibleName={intl.formatMessage(settingsMessages.mercariShowSwitchShipping)}
                hint={intl.formatMessage(settingsMessages.mercariShowSwitchShippingHint)}
                testId="mercari-show-switch-shipping"
              />
            </SectionCard>
          )}
        </>
      )}
    </Stack>
  );
}
