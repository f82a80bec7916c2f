import {
  MARKETPLACE_NAMES,
  hasPermission,
  type Listing,
  type MarketplaceId,
} from '@listloop/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { listingActions, type ListingAction } from '../../../lib/listings/listing-actions';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import { useSignedInSession } from '../../../lib/session';
import { useListingAction } from '../hooks/use-listing-action';
import { ACTION_CONFIRMATIONS, ACTION_LABELS } from '../listing-labels';
import { listingMessages } from '../listing.messages';

/**
 * The actions the listing's state allows (the domain's allowedEvents) and the seller's role
 * permits. Destructive ones are confirmed first; a refusal shows the server's own words.
 */
export function ListingActionsBar({
  userId,
  itemId,
  marketplace,
  listing,
  blocked = false,
  onMarkSold,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  listing: Listing | undefined;
  /** The preview found problems: listing and relisting would be refused until they are fixed. */
  blocked?: boolean;
  /**
   * Mark sold opens the item's Mark as sold (where the price, date and units are given) with
   * this marketplace chosen; without it, the sale of one unit is asked and recorded here.
   */
  onMarkSold?: (() => void) | undefined;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const name = MARKETPLACE_NAMES[marketplace];
  const mutation = useListingAction(userId, itemId, marketplace);
  const [confirming, setConfirming] = useState<ListingAction | null>(null);

  const actions = listingActions(listing).filter((action) =>
    action.permissions.every((required) =>
      hasPermission({
        required,
        accessLevel: session.accessLevel,
        permissions: session.permissions,
      }),
    ),
  );

  const start = (action: ListingAction) => {
    if (action.kind === 'markSold' && onMarkSold) {
      onMarkSold();
      return;
    }
    if (action.destructive) {
      setConfirming(action);
      return;
    }
    mutation.mutate(action);
  };
  const confirmation = confirming ? ACTION_CONFIRMATIONS[confirming.kind] : undefined;

  return (
    <Stack gap="xs">
      {actions.length > 0 && (
        <Group
          gap="xs"
          role="group"
          aria-label={intl.formatMessage(listingMessages.actionsLabel, { marketplace: name })}
        >
          {actions.map((action) => (
            <Button
              key={action.kind}
              size="xs"
              variant={action.destructive ? 'default' : 'filled'}
              color={action.kind === 'markNotListed' ? 'red' : undefined}
              loading={mutation.isPending && mutation.variables?.kind === action.kind}
              disabled={
                mutation.isPending ||
                (blocked && (action.operation === 'list' || action.operation === 'relist'))
              }
              onClick={() => start(action)}
            >
              {intl.formatMessage(ACTION_LABELS[action.kind], { marketplace: name })}
            </Button>
          ))}
        </Group>
      )}
      {mutation.isError && !confirming && (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Text fz="sm">{listingErrorText(intl, mutation.error)}</Text>
        </Alert>
      )}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => {
          setConfirming(null);
          mutation.reset();
        }}
        danger
        loading={mutation.isPending}
        title={confirmation ? intl.formatMessage(confirmation.title, { marketplace: name }) : ''}
        confirmLabel={
          confirming
            ? intl.formatMessage(ACTION_LABELS[confirming.kind], { marketplace: name })
            : ''
        }
        onConfirm={() => {
          if (!confirming) return;
          mutation.mutate(confirming, { onSuccess: () => setConfirming(null) });
        }}
      >
        <Stack gap="xs">
          {confirmation && (
            <Text fz="sm">{intl.formatMessage(confirmation.body, { marketplace: name })}</Text>
          )}
          {mutation.isError && (
            <Text fz="sm" c="red" role="alert">
              {listingErrorText(intl, mutation.error)}
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
