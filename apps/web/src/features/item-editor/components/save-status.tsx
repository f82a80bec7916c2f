import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCloudCheck } from '@tabler/icons-react';
import { useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import type { SaveState } from '../autosave-queue';
import { itemEditorMessages } from '../item-editor.messages';

function saveErrorText(intl: IntlShape, error: unknown): string {
  return error instanceof ApiError && error.status === 409
    ? intl.formatMessage(itemEditorMessages.skuTaken)
    : errorText(intl, error);
}

/** Where the autosave is: quiet when saved, clear when it failed. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const intl = useIntl();
  let content;
  switch (state.status) {
    case 'idle':
      content = null;
      break;
    case 'pending':
    case 'saving':
      content = (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} type="oval" />
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(itemEditorMessages.saving)}
          </Text>
        </Group>
      );
      break;
    case 'saved':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconCloudCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(itemEditorMessages.saved)}
          </Text>
        </Group>
      );
      break;
    case 'error':
      content = (
        <Group gap={6} wrap="nowrap">
          <Tooltip label={saveErrorText(intl, state.error)} multiline w={260}>
            <Group gap={4} wrap="nowrap">
              <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden />
              <Text fz="sm" c="red">
                {intl.formatMessage(itemEditorMessages.saveFailed)}
              </Text>
            </Group>
          </Tooltip>
          <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
            {intl.formatMessage(itemEditorMessages.saveRetry)}
          </Button>
        </Group>
      );
      break;
  }
  return (
    <div role="status" aria-live="polite" style={{ minWidth: 0 }}>
      {content}
    </div>
  );
}
