import { MARKETPLACE_NAMES, type FailedListing } from '@listloop/domain';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { itemKeys } from '../../../lib/inventory/item.api';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import { listingKeys, queueListing } from '../../../lib/listings/listing.api';
import { useMayUse } from '../../../lib/session';
import { dashboardKeys } from '../api/dashboard.api';
import { homeMessages } from '../home.messages';

/**
 * One failed list or delist: what failed where and why, the item to open, and "Try again",
 * which queues the same operation through the listing engine's own call (PUT …/status), as the
 * item screen's and the Inventory's listing actions do. Without the key it needs the button
 * stays, disabled, with the reason.
 */
export function FailedListingRow({ entry }: { entry: FailedListing }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const may = useMayUse(entry.operation === 'list' ? 'home.retryList' : 'home.retryDelist');
  const marketplace = MARKETPLACE_NAMES[entry.marketplace];
  const title = entry.title || intl.formatMessage(homeMessages.untitled);
  const values = { operation: entry.operation, marketplace, title };
  const reasonId = `home-failed-${entry.itemId}-${entry.marketplace}`;

  const retry = useMutation({
    mutationFn: () => queueListing(entry.userId, entry.itemId, entry.marketplace, entry.operation),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        message: intl.formatMessage(homeMessages.retried, values),
      });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
  });

  return (
    <Box
      component="li"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Anchor
            fz="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            renderRoot={(props) => (
              <Link to="/app/inventory/$itemId" params={{ itemId: entry.itemId }} {...props} />
            )}
          >
            {title}
          </Anchor>
          <Text fz="sm">
            {intl.formatMessage(homeMessages.failedEntry, values)}
            {entry.operation === 'delist' && ` ${intl.formatMessage(homeMessages.failedStillLive)}`}
          </Text>
          <Text fz="xs" c="dimmed" id={reasonId} style={{ overflowWrap: 'anywhere' }}>
            {entry.reason ?? intl.formatMessage(homeMessages.failedNoReason)}
          </Text>
          {retry.isError && (
            <Text fz="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
              {intl.formatMessage(homeMessages.retryFailed, {
                reason: listingErrorText(intl, retry.error),
              })}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            disabled={!may || retry.isSuccess}
            loading={retry.isPending}
            aria-label={intl.formatMessage(homeMessages.retryLabel, values)}
            aria-describedby={reasonId}
            onClick={() => retry.mutate()}
          >
            {intl.formatMessage(homeMessages.retry)}
          </Button>
          {!may && (
            <Text fz="xs" c="dimmed" maw={220} ta="right">
              {intl.formatMessage(
                entry.operation === 'list' ? homeMessages.noPublish : homeMessages.noDelist,
              )}
            </Text>
          )}
        </Stack>
      </Group>
    </Box>
  );
}
