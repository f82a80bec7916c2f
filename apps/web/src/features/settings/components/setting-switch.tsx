import { Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { errorText } from '../../../lib/error-text';
import { useSaveSetting } from '../api/user-settings.api';
import { settingStatus, type SettingChange, type SettingValue } from '../settings-state';
import { settingsMessages } from '../settings.messages';

interface SettingSwitchProps {
  /** Which setting this switch saves. */
  setting: Pick<SettingChange, 'section' | 'key'>;
  value: SettingValue;
  /**
   * The section's default: an entry never set reads "on by default" when it is on. Null for
   * a plain flag, which reads only on or off.
   */
  defaultEnabled: boolean | null;
  /** Shown beside the switch (a marketplace, a bulk action). */
  label: ReactNode;
  /** The switch's full name for assistive technology; it contains the visible label. */
  accessibleName: string;
  /** What switching it on does, under the label, when the section does not say it once for all. */
  hint?: ReactNode;
  readOnly?: boolean;
  testId?: string;
}

function statusText(intl: IntlShape, value: SettingValue, defaultEnabled: boolean | null): string {
  const status = settingStatus(value, defaultEnabled);
  switch (status.kind) {
    case 'onSince':
      return intl.formatMessage(settingsMessages.statusOnSince, {
        date: intl.formatDate(status.since, { dateStyle: 'medium' }),
      });
    case 'onByDefault':
      return intl.formatMessage(settingsMessages.statusOnByDefault);
    case 'on':
      return intl.formatMessage(settingsMessages.statusOn);
    case 'off':
      return intl.formatMessage(settingsMessages.statusOff);
  }
}

/**
 * One setting, saved the moment it is switched. While the save is on the way the switch shows
 * the new value and "Saving…"; a refused save puts it back and says so. It is never disabled
 * meanwhile (a keyboard user keeps focus on it); another flip waits for the answer.
 */
export function SettingSwitch({
  setting,
  value,
  defaultEnabled,
  label,
  accessibleName,
  hint,
  readOnly = false,
  testId,
}: SettingSwitchProps) {
  const intl = useIntl();
  const save = useSaveSetting();
  // The value being saved, shown from the very click (the cache's optimistic value follows a
  // moment later); null when nothing is on the way.
  const [saving, setSaving] = useState<boolean | null>(null);
  const busy = saving !== null || save.isPending;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (readOnly || busy) return;
    const change = { ...setting, enabled: event.currentTarget.checked } as SettingChange;
    setSaving(change.enabled);
    save.mutate(change, {
      onSettled: () => setSaving(null),
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: intl.formatMessage(settingsMessages.notSavedTitle),
          message: intl.formatMessage(settingsMessages.notSavedBody, {
            setting: accessibleName,
            reason: errorText(intl, error),
          }),
        });
      },
    });
  };

  return (
    <Switch
      checked={saving ?? value.enabled}
      onChange={onChange}
      disabled={readOnly}
      aria-label={accessibleName}
      aria-busy={busy || undefined}
      data-testid={testId}
      labelPosition="left"
      size="md"
      label={
        <Text component="span" fz="sm" fw={600}>
          {label}
        </Text>
      }
      description={
        <>
          {hint && (
            <Text component="span" display="block" fz="xs" c="dimmed">
              {hint}
            </Text>
          )}
          <Text
            component="span"
            display="block"
            fz="xs"
            fw={500}
            c={value.enabled ? 'teal' : 'dimmed'}
            data-testid={testId ? `${testId}-status` : undefined}
          >
            {busy
              ? intl.formatMessage(settingsMessages.statusSaving)
              : statusText(intl, value, defaultEnabled)}
          </Text>
        </>
      }
      styles={{
        root: { width: '100%' },
        body: { justifyContent: 'space-between', alignItems: 'flex-start' },
        labelWrapper: { flex: 1, minWidth: 0 },
        track: { cursor: readOnly ? 'not-allowed' : 'pointer' },
      }}
    />
  );
}
