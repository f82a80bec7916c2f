import {
  AccountSettingsUpdateSchema,
  COMPANY_NAME_MAX_LENGTH,
  SHOPIFY_WEBHOOKS,
  timeZoneChoices,
  type AccountSettings,
} from '@listloop/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconShoppingBag,
  IconBrandSlack,
  IconBuilding,
  IconInfoCircle,
  IconPuzzle,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { commonMessages } from '../../../i18n/common.messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { variantOptionsQueryOptions } from '../../../lib/inventory/variant-options.api';
import { loadState } from '../../../lib/load-state';
import { sessionQueryKey, usePermission } from '../../../lib/session';
import { accountMessages } from '../account.messages';
import {
  settingsUpdate,
  valuesFromSettings,
  type AccountSettingsValues,
} from '../account-settings-form';
import { accountKeys, accountSettingsQueryOptions, saveAccountSettings } from '../api/account.api';
import { AccountCard } from './account-card';
import { AiUsageCard } from './ai-usage-card';
import { MarketplacesCard } from './marketplaces-card';
import { RegionalSettingsCard } from './regional-settings-card';
import { TeamsCard } from './teams-card';

const WEBHOOK_LABELS = {
  ORDERS_CREATE: accountMessages.webhookOrdersCreate,
  PRODUCTS_CREATE: accountMessages.webhookProductsCreate,
  PRODUCTS_UPDATE: accountMessages.webhookProductsUpdate,
} satisfies Record<(typeof SHOPIFY_WEBHOOKS)[number], unknown>;

function SettingsSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1, 2].map((card) => (
        <Stack key={card} gap="sm">
          <Skeleton h={22} w={180} />
          <Skeleton h={52} />
        </Stack>
      ))}
    </Stack>
  );
}

function AccountSettingsForm({
  settings,
  canManage,
}: {
  settings: AccountSettings;
  canManage: boolean;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const saved = valuesFromSettings(settings);
  const form = useForm<AccountSettingsValues>({
    initialValues: saved,
    validate: {
      companyName: (value) => {
        const name = value.trim();
        if (!name) return intl.formatMessage(accountMessages.companyNameRequired);
        if (name.length > COMPANY_NAME_MAX_LENGTH) {
          return intl.formatMessage(accountMessages.companyNameTooLong, {
            max: COMPANY_NAME_MAX_LENGTH,
          });
        }
        return null;
      },
      shopifyWebhooks: (value) =>
        value.length === 0 ? intl.formatMessage(accountMessages.shopifyWebhooksRequired) : null,
    },
  });
  const update = settingsUpdate(saved, form.values);
  const dirty = canManage && update !== null;

  const save = useMutation({
    mutationFn: () => saveAccountSettings(AccountSettingsUpdateSchema.parse(update ?? {})),
    onSuccess: (answer) => {
      queryClient.setQueryData(accountKeys.settings(), answer);
      form.setValues(valuesFromSettings(answer));
      form.resetDirty(valuesFromSettings(answer));
      // The shell shows the company name, and the item editor reads the multi-variant switch.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: variantOptionsQueryOptions.queryKey });
      notifications.show({ color: 'teal', message: intl.formatMessage(accountMessages.saved) });
    },
  });

  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !save.isPending,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const readOnly = !canManage || save.isPending;
  // The runtime's zones, with the saved one even if this browser does not know it.
  const timeZones = [...new Set([...timeZoneChoices(), settings.timeZone])];
  const slackLocked = !settings.slackWebhookConfigured && !form.values.slackAlerts;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(() => {
        if (update) save.mutate();
      })}
    >
      <Stack gap="lg">
        {!canManage && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            {intl.formatMessage(accountMessages.settingsReadOnly)}
          </Alert>
        )}

        <SectionCard
          titleId="account-company"
          title={intl.formatMessage(accountMessages.companyTitle)}
          icon={<IconBuilding size={18} />}
          description={intl.formatMessage(accountMessages.companyDescription)}
        >
          <Stack gap="md">
            <TextInput
              label={intl.formatMessage(accountMessages.companyName)}
              autoComplete="organization"
              maxLength={COMPANY_NAME_MAX_LENGTH}
              readOnly={readOnly}
              {...form.getInputProps('companyName')}
            />
            <Select
              label={intl.formatMessage(accountMessages.timeZone)}
              description={intl.formatMessage(accountMessages.timeZoneHint)}
              data={timeZones}
              searchable
              allowDeselect={false}
              readOnly={readOnly}
              maxDropdownHeight={280}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('timeZone')}
            />
          </Stack>
        </SectionCard>

        <SectionCard
          titleId="account-features"
          title={intl.formatMessage(accountMessages.featuresTitle)}
          icon={<IconPuzzle size={18} />}
          description={intl.formatMessage(accountMessages.featuresDescription)}
        >
          <Stack gap="md">
            <Switch
              label={intl.formatMessage(accountMessages.multiVariants)}
              description={intl.formatMessage(accountMessages.multiVariantsHint)}
              disabled={readOnly}
              {...form.getInputProps('isMultiVariantsEnabled', { type: 'checkbox' })}
            />
            <Switch
              label={intl.formatMessage(accountMessages.pickingList)}
              description={intl.formatMessage(accountMessages.pickingListHint)}
              disabled={readOnly}
              {...form.getInputProps('pickingListEnabled', { type: 'checkbox' })}
            />
            <Radio.Group
              label={intl.formatMessage(accountMessages.verificationMethod)}
              pl={{ base: 0, sm: 'xl' }}
              {...form.getInputProps('verificationMethod')}
            >
              <Group gap="lg" mt={6}>
                <Radio
                  value="via_photo"
                  label={intl.formatMessage(accountMessages.viaPhoto)}
                  disabled={readOnly || !form.values.pickingListEnabled}
                />
                <Radio
                  value="via_barcode"
                  label={intl.formatMessage(accountMessages.viaBarcode)}
                  disabled={readOnly || !form.values.pickingListEnabled}
                />
              </Group>
            </Radio.Group>
          </Stack>
        </SectionCard>

        <SectionCard
          titleId="account-shopify"
          title={intl.formatMessage(accountMessages.shopifyTitle)}
          icon={<IconShoppingBag size={18} />}
          description={intl.formatMessage(accountMessages.shopifyDescription)}
        >
          <Checkbox.Group
            label={intl.formatMessage(accountMessages.shopifyWebhooks)}
            {...form.getInputProps('shopifyWebhooks')}
          >
            <Stack gap="xs" mt={6}>
              {SHOPIFY_WEBHOOKS.map((topic) => (
                <Checkbox
                  key={topic}
                  value={topic}
                  label={intl.formatMessage(WEBHOOK_LABELS[topic])}
                  disabled={readOnly}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </SectionCard>

        <SectionCard
          titleId="account-slack"
          title={intl.formatMessage(accountMessages.slackTitle)}
          icon={<IconBrandSlack size={18} />}
          description={intl.formatMessage(accountMessages.slackDescription)}
        >
          <Switch
            label={intl.formatMessage(accountMessages.slackAlerts)}
            description={
              slackLocked ? intl.formatMessage(accountMessages.slackNeedsWebhook) : undefined
            }
            disabled={readOnly || slackLocked}
            {...form.getInputProps('slackAlerts', { type: 'checkbox' })}
          />
        </SectionCard>

        {save.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} />}
            title={intl.formatMessage(accountMessages.saveFailedTitle)}
          >
            {errorText(intl, save.error)}
          </Alert>
        )}

        {canManage && (
          <Group justify="flex-end" gap="sm">
            {dirty && (
              <Text fz="sm" c="dimmed" role="status" mr="auto">
                {intl.formatMessage(accountMessages.unsaved)}
              </Text>
            )}
            <Button
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => {
                save.reset();
                form.setValues(saved);
              }}
            >
              {intl.formatMessage(accountMessages.reset)}
            </Button>
            <Button type="submit" disabled={!dirty} loading={save.isPending}>
              {intl.formatMessage(accountMessages.save)}
            </Button>
          </Group>
        )}
      </Stack>

      <ConfirmModal
        opened={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        danger
        title={intl.formatMessage(accountMessages.leaveTitle)}
        confirmLabel={intl.formatMessage(accountMessages.leaveConfirm)}
        onConfirm={() => blocker.proceed?.()}
      >
        <Text fz="sm">{intl.formatMessage(accountMessages.leaveBody)}</Text>
      </ConfirmModal>
    </form>
  );
}

/**
 * /app/account: the account's settings (spec §3 Account, §7 GET and PUT /api/account), for the
 * whole team. Read by every member; changed with the account.manage permission. Below them, the
 * account's facts as the signed-in member sees them: their role and what it allows, their
 * teams, the marketplaces the account may use, and the regional settings in force.
 */
export function AccountSettingsPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(accountMessages.settingsTitle));
  const canManage = usePermission('account.manage');
  const settings = useQuery(accountSettingsQueryOptions);
  const state = loadState(settings);

  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(accountMessages.settingsTitle)}
        </Title>
        <Text c="dimmed" fz="sm">
          {intl.formatMessage(accountMessages.settingsIntro)}
        </Text>
      </Stack>

      <HelpTextAlert helpKey="profile" />

      {state.kind === 'loading' ? (
        <>
          <VisuallyHidden role="status">
            {intl.formatMessage(commonMessages.loading)}
          </VisuallyHidden>
          <SettingsSkeleton />
        </>
      ) : state.kind === 'failed' ? (
        <LoadErrorAlert
          title={intl.formatMessage(accountMessages.settingsLoadFailed)}
          error={state.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <AccountSettingsForm settings={state.data} canManage={canManage} />
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <AccountCard />
        <TeamsCard />
        <MarketplacesCard />
        <RegionalSettingsCard />
        {canManage && <AiUsageCard />}
      </SimpleGrid>
    </Stack>
  );
}
