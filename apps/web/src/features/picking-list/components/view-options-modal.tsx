import {
  PICKING_LIST_COLUMNS,
  PICKING_LIST_SORT_KEYS,
  SORT_DIRECTIONS,
  type PickingListColumn,
  type PickingListSortKey,
  type PickingListView,
  type SortDirection,
} from '@listloop/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { pickingListKeys, savePickingView } from '../api/picking-list.api';
import {
  columnNames,
  directionNames,
  pickingListMessages as m,
  sortNames,
} from '../picking-list.messages';

/** The form, opened with the member's view as it is. */
function ViewOptionsForm({ view, onClose }: { view: PickingListView; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [columns, setColumns] = useState<PickingListColumn[]>(view.columns);
  const [by, setBy] = useState<PickingListSortKey>(view.sort.by);
  const [direction, setDirection] = useState<SortDirection>(view.sort.direction);
  const save = useMutation({
    mutationFn: () =>
      savePickingView({
        // Shown in the list's own order of columns.
        columns: PICKING_LIST_COLUMNS.filter((column) => columns.includes(column)),
        sort: { by, direction },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pickingListKeys.all });
      notifications.show({ color: 'green', message: intl.formatMessage(m.viewSaved) });
      onClose();
    },
  });

  return (
    <Stack gap="md">
      <Checkbox.Group
        label={intl.formatMessage(m.viewColumns)}
        description={intl.formatMessage(m.viewColumnsHint)}
        value={columns}
        onChange={(value) => setColumns(value as PickingListColumn[])}
        error={columns.length === 0 ? intl.formatMessage(m.viewAtLeastOne) : undefined}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {PICKING_LIST_COLUMNS.map((column) => (
            <Checkbox key={column} value={column} label={intl.formatMessage(columnNames[column])} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Group grow align="flex-start">
        <Select
          label={intl.formatMessage(m.viewSortBy)}
          data={PICKING_LIST_SORT_KEYS.map((key) => ({
            value: key,
            label: intl.formatMessage(sortNames[key]),
          }))}
          value={by}
          onChange={(value) => value && setBy(value as PickingListSortKey)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.viewDirection)}
          data={SORT_DIRECTIONS.map((value) => ({
            value,
            label: intl.formatMessage(directionNames[by][value]),
          }))}
          value={direction}
          onChange={(value) => value && setDirection(value as SortDirection)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {save.isError && (
        <Alert
          variant="light"
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(m.saveFailed)}
        >
          {errorText(intl, save.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={columns.length === 0}
        >
          {intl.formatMessage(m.viewSave)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The member's own columns and sort of the list (and of the printed list). */
export function ViewOptionsModal({
  opened,
  view,
  onClose,
}: {
  opened: boolean;
  view: PickingListView;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{intl.formatMessage(m.viewTitle)}</Text>}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
    >
      {opened && <ViewOptionsForm view={view} onClose={onClose} />}
    </Modal>
  );
}
