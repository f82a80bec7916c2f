import {
  PICKING_LIST_DAYS_MAX,
  PICKING_LIST_LAYOUTS,
  type PickingListFormDefaults,
  type PickingListLayout,
} from '@listloop/domain';
import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { NumberField } from '../../../components/ui/number-field';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import {
  pickingFormDefaultsQueryOptions,
  pickingListKeys,
  resetPickingFormDefaults,
  savePickingFormDefaults,
} from '../api/picking-list.api';
import { layoutNames, pickingListMessages as m } from '../picking-list.messages';

function SettingsForm({ saved, onClose }: { saved: PickingListFormDefaults; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [daysBack, setDaysBack] = useState<number | null>(saved.daysBack);
  const [includeInPerson, setIncludeInPerson] = useState(saved.includeInPerson);
  const [layout, setLayout] = useState<PickingListLayout>(saved.layout);
  const daysValid = daysBack !== null && daysBack >= 1 && daysBack <= PICKING_LIST_DAYS_MAX;

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: pickingListKeys.all });
    notifications.show({ color: 'green', message: intl.formatMessage(m.defaultsSaved) });
    onClose();
  };
  const save = useMutation({
    mutationFn: () =>
      savePickingFormDefaults({ daysBack: daysBack ?? saved.daysBack, includeInPerson, layout }),
    onSuccess: done,
  });
  const reset = useMutation({ mutationFn: resetPickingFormDefaults, onSuccess: done });
  const failed = save.error ?? reset.error;
  const busy = save.isPending || reset.isPending;

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {intl.formatMessage(m.defaultsIntro)}
      </Text>
      <NumberField
        label={intl.formatMessage(m.defaultsDaysBack)}
        description={intl.formatMessage(m.defaultsDaysBackHint, { max: PICKING_LIST_DAYS_MAX })}
        value={daysBack}
        onChange={setDaysBack}
        min={1}
        max={PICKING_LIST_DAYS_MAX}
        maw={220}
      />
      <Switch
        label={intl.formatMessage(m.defaultsInPerson)}
        description={intl.formatMessage(m.defaultsInPersonHint)}
        checked={includeInPerson}
        onChange={(event) => setIncludeInPerson(event.currentTarget.checked)}
      />
      <Radio.Group
        label={intl.formatMessage(m.defaultsLayout)}
        value={layout}
        onChange={(value) => setLayout(value as PickingListLayout)}
      >
        <Stack gap="xs" mt={6}>
          {PICKING_LIST_LAYOUTS.map((value) => (
            <Radio key={value} value={value} label={intl.formatMessage(layoutNames[value])} />
          ))}
        </Stack>
      </Radio.Group>
      {failed && (
        <Alert
          variant="light"
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(m.saveFailed)}
        >
          {errorText(intl, failed)}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          variant="subtle"
          color="gray"
          onClick={() => reset.mutate()}
          loading={reset.isPending}
          disabled={busy || saved.updatedAt === null}
        >
          {intl.formatMessage(m.defaultsReset)}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={busy || !daysValid}
          >
            {intl.formatMessage(m.defaultsSave)}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** The account's list settings: days of sales, in-person sales, the printed layout. */
export function ListSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const defaults = useQuery({ ...pickingFormDefaultsQueryOptions, enabled: opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{intl.formatMessage(m.defaultsTitle)}</Text>}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
    >
      {defaults.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
          <Skeleton h={52} />
          <Skeleton h={32} />
          <Skeleton h={64} />
        </Stack>
      ) : defaults.isError ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.defaultsLoadFailed)}
          error={defaults.error}
          onRetry={() => void defaults.refetch()}
        />
      ) : (
        opened && <SettingsForm saved={defaults.data} onClose={onClose} />
      )}
    </Modal>
  );
}
