import {
  BACKGROUND_WHITE,
  type BackgroundOutput,
  type BackgroundRemovalFailure,
  type BackgroundRemovalJob,
  type Image,
} from '@listloop/domain';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  Group,
  Modal,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import {
  backgroundRemovalJobQueryOptions,
  backgroundRemovalKeys,
  backgroundRemovalUsageQueryOptions,
  discardBackgroundRemoval,
  keepBackgroundRemoval,
  startBackgroundRemoval,
} from '../api/background-removal.api';
import { backgroundRemovalMessages as m } from '../background-removal.messages';

/** A transparent picture is shown over a checkerboard, as image editors do. */
const CHECKERBOARD = 'repeating-conic-gradient(#d9d9d9 0 25%, #ffffff 0 50%) 0 0 / 16px 16px';
const HEX = /^#[0-9a-f]{6}$/i;

const FAILURE_TEXT: Record<BackgroundRemovalFailure, MessageDescriptor> = {
  sourceMissing: m.failedSourceMissing,
  notAnImage: m.failedNotAnImage,
  tooLarge: m.failedTooLarge,
  modelFailed: m.failedModelFailed,
};

/**
 * Removes the background of one photo: the seller chooses what goes behind the item, follows
 * the job's progress, compares the result with the photo and keeps it (a new image put in the
 * photo's place; the photo itself stays in the account) or discards it. Decision 0051.
 */
export function RemoveBackgroundDialog({
  image,
  position,
  opened,
  onClose,
  onKeep,
}: {
  image: Image;
  position: number;
  opened: boolean;
  onClose: () => void;
  onKeep: (image: Image) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [output, setOutput] = useState<BackgroundOutput>('png');
  const [colour, setColour] = useState('#f2f2f2');
  const [jobId, setJobId] = useState<string | null>(null);

  const usage = useQuery({ ...backgroundRemovalUsageQueryOptions(), enabled: opened });
  const job = useQuery({
    ...backgroundRemovalJobQueryOptions(jobId ?? ''),
    enabled: opened && jobId !== null,
  });
  const current: BackgroundRemovalJob | undefined = jobId ? job.data : undefined;

  const start = useMutation({
    mutationFn: () =>
      startBackgroundRemoval({
        imageId: image.id,
        output,
        ...(output === 'colour' ? { colour } : {}),
      }),
    onSuccess: (started) => {
      queryClient.setQueryData(backgroundRemovalKeys.job(started.jobId), started);
      setJobId(started.jobId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: backgroundRemovalKeys.usage() }),
  });
  const keep = useMutation({
    mutationFn: (id: string) => keepBackgroundRemoval(id),
    onSuccess: (kept) => {
      onKeep(kept.image.image);
      setJobId(null);
      onClose();
    },
  });
  const discard = useMutation({
    mutationFn: (id: string) => discardBackgroundRemoval(id),
    onSettled: () => setJobId(null),
  });

  /** Closing without keeping discards the result: nothing is left behind. */
  const close = () => {
    if (jobId && !keep.isPending && !current?.keptImageId) {
      void discardBackgroundRemoval(jobId).catch(() => undefined);
    }
    setJobId(null);
    start.reset();
    keep.reset();
    onClose();
  };

  const colourValid = HEX.test(colour);
  const limitReached =
    start.error instanceof ApiError && start.error.code === 'background-removal/limit-reached';
  const working = current && (current.status === 'queued' || current.status === 'running');
  const done = current?.status === 'done' ? current : null;
  const failed = current?.status === 'failed' ? current : null;

  const sentence = !current
    ? ''
    : current.status === 'queued'
      ? intl.formatMessage(m.progressQueued)
      : current.status === 'running'
        ? intl.formatMessage(m.progressRunning)
        : current.status === 'done'
          ? intl.formatMessage(m.progressDone)
          : '';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={intl.formatMessage(m.title, { position })}
      size="xl"
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}
    >
      <Stack gap="md">
        {!current && (
          <>
            <Text fz="sm">{intl.formatMessage(m.intro)}</Text>
            <Radio.Group
              label={intl.formatMessage(m.outputLabel)}
              value={output}
              onChange={(value) => setOutput(value as BackgroundOutput)}
            >
              <Stack gap={6} mt={6}>
                <Radio value="png" label={intl.formatMessage(m.outputPng)} />
                <Radio value="white" label={intl.formatMessage(m.outputWhite)} />
                <Radio value="colour" label={intl.formatMessage(m.outputColour)} />
              </Stack>
            </Radio.Group>
            {output === 'colour' && (
              <ColorInput
                label={intl.formatMessage(m.colourLabel)}
                format="hex"
                value={colour}
                onChange={setColour}
                error={colourValid ? undefined : intl.formatMessage(m.colourInvalid)}
                maw={240}
                swatches={[BACKGROUND_WHITE, '#f2f2f2', '#e8e4dc', '#dce6f0', '#000000']}
              />
            )}
            {usage.data && (
              <Text fz="sm" c="dimmed">
                {usage.data.limit === null
                  ? intl.formatMessage(m.usageUnlimited, { used: usage.data.used })
                  : intl.formatMessage(m.usage, {
                      used: usage.data.used,
                      limit: usage.data.limit,
                    })}
              </Text>
            )}
            {start.error && (
              <Alert
                color="red"
                role="alert"
                title={limitReached ? intl.formatMessage(m.limitTitle) : undefined}
              >
                {limitReached && start.error instanceof ApiError
                  ? start.error.message
                  : errorText(intl, start.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                onClick={() => start.mutate()}
                loading={start.isPending}
                disabled={(output === 'colour' && !colourValid) || limitReached}
              >
                {intl.formatMessage(m.start)}
              </Button>
            </Group>
          </>
        )}

        {current && !failed && (
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fz="sm" aria-hidden>
                {intl.formatMessage(m.progressLabel)}
              </Text>
              <Text fz="sm" fw={600}>
                {intl.formatNumber(current.progress / 100, { style: 'percent' })}
              </Text>
            </Group>
            <Progress
              value={current.progress}
              animated={Boolean(working)}
              aria-label={intl.formatMessage(m.progressLabel)}
            />
            <Text fz="sm" role="status" aria-live="polite">
              {sentence}
            </Text>
          </Stack>
        )}

        {failed && (
          <Alert color="red" role="alert" title={intl.formatMessage(m.failedTitle)}>
            <Stack gap="xs">
              <Text fz="sm">
                {intl.formatMessage(FAILURE_TEXT[failed.failure ?? 'modelFailed'])}
              </Text>
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => discard.mutate(failed.jobId)}
                  loading={discard.isPending}
                >
                  {intl.formatMessage(m.tryAgain)}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {current && !failed && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={4}>
              <Text fz="sm" fw={600}>
                {intl.formatMessage(m.original)}
              </Text>
              <Box
                component="img"
                src={image.url_l || image.url}
                alt={intl.formatMessage(m.originalAlt, { position })}
                style={{ width: '100%', maxHeight: 360, objectFit: 'contain', borderRadius: 4 }}
              />
            </Stack>
            <Stack gap={4}>
              <Text fz="sm" fw={600}>
                {intl.formatMessage(m.result)}
              </Text>
              <Box
                style={{
                  background: CHECKERBOARD,
                  borderRadius: 4,
                  minHeight: 160,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {done?.resultPath && (
                  <img
                    src={done.resultPath}
                    alt={intl.formatMessage(m.resultAlt, { position })}
                    style={{ width: '100%', maxHeight: 360, objectFit: 'contain' }}
                  />
                )}
              </Box>
            </Stack>
          </SimpleGrid>
        )}

        {keep.error && (
          <Alert color="red" role="alert">
            {errorText(intl, keep.error)}
          </Alert>
        )}

        {done && (
          <>
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(m.keptNote)}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => discard.mutate(done.jobId)}
                loading={discard.isPending}
                disabled={keep.isPending}
              >
                {intl.formatMessage(m.discard)}
              </Button>
              <Button
                onClick={() => keep.mutate(done.jobId)}
                loading={keep.isPending}
                disabled={discard.isPending}
              >
                {intl.formatMessage(m.keep)}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
