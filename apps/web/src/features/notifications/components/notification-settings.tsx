import { isSlackWebhookUrl, type SlackSettings } from '@listloop/domain';
import { Alert, Button, Group, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBrandSlack, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { errorText } from '../../../lib/error-text';
import { useMayUse } from '../../../lib/session';
import {
  notificationPreferencesQueryOptions,
  savePreferencesMutationOptions,
  slackSettingsQueryOptions,
  useSaveSlackSettings,
} from '../api/notification-settings.api';
import { loadState } from '../../../lib/load-state';
import {
  flipSwitch,
  NO_SAVES,
  saveSettled,
  shownValue,
  type SwitchSaves,
} from '../../../lib/switch-saves';
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

type EmailSwitchKey = 'emailSales' | 'emailProblems';

/**
 * One e-mail switch, saved as it is switched, with its own save: the other switch can be
 * flipped meanwhile, and flipping this one again is saved after the answer (SwitchSaves).
 */
function EmailSwitch({
  name,
  value,
  disabled,
  label,
  description,
}: {
  name: EmailSwitchKey;
  value: boolean;
  disabled: boolean;
  label: string;
  description: string;
}) {
  const intl = useIntl();
  const save = useMutation(savePreferencesMutationOptions(useQueryClient()));
  const [saves, setSavesState] = useState<SwitchSaves>(NO_SAVES);
  const savesRef = useRef<SwitchSaves>(NO_SAVES);
  const setSaves = (next: SwitchSaves) => {
    savesRef.current = next;
    setSavesState(next);
  };

  const send = (enabled: boolean) => {
    save.mutate(
      { [name]: enabled },
      {
        onError: (error) => {
          if (savesRef.current.next !== null) return;
          toasts.show({
            color: 'red',
            message: intl.formatMessage(m.notSaved, { reason: errorText(intl, error) }),
          });
        },
        onSettled: (saved, _error, _update, context) => {
          const settled = saved?.[name] ?? context?.before?.[name] ?? !enabled;
          const after = saveSettled(savesRef.current, settled);
          setSaves(after.saves);
          if (after.send !== null) send(after.send);
        },
      },
    );
  };

  return (
    <Switch
      checked={shownValue(saves, value)}
      onChange={(event) => {
        const flipped = flipSwitch(savesRef.current, event.currentTarget.checked);
        setSaves(flipped.saves);
        if (flipped.send !== null) send(flipped.send);
      }}
      disabled={disabled}
      aria-busy={saves.sending !== null || undefined}
      label={label}
      description={description}
      data-testid={name === 'emailSales' ? 'email-sales' : 'email-problems'}
    />
  );
}

/** The signed-in user's e-mail switches: sales, and problems. Each saves as it is switched. */
function EmailSettings() {
  const intl = useIntl();
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const state = loadState(preferences);

  return (
    <SectionCard
      titleId="notification-settings-email"
      title={intl.formatMessage(m.emailTitle)}
      icon={<IconMail size={18} />}
      description={
        state.kind === 'ready'
          ? intl.formatMessage(m.emailDescription, { email: state.data.email })
          : undefined
      }
    >
      {state.kind === 'loading' ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : state.kind === 'failed' ? (
        <LoadFailed error={state.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Stack gap="md">
          {!state.data.emailAvailable && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
              {intl.formatMessage(m.emailUnavailable)}
            </Alert>
          )}
          <EmailSwitch
            name="emailSales"
            value={state.data.emailSales}
            disabled={!state.data.emailAvailable}
            label={intl.formatMessage(m.emailSales)}
            description={intl.formatMessage(m.emailSalesHint)}
          />
          <EmailSwitch
            name="emailProblems"
            value={state.data.emailProblems}
            disabled={!state.data.emailAvailable}
            label={intl.formatMessage(m.emailProblems)}
            description={intl.formatMessage(m.emailProblemsHint)}
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
  const state = loadState(slack);
  return (
    <SectionCard
      titleId="notification-settings-slack"
      title={intl.formatMessage(m.slackTitle)}
      icon={<IconBrandSlack size={18} />}
      description={intl.formatMessage(m.slackDescription)}
    >
      {state.kind === 'loading' ? (
        <Skeleton h={120} aria-hidden />
      ) : state.kind === 'failed' ? (
        <LoadFailed error={state.error} onRetry={() => void slack.refetch()} />
      ) : (
        // Keyed by what is saved, so the form starts again from it after a save elsewhere.
        <SlackForm
          key={`${state.data.enabled}-${state.data.webhookHint ?? ''}`}
          current={state.data}
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
  const canManageAccount = useMayUse('account.settings');
  return (
    <Stack gap="md">
      <EmailSettings />
      {canManageAccount && <SlackSettingsCard />}
    </Stack>
  );
}
