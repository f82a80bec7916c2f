import {
  isMarketplaceId,
  MARKETPLACE_NAMES,
  type BulkActionRun,
  type BulkActionRunStatus,
} from '@listloop/domain';
import {
  Alert,
  Button,
  CloseButton,
  Collapse,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconCircleCheck,
  IconCircleX,
  IconHourglass,
  IconLoader2,
} from '@tabler/icons-react';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { isRunActive, runPercent, streamedRuns } from '../bulk-runs';
import { useCancelBulkRun } from '../hooks/use-bulk-actions';
import { useBulkRun } from '../hooks/use-bulk-run';
import { bulkRunTitles, inventoryMessages } from '../inventory.messages';

/** "List on eBay and Etsy": the action, and the marketplaces it was asked for. */
export function runTitle(intl: IntlShape, run: Pick<BulkActionRun, 'bulkAction' | 'parameters'>) {
  const asked = run.parameters.marketplaces;
  const names = Array.isArray(asked)
    ? asked
        .filter((m): m is string => typeof m === 'string')
        .map((m) => (isMarketplaceId(m) ? MARKETPLACE_NAMES[m] : m))
    : [];
  return intl.formatMessage(bulkRunTitles[run.bulkAction], {
    marketplaces: intl.formatList(names, { type: 'conjunction' }),
  });
}

const STATUS: Record<BulkActionRunStatus, { color: string; icon: ReactNode }> = {
  queued: { color: 'gray', icon: <IconHourglass size={16} /> },
  running: { color: 'blue', icon: <IconLoader2 size={16} /> },
  cancelling: { color: 'orange', icon: <IconLoader2 size={16} /> },
  cancelled: { color: 'gray', icon: <IconCircleX size={16} /> },
  done: { color: 'teal', icon: <IconCircleCheck size={16} /> },
  failed: { color: 'red', icon: <IconAlertTriangle size={16} /> },
};

function statusText(intl: IntlShape, run: BulkActionRun): string {
  switch (run.status) {
    case 'queued':
      return intl.formatMessage(inventoryMessages.bulkRunQueued);
    case 'running':
      return intl.formatMessage(inventoryMessages.bulkRunRunning);
    case 'cancelling':
      return intl.formatMessage(inventoryMessages.bulkRunCancelling);
    case 'cancelled':
      return intl.formatMessage(inventoryMessages.bulkRunCancelled);
    case 'done':
      return intl.formatMessage(inventoryMessages.bulkRunDone);
    case 'failed':
      return intl.formatMessage(inventoryMessages.bulkRunFailed, {
        reason: run.failureReason ?? '',
      });
  }
}

/**
 * The bulk actions the seller started (or that run for them), each with its progress, its
 * counts, the items that failed and why, a Cancel button while it runs, and how it ended.
 */
export function BulkRunsPanel({
  runIds,
  onDismiss,
}: {
  runIds: string[];
  onDismiss: (runId: string) => void;
}) {
  const intl = useIntl();
  if (runIds.length === 0) return null;
  const streamed = streamedRuns(runIds);
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={intl.formatMessage(inventoryMessages.bulkRunsLabel)}
    >
      {runIds.map((runId) => (
        <BulkRunCard
          key={runId}
          runId={runId}
          stream={streamed.has(runId)}
          onDismiss={() => onDismiss(runId)}
        />
      ))}
    </Stack>
  );
}

function BulkRunCard({
  runId,
  stream,
  onDismiss,
}: {
  runId: string;
  stream: boolean;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const query = useBulkRun(runId, { stream });
  const cancel = useCancelBulkRun();

  if (query.isPending) {
    return (
      <li>
        <Skeleton h={76} radius="md" />
      </li>
    );
  }
  if (query.isError) {
    return (
      <li>
        <Alert
          color="red"
          variant="light"
          py="xs"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(inventoryMessages.bulkRunLoadFailed)}
          withCloseButton
          onClose={onDismiss}
        >
          {errorText(intl, query.error)}
        </Alert>
      </li>
    );
  }

  const run = query.data;
  const title = runTitle(intl, run);
  const active = isRunActive(run);
  // Finished, but not everything could be done: a warning rather than a tick.
  const { color, icon } =
    run.status === 'done' && run.failed > 0
      ? { color: 'orange', icon: <IconAlertTriangle size={16} /> }
      : STATUS[run.status];
  const progress = intl.formatMessage(inventoryMessages.bulkRunProgress, {
    processed: intl.formatNumber(run.processed),
    count: run.total,
  });

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color={color} size="md" radius="xl" aria-hidden>
              {icon}
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text fw={600} fz="sm" lineClamp={1}>
                {title}
              </Text>
              <Text fz="xs" c={run.status === 'failed' ? 'red' : 'dimmed'} role="status">
                {statusText(intl, run)}
              </Text>
            </Stack>
          </Group>
          {active ? (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => cancel.mutate(runId)}
              loading={cancel.isPending}
              disabled={run.status === 'cancelling'}
              aria-label={intl.formatMessage(inventoryMessages.bulkRunCancelLabel, {
                action: title,
              })}
            >
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
          ) : (
            <CloseButton
              size="sm"
              onClick={onDismiss}
              aria-label={intl.formatMessage(inventoryMessages.bulkRunDismissLabel, {
                action: title,
              })}
            />
          )}
        </Group>
        <Progress
          value={runPercent(run)}
          color={run.failed > 0 ? 'orange' : run.status === 'done' ? 'teal' : 'blue'}
          striped={active}
          animated={active}
          size="md"
          radius="xl"
          aria-label={progress}
        />
        <Group justify="space-between" gap="xs">
          <Text fz="xs">{progress}</Text>
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(inventoryMessages.bulkRunCounts, {
              done: intl.formatNumber(run.done),
              failed: intl.formatNumber(run.failed),
              skipped: intl.formatNumber(run.skipped),
            })}
          </Text>
        </Group>
        {cancel.error && (
          <Text fz="xs" c="red" role="alert">
            {errorText(intl, cancel.error)}
          </Text>
        )}
        {run.failures.length > 0 && <Failures run={run} />}
      </Stack>
    </Paper>
  );
}

/** The items that failed, with why; folded away on a phone until asked for. */
function Failures({ run }: { run: BulkActionRun }) {
  const intl = useIntl();
  // Read at once (not after a first render), so a phone starts folded.
  const phone =
    useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [opened, { toggle }] = useDisclosure(!phone);
  const listId = useId();
  const hidden = run.failed - run.failures.length;
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        color="red"
        size="compact-xs"
        px={0}
        justify="flex-start"
        w="fit-content"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={listId}
        rightSection={
          <IconChevronDown
            size={14}
            style={{
              transform: opened ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        }
      >
        {intl.formatMessage(inventoryMessages.bulkRunFailures, { count: run.failed })}
      </Button>
      <Collapse expanded={opened} id={listId}>
        <ScrollArea.Autosize mah={140} type="auto" offsetScrollbars>
          <Stack component="ul" gap={2} m={0} pl="md">
            {run.failures.map((failure) => (
              <Text component="li" fz="xs" key={failure.itemId}>
                <Text span fw={600} fz="xs">
                  {failure.title || intl.formatMessage(inventoryMessages.untitled)}
                </Text>
                {' — '}
                {failure.message}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {hidden > 0 && (
          <Text fz="xs" c="dimmed" mt={4}>
            {intl.formatMessage(inventoryMessages.bulkRunMoreFailures, { count: hidden })}
          </Text>
        )}
      </Collapse>
    </Stack>
  );
}
