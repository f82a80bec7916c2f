import { Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { errorText } from '../../../lib/error-text';
import { useSaveSetting } from '../api/user-settings.api';
import { settingStatus, type SettingChange, type SettingValue } from '../settings-state';
import {
  flipSwitch,
  NO_SAVES,
  saveSettled,
  shownValue,
  type SwitchSaves,
} from '../../../lib/switch-saves';
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
 * meanwhile (a keyboard user keeps focus on it): flipping it again is kept and saved once the
 * answer is in (see SwitchSaves), never dropped.
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
  // Rendered from the state; read and written by the save callbacks through the ref, which
  // always holds the latest (a callback's closure would hold the state of its render).
  const [saves, setSavesState] = useState<SwitchSaves>(NO_SAVES);
  const savesRef = useRef<SwitchSaves>(NO_SAVES);
  const setSaves = (next: SwitchSaves) => {
    savesRef.current = next;
    setSavesState(next);
  };
  const busy = saves.sending !== null;

  const send = (enabled: boolean) => {
    save.mutate({ ...setting, enabled } as SettingChange, {
      onError: (error) => {
        // A later choice is still to be saved (or undoes this one): no failure to tell yet.
        if (savesRef.current.next !== null) return;
        notifications.show({
          color: 'red',
          title: intl.formatMessage(settingsMessages.notSavedTitle),
          message: intl.formatMessage(settingsMessages.notSavedBody, {
            setting: accessibleName,
            reason: errorText(intl, error),
          }),
        });
      },
      onSettled: (result, _error, change, context) => {
        // Saved: the server's value; refused: the one put back.
        const saved = result?.value.enabled ?? context?.previous?.enabled ?? !change.enabled;
        const after = saveSettled(savesRef.current, saved);
        setSaves(after.saves);
        if (after.send !== null) send(after.send);
      },
    });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (readOnly) return;
    const flipped = flipSwitch(savesRef.current, event.currentTarget.checked);
    setSaves(flipped.saves);
    if (flipped.send !== null) send(flipped.send);
  };

  return (
    <Switch
      checked={shownValue(saves, value.enabled)}
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
