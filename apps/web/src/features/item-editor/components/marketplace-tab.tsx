import {
  MARKETPLACE_NAMES,
  listingStateOf,
  textSetForCountry,
  type CountryCode,
  type Item,
  type ListingOperation,
  type ListingPreview,
  type MarketplaceId,
} from '@listloop/domain';
import { Alert, Button, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { clearListingNote } from '../../../lib/listings/listing-actions';
import { listingMessages } from '../listing.messages';
import { BuiltListingView } from './built-listing-view';
import { ListingActionsBar } from './listing-actions-bar';
import { ListingHistory } from './listing-history';
import { ListingOverridesForm } from './listing-overrides-form';
import { ListingProblems } from './listing-problems';
import { ListingStatusDetails } from './listing-status-details';

export interface PreviewState {
  preview: ListingPreview | undefined;
  pending: boolean;
  /** Asking again, or waiting for a save the preview will follow. */
  updating: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * One marketplace's tab: where its listing stands and what can be done with it, the listing as
 * it would be sent, what stops it, the seller's own values for it, and its history.
 */
export function MarketplaceTab({
  userId,
  item,
  marketplace,
  country,
  operation,
  operationReadAt,
  stoppedReason,
  updateFailure,
  preview,
  canWrite,
  onMarkSold,
}: {
  userId: string;
  item: Item;
  marketplace: MarketplaceId;
  country: CountryCode;
  operation: ListingOperation | null;
  operationReadAt: number;
  /** Why a sale stopped the last list there before it went live; null otherwise. */
  stoppedReason: string | null;
  /** Why the marketplace refused the listing's last update, while that is the latest news. */
  updateFailure: string | null;
  preview: PreviewState;
  canWrite: boolean;
  onMarkSold: (marketplace: MarketplaceId) => void;
}) {
  const intl = useIntl();
  const listing = item.listings[marketplace];
  const name = MARKETPLACE_NAMES[marketplace];
  const built = preview.preview;
  const labels = textSetForCountry(country).labels;
  const problemsId = `problems-${marketplace}`;

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <ListingStatusDetails
          userId={userId}
          itemId={item.itemID}
          marketplace={marketplace}
          listing={listing}
          operation={operation}
          readAt={operationReadAt}
          stoppedReason={stoppedReason}
          outOfDate={built?.outOfDate === true}
          updateFailure={updateFailure}
        />
        <ListingActionsBar
          userId={userId}
          itemId={item.itemID}
          marketplace={marketplace}
          listing={listing}
          blocked={built !== undefined && built.problems.length > 0}
          onMarkSold={() => onMarkSold(marketplace)}
        />
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby={`built-${marketplace}`}>
            <Group justify="space-between" gap="xs">
              <Title order={3} fz="sm" fw={650} id={`built-${marketplace}`}>
                {intl.formatMessage(listingMessages.builtTitle, { marketplace: name })}
              </Title>
              {preview.updating && (
                <Text fz="xs" c="dimmed">
                  {intl.formatMessage(listingMessages.updating)}
                </Text>
              )}
            </Group>
            {built ? (
              <BuiltListingView
                listing={built.listing}
                marketplace={marketplace}
                labels={labels}
                marketplaceSku={built.marketplaceSku}
                listedBefore={listingStateOf(listing).listedID !== null}
              />
            ) : preview.error ? (
              <Alert
                color="red"
                variant="light"
                title={intl.formatMessage(listingMessages.previewFailed)}
              >
                <Text fz="sm">{errorText(intl, preview.error)}</Text>
                <Button size="xs" variant="light" mt="xs" onClick={preview.retry}>
                  {intl.formatMessage(commonMessages.retry)}
                </Button>
              </Alert>
            ) : (
              <Skeleton h={160} aria-label={intl.formatMessage(listingMessages.previewLoading)} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Stack gap="xs" component="section" aria-labelledby={problemsId}>
              <Title order={3} fz="sm" fw={650} id={problemsId}>
                {intl.formatMessage(listingMessages.problemsTitle)}
              </Title>
              {built ? (
                <ListingProblems
                  marketplace={marketplace}
                  problems={built.problems}
                  ignored={built.ignored}
                  titleId={problemsId}
                  note={clearListingNote(listing, item.generalDetails.quantity)}
                />
              ) : (
                <Skeleton h={40} />
              )}
            </Stack>
            <ListingOverridesForm
              userId={userId}
              item={item}
              marketplace={marketplace}
              country={country}
              currency={built?.listing.currency}
              built={built?.listing}
              disabled={!canWrite}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <Divider />
      <ListingHistory
        userId={userId}
        itemId={item.itemID}
        marketplace={marketplace}
        version={listingStateOf(listing).lastStatusDate}
      />
    </Stack>
  );
}
