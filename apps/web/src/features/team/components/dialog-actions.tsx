import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';

/** The foot of a team form dialog: why the last try failed, then Cancel and the submit button. */
export function DialogActions({
  failure,
  onCancel,
  submitLabel,
  loading,
  disabled,
}: {
  failure: string | null;
  onCancel: () => void;
  submitLabel: ReactNode;
  loading: boolean;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
        <Button type="submit" loading={loading} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
