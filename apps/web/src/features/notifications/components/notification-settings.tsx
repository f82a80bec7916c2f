import { isSlackWebhookUrl, type SlackSettings } from '@listloop/domain';
import { Alert, Button, Group, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBrandSlack, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { errorText } from '../../../lib/error-text';
import { usePermission } from '../../../lib/session';
import {
  notificationPreferencesQueryOptions,
  slackSettingsQueryOptions,
  useSavePreferences,
  useSaveSlackSettings,
} from '../api/notification-settings.api';
import { notificationMessages as m } from '../notifications.messages';

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <LoadErrorAlert
      title={intl.formatMessage(m.settingsLoadFailed)}
      error={error}
      onRetry={onRetry}
    />
  );
}

/** The signed-in user's e-mail switches: sales, and problems. Each saves as it is switched. */
function EmailSettings() {
  const intl = useIntl();
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const save = useSavePreferences();

  const onSwitch = (key: 'emailSales' | 'emailProblems', enabled: boolean) => {
    if (save.isPending) return;
    save.mutate(
      { [key]: enabled },
      {
        onError: (error) =>
          toasts.show({
            color: 'red',
            message: intl.formatMessage(m.notSaved, { reason: errorText(intl, error) }),
          }),
      },
    );
  };

  return (
    <SectionCard
      titleId="notification-settings-email"
      title={intl.formatMessage(m.emailTitle)}
      icon={<IconMail size={18} />}
      description={
        preferences.data
          ? intl.formatMessage(m.emailDescription, { email: preferences.data.email })
          : undefined
      }
    >
      {preferences.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : preferences.isError ? (
        <LoadFailed error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Stack gap="md">
          {!preferences.data.emailAvailable && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
              {intl.formatMessage(m.emailUnavailable)}
            </Alert>
          )}
          <Switch
            checked={preferences.data.emailSales}
            onChange={(event) => onSwitch('emailSales', event.currentTarget.checked)}
            disabled={!preferences.data.emailAvailable}
            label={intl.formatMessage(m.emailSales)}
            description={intl.formatMessage(m.emailSalesHint)}
            data-testid="email-sales"
          />
          <Switch
            checked={preferences.data.emailProblems}
            onChange={(event) => onSwitch('emailProblems', event.currentTarget.checked)}
            disabled={!preferences.data.emailAvailable}
            label={intl.formatMessage(m.emailProblems)}
            description={intl.formatMessage(m.emailProblemsHint)}
            data-testid="email-problems"
          />
        </Stack>
      )}
    </SectionCard>
  );
}

function SlackForm({ current }: { current: SlackSettings }) {
  const intl = useIntl();
  const save = useSaveSlackSettings();
  const [enabled, setEnabled] = useState(current.enabled);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = webhookUrl.trim();
    if (url && !isSlackWebhookUrl(url)) return setError(intl.formatMessage(m.slackWebhookInvalid));
    if (enabled && !url && !current.webhookConfigured) {
      return setError(intl.formatMessage(m.slackWebhookNeeded));
    }
    setError(null);
    save.mutate(
      { enabled, ...(url ? { webhookUrl: url } : {}) },
      {
        onSuccess: () => {
          setWebhookUrl('');
          toasts.show({ color: 'teal', message: intl.formatMessage(m.slackSaved) });
        },
        onError: (failure) => setError(errorText(intl, failure)),
      },
    );
  };

  const remove = () => {
    setError(null);
    save.mutate(
      { enabled: false, webhookUrl: null },
      {
        onSuccess: () => {
          setEnabled(false);
          setWebhookUrl('');
        },
        onError: (failure) => setError(errorText(intl, failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          label={intl.formatMessage(m.slackEnabled)}
          data-testid="slack-enabled"
        />
        <TextInput
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          label={intl.formatMessage(m.slackWebhook)}
          description={
            current.webhookConfigured
              ? `${intl.formatMessage(m.slackCurrent, { hint: current.webhookHint ?? '' })} ${intl.formatMessage(m.slackWebhookKeep)}`
              : intl.formatMessage(m.slackWebhookHint)
          }
          placeholder="https://hooks.slack.com/services/…"
          value={webhookUrl}
          onChange={(event) => setWebhookUrl(event.currentTarget.value)}
          error={error}
          data-testid="slack-webhook"
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {intl.formatMessage(m.slackSave)}
          </Button>
          {current.webhookConfigured && (
            <Button variant="subtle" color="red" onClick={remove} disabled={save.isPending}>
              {intl.formatMessage(m.slackRemove)}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The account's Slack sale alerts; only for those who manage the account. */
function SlackSettingsCard() {
  const intl = useIntl();
  const slack = useQuery(slackSettingsQueryOptions());
  return (
    <SectionCard
      titleId="notification-settings-slack"
      title={intl.formatMessage(m.slackTitle)}
      icon={<IconBrandSlack size={18} />}
      description={intl.formatMessage(m.slackDescription)}
    >
      {slack.isPending ? (
        <Skeleton h={120} aria-hidden />
      ) : slack.isError ? (
        <LoadFailed error={slack.error} onRetry={() => void slack.refetch()} />
      ) : (
        // Keyed by what is saved, so the form starts again from it after a save elsewhere.
        <SlackForm
          key={`${slack.data.enabled}-${slack.data.webhookHint ?? ''}`}
          current={slack.data}
        />
      )}
    </SectionCard>
  );
}

/**
 * Notification settings: the user's e-mail switches, and (for those with account.manage) the
 * account's Slack alerts. Shown from the bell; the settings screen can show it too.
 */
export function NotificationSettingsSection() {
  const canManageAccount = usePermission('account.manage');
  return (
    <Stack gap="md">
      <EmailSettings />
      {canManageAccount && <SlackSettingsCard />}
    </Stack>
  );
}
