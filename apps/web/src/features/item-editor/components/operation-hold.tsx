import {
  EXECUTOR_STALE_AFTER_MS,
  MARKETPLACE_NAMES,
  isWebUrl,
  type MarketplaceId,
} from '@listloop/domain';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  IconExternalLink,
  IconHandStop,
  IconPlugConnectedX,
  IconRefresh,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { staleMinutes } from '../../../lib/connections/executor-presence';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import type { OperationNote } from '../../../lib/listings/operation-note';
import { relativeTime } from '../../../lib/relative-time';
import { usePermission } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { useMarkListed, useResumeOperation } from '../hooks/use-operation-hold';
import { listingMessages } from '../listing.messages';
import { extensionAbsenceText, needsYouView } from '../operation-hold-text';

/**
 * Where the seller checks their paired browsers: the Marketplaces screen's extension section
 * (its id is browser-extension-section.tsx's; features do not import each other).
 */
const EXTENSION_SECTION = { to: '/app/marketplaces', hash: 'browser-extension' } as const;

type Hold = Extract<OperationNote, { kind: 'needsYou' | 'extensionAbsent' }>;

/** Whether an operation note is one the seller must act on (said by OperationHold). */
export function isHold(note: OperationNote | null): note is Hold {
  return note?.kind === 'needsYou' || note?.kind === 'extensionAbsent';
}

/**
 * An operation the extension cannot carry out now, said plainly in place of a spinner: one it
 * handed to the seller (what happened, what to do, the page, "Try again"), or one no paired
 * browser will take (why, and where to look).
 */
export function OperationHold({
  userId,
  itemId,
  marketplace,
  hold,
  staleAfterMs = EXECUTOR_STALE_AFTER_MS,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  hold: Hold;
  /** The presence answer's window ("in the last 10 minutes"). */
  staleAfterMs?: number | undefined;
}) {
  if (hold.kind === 'extensionAbsent') {
    return <ExtensionWaitNote marketplace={marketplace} hold={hold} staleAfterMs={staleAfterMs} />;
  }
  return <NeedsYouAlert userId={userId} itemId={itemId} marketplace={marketplace} hold={hold} />;
}

function ExtensionWaitNote({
  marketplace,
  hold,
  staleAfterMs,
}: {
  marketplace: MarketplaceId;
  hold: Extract<Hold, { kind: 'extensionAbsent' }>;
  staleAfterMs: number;
}) {
  const intl = useIntl();
  const minutes = staleMinutes({ staleAfterMs });
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" data-testid="extension-wait">
      <IconPlugConnectedX
        size={14}
        color="var(--mantine-color-orange-7)"
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Stack gap={2} miw={0}>
        {/* Orange text is under 4.5:1 on white: the icon carries the warning. */}
        <Text fz="xs" style={{ overflowWrap: 'anywhere' }}>
          {extensionAbsenceText(intl, hold.absence, marketplace, minutes)}
        </Text>
        <Anchor component={Link} {...EXTENSION_SECTION} fz="xs">
          {intl.formatMessage(listingMessages.extensionWaitLink)}
        </Anchor>
      </Stack>
    </Group>
  );
}

function NeedsYouAlert({
  userId,
  itemId,
  marketplace,
  hold,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  hold: Extract<Hold, { kind: 'needsYou' }>;
}) {
  const intl = useIntl();
  const now = useNow();
  const canPublish = usePermission('listings.publish');
  const canWrite = usePermission('items.write');
  const resume = useResumeOperation(userId, itemId);
  const [markingListed, setMarkingListed] = useState(false);
  const name = MARKETPLACE_NAMES[marketplace];
  const view = needsYouView(intl, hold, marketplace);
  const since = relativeTime(new Date(hold.needsYou.since), now);

  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      icon={<IconHandStop size={16} />}
      title={intl.formatMessage(listingMessages.needsYouTitle)}
      // The seller must act before anything happens: announced when it appears.
      role="alert"
      data-testid="needs-you"
    >
      <Stack gap={6}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {view.body}
        </Text>
        {view.detail && (
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {view.detail}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(listingMessages.needsYouSince, {
            when: intl.formatRelativeTime(since.value, since.unit, { numeric: 'auto' }),
          })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {canPublish && (
            <Button
              size="xs"
              color="orange"
              leftSection={<IconRefresh size={14} />}
              loading={resume.isPending}
              aria-label={intl.formatMessage(listingMessages.needsYouRetryLabel, {
                marketplace: name,
              })}
              onClick={() => resume.mutate(hold.operationId)}
            >
              {intl.formatMessage(listingMessages.needsYouRetry)}
            </Button>
          )}
          {view.markListed && canWrite && (
            <Button
              size="xs"
              variant="default"
              aria-label={intl.formatMessage(listingMessages.markListedOn, { marketplace: name })}
              onClick={() => setMarkingListed(true)}
            >
              {intl.formatMessage(listingMessages.markListed)}
            </Button>
          )}
          {view.pageUrl && (
            <Anchor
              href={view.pageUrl}
              target="_blank"
              rel="noopener noreferrer"
              fz="xs"
              aria-label={intl.formatMessage(listingMessages.needsYouOpenPageLabel, {
                marketplace: name,
              })}
            >
              <Group gap={4} wrap="nowrap" component="span">
                {intl.formatMessage(listingMessages.needsYouOpenPage)}
                <IconExternalLink size={12} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Group>
        {!canPublish && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(listingMessages.needsYouNoPermission)}
          </Text>
        )}
        {resume.isError && (
          <Text fz="xs" c="red" role="alert">
            {intl.formatMessage(listingMessages.needsYouRetryFailed, {
              reason: listingErrorText(intl, resume.error),
            })}
          </Text>
        )}
      </Stack>
      {markingListed && (
        <MarkListedModal
          userId={userId}
          itemId={itemId}
          marketplace={marketplace}
          onClose={() => setMarkingListed(false)}
        />
      )}
    </Alert>
  );
}

/** The seller listed it on the marketplace themselves: recorded here, with its address if given. */
function MarkListedModal({
  userId,
  itemId,
  marketplace,
  onClose,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  onClose: () => void;
}) {
  const intl = useIntl();
  const name = MARKETPLACE_NAMES[marketplace];
  const mark = useMarkListed(userId, itemId, marketplace);
  const [address, setAddress] = useState('');
  const [tried, setTried] = useState(false);
  const url = address.trim();
  const invalid = url !== '' && !isWebUrl(url);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid) return;
    mark.mutate(url || null, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={mark.isPending ? () => undefined : onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        <Text fw={650}>
          {intl.formatMessage(listingMessages.markListedOn, { marketplace: name })}
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm">
            {intl.formatMessage(listingMessages.markListedBody, { marketplace: name })}
          </Text>
          <TextInput
            type="url"
            inputMode="url"
            label={intl.formatMessage(listingMessages.markListedUrl)}
            description={intl.formatMessage(listingMessages.markListedUrlHint, {
              marketplace: name,
            })}
            data-autofocus
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              if (mark.isError) mark.reset();
            }}
            error={
              tried && invalid
                ? intl.formatMessage(listingMessages.markListedUrlInvalid)
                : undefined
            }
          />
          {mark.isError && (
            <Text fz="sm" c="red" role="alert">
              {listingErrorText(intl, mark.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={mark.isPending}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={mark.isPending}>
              {intl.formatMessage(listingMessages.markListed)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
