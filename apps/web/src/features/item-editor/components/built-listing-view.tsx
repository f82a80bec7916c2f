import {
  hasCategoryTree,
  MARKETPLACE_NAMES,
  type BuiltListing,
  type MarketplaceId,
  type RegionalTextSet,
} from '@listloop/domain';
import { Box, Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { CategoryName } from '../../../components/marketplaces/category-picker';
import { regionLabelId } from '../../../i18n/dynamic-messages';
import { itemFieldMessages } from '../../../lib/inventory/item.messages';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { useEbayPolicyNames } from '../../../lib/listings/ebay-policies.api';
import { useEtsyProfileNames } from '../../../lib/listings/etsy-profiles.api';
import {
  listingFieldName,
  listingValueText,
  type ListingValueContext,
} from '../../../lib/listings/listing-values';
import { listingMessages } from '../listing.messages';

const PHOTOS_SHOWN = 6;

/** A field's value in words (a policy by its name, a code by its label), else as it is. */
function valueText(
  intl: IntlShape,
  path: string,
  value: unknown,
  context: ListingValueContext,
): string {
  const words = listingValueText(intl, path, value, context);
  if (words !== null) return words;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return intl.formatNumber(value);
  return JSON.stringify(value);
}

function shippingParts(
  intl: IntlShape,
  listing: BuiltListing,
  context: ListingValueContext,
  money: (amount: number, currency: string) => string,
): { label: string; value: string }[] {
  const { shipping, currency } = listing;
  const parts: { label: string; value: string }[] = [];
  if (shipping.price !== null) {
    parts.push({
      label: intl.formatMessage(listingMessages.fieldShippingPrice),
      value:
        shipping.price === 0
          ? intl.formatMessage(listingMessages.freeShipping)
          : money(shipping.price, currency),
    });
  }
  const text = [
    ['shipping.service', shipping.service],
    ['shipping.profileId', shipping.profileId],
    ['shipping.processingProfileId', shipping.processingProfileId],
    ['shipping.fromPostalCode', shipping.fromPostalCode],
  ] as const;
  for (const [path, value] of text) {
    if (value) {
      parts.push({
        label: listingFieldName(intl, path, context),
        value: valueText(intl, path, value, context),
      });
    }
  }
  return parts;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/**
 * The listing exactly as the marketplace would be sent it (the server's preview): the general
 * details after the rules and the item's own values for the marketplace, in its vocabulary.
 */
export function BuiltListingView({
  listing,
  marketplace,
  labels,
  compact = false,
  marketplaceSku = null,
  listedBefore = false,
}: {
  listing: BuiltListing;
  marketplace: MarketplaceId;
  labels: Pick<RegionalTextSet['labels'], 'colour' | 'postalCode'>;
  compact?: boolean;
  /** The SKU ListLoop's connector gives the listing there (null where the extension lists). */
  marketplaceSku?: string | null;
  /** The listing was sent there before: a SKU other than the item's is the one it kept. */
  listedBefore?: boolean;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const notSet = (
    <Text span fz="sm" c="dimmed" fs="italic">
      {intl.formatMessage(listingMessages.notSet)}
    </Text>
  );
  const text = (value: string | null) => (value && value.trim() ? value : notSet);
  const policyNames = useEbayPolicyNames(marketplace === 'ebay');
  const etsyProfiles = useEtsyProfileNames(marketplace === 'etsy');
  const context: ListingValueContext = {
    marketplace,
    colourLabel: labels.colour,
    postalCodeLabel: labels.postalCode,
    policyNames,
    etsyProfiles,
  };
  // A value the marketplace takes as a code (Depop's product type and size ids), in words.
  const named = (path: string, value: string | null) =>
    value && value.trim() ? (listingValueText(intl, path, value, context) ?? value) : notSet;
  const shipping = shippingParts(intl, listing, context, money);
  const extras = Object.entries(listing.extra).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  const photos = listing.photos;

  return (
    <Box
      component="dl"
      m={0}
      aria-label={intl.formatMessage(listingMessages.builtTitle, {
        marketplace: MARKETPLACE_NAMES[marketplace],
      })}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(96px, max-content) 1fr',
        columnGap: 'var(--mantine-spacing-md)',
        rowGap: 6,
      }}
    >
      <Row label={intl.formatMessage(itemFieldMessages.title)}>{text(listing.title)}</Row>
      {!compact && (
        <Row label={intl.formatMessage(itemFieldMessages.description)}>
          {listing.description.trim() ? (
            <Text fz="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap' }}>
              {listing.description}
            </Text>
          ) : (
            notSet
          )}
        </Row>
      )}
      <Row label={intl.formatMessage(itemFieldMessages.price)}>
        {listing.price === null ? notSet : money(listing.price, listing.currency)}
      </Row>
      {!compact && listing.originalPrice !== null && (
        <Row label={intl.formatMessage(listingMessages.fieldOriginalPrice)}>
          {money(listing.originalPrice, listing.currency)}
        </Row>
      )}
      <Row label={intl.formatMessage(itemFieldMessages.condition)}>
        {listing.condition ? valueText(intl, 'condition', listing.condition, context) : notSet}
      </Row>
      <Row label={intl.formatMessage(itemFieldMessages.category)}>
        {listing.category && hasCategoryTree(marketplace) ? (
          <CategoryName marketplace={marketplace} value={listing.category} />
        ) : (
          named('category', listing.category)
        )}
      </Row>
      {!compact && (
        <>
          <Row label={intl.formatMessage(itemFieldMessages.brand)}>{text(listing.brand)}</Row>
          <Row label={intl.formatMessage(itemFieldMessages.size)}>
            {named('size', listing.size)}
          </Row>
          <Row label={intl.formatMessage({ id: regionLabelId(labels.colour) })}>
            {text(listing.colour)}
          </Row>
          <Row label={intl.formatMessage(itemFieldMessages.quantity)}>{listing.quantity}</Row>
          {(marketplaceSku ?? listing.sku) && (
            <Row label={intl.formatMessage(itemFieldMessages.sku)}>
              {marketplaceSku ?? listing.sku}
              {marketplaceSku && marketplaceSku !== listing.sku.trim() && (
                <Text fz="xs" c="dimmed">
                  {intl.formatMessage(
                    listing.sku.trim() === ''
                      ? listingMessages.skuNone
                      : listedBefore
                        ? listingMessages.skuKept
                        : listingMessages.skuNotSendable,
                    { marketplace: MARKETPLACE_NAMES[marketplace] },
                  )}
                </Text>
              )}
            </Row>
          )}
        </>
      )}
      <Row label={intl.formatMessage(itemFieldMessages.photos)}>
        <Text fz="sm">
          {intl.formatMessage(listingMessages.photoCount, { count: photos.length })}
        </Text>
        {!compact && photos.length > 0 && (
          <Group gap={6} mt={4}>
            {photos.slice(0, PHOTOS_SHOWN).map((url, index) => (
              <Image
                key={`${index}-${url}`}
                src={url}
                w={48}
                h={48}
                radius="sm"
                fit="cover"
                alt={intl.formatMessage(listingMessages.photoAlt, { number: index + 1 })}
              />
            ))}
          </Group>
        )}
      </Row>
      <Row label={intl.formatMessage(listingMessages.shipping)}>
        {shipping.length === 0
          ? notSet
          : shipping.map((part) => (
              <Text key={part.label} fz="sm">
                {part.label}: {part.value}
              </Text>
            ))}
      </Row>
      {!compact && extras.length > 0 && (
        <Row label={intl.formatMessage(listingMessages.details)}>
          {extras.map(([key, value]) => (
            <Text key={key} fz="sm">
              {listingFieldName(intl, `extra.${key}`, context)}:{' '}
              {valueText(intl, `extra.${key}`, value, context)}
            </Text>
          ))}
        </Row>
      )}
    </Box>
  );
}
