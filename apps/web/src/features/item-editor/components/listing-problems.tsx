import { MARKETPLACE_NAMES, type ListingPreview, type MarketplaceId } from '@listloop/domain';
import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { listingFieldName } from '../../../lib/listings/listing-values';
import type { ClearListingNote } from '../../../lib/listings/listing-actions';
import { listingProblemText } from '../../../lib/listings/problem-text';
import { listingMessages } from '../listing.messages';

const NOTE_MESSAGES: Record<ClearListingNote, MessageDescriptor> = {
  ready: listingMessages.noProblems,
  refused: listingMessages.noProblemsRefused,
  sold: listingMessages.noProblemsSold,
  soldOut: listingMessages.noProblemsSoldOut,
};

/** Every problem that would stop the listing, each saying how to fix it; or that none does. */
export function ListingProblems({
  marketplace,
  problems,
  ignored = [],
  titleId,
  note = 'ready',
}: {
  marketplace: MarketplaceId;
  problems: ListingPreview['problems'];
  ignored?: ListingPreview['ignored'];
  /** Names the list; the caller shows the title. */
  titleId: string;
  /** What no problem means for the listing as it stands (only "ready" says nothing stops it). */
  note?: ClearListingNote;
}) {
  const intl = useIntl();
  const name = MARKETPLACE_NAMES[marketplace];
  const { colourLabel, postalCodeLabel } = useRegionFormat();
  return (
    <div aria-live="polite">
      {problems.length === 0 && note === 'ready' ? (
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size="sm" aria-hidden>
            <IconCircleCheck size={14} />
          </ThemeIcon>
          <Text fz="sm">{intl.formatMessage(listingMessages.noProblems)}</Text>
        </Group>
      ) : problems.length === 0 ? (
        <Text fz="sm">{intl.formatMessage(NOTE_MESSAGES[note], { marketplace: name })}</Text>
      ) : (
        <List
          size="sm"
          spacing={4}
          aria-labelledby={titleId}
          icon={
            <ThemeIcon color="red" variant="light" radius="xl" size={18} aria-hidden>
              <IconAlertTriangle size={12} />
            </ThemeIcon>
          }
        >
          {problems.map((problem) => (
            <List.Item key={`${problem.code}:${problem.field}`}>
              {listingProblemText(intl, problem)}
            </List.Item>
          ))}
        </List>
      )}
      {ignored.map((entry) => (
        <Text key={entry.field} fz="xs" c="orange" mt={6}>
          {intl.formatMessage(listingMessages.ignoredOverride, {
            marketplace: name,
            field: listingFieldName(intl, entry.field, {
              marketplace,
              colourLabel,
              postalCodeLabel,
            }),
          })}
        </Text>
      ))}
    </div>
  );
}
