import {
  MARKETPLACE_NAMES,
  type AiCompletionResponse,
  type AiPriceGap,
  type AiPriceSuggestion,
  type AiTask,
  type MarketplaceId,
} from '@listloop/domain';
import { Alert, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { regionLabelId } from '../../../i18n/dynamic-messages';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { errorText } from '../../../lib/error-text';
import { conditionMessages, itemFieldMessages } from '../../../lib/inventory/item.messages';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { useSignedInSession } from '../../../lib/session';
import { requestSuggestions } from '../api/ai-helper.api';
import { aiHelperMessages, priceGapMessages } from '../ai-helper.messages';
import type { DetailsHelperProps } from '../../../lib/inventory/item-editor-slots';
import {
  acceptOffer,
  currentValue,
  holds,
  offersFrom,
  SUGGESTED_FIELDS,
  type SuggestedField,
  type SuggestionChange,
} from '../suggestion-offers';

type Action = Exclude<AiTask, 'all'>;

const ACTIONS: { task: Action; label: keyof typeof aiHelperMessages }[] = [
  { task: 'title', label: 'suggestTitle' },
  { task: 'description', label: 'writeDescription' },
  { task: 'predictions', label: 'suggestDetails' },
];

/**
 * The item editor's AI helper: asks for a title, a description or the item's details, and
 * shows each suggestion beside what the field holds. Nothing in the form changes until the
 * seller chooses Use this for that field; Dismiss forgets the suggestion.
 */
export function AiHelperPanel({ itemId, details, setDetail }: DetailsHelperProps) {
  const intl = useIntl();
  const titleId = useId();
  const session = useSignedInSession();
  const region = useRegionFormat();
  const money = useMoneyFormat();
  const marketplaceOrder = useMarketplaceOrder();
  const [marketplace, setMarketplace] = useState<MarketplaceId | null>(null);
  const [offers, setOffers] = useState<Partial<Record<SuggestedField, SuggestionChange>>>({});
  const [price, setPrice] = useState<AiPriceSuggestion | null>(null);
  const [priceGap, setPriceGap] = useState<AiPriceGap | null>(null);
  const [answered, setAnswered] = useState<AiCompletionResponse | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const ask = useMutation({
    mutationFn: (task: Action) =>
      requestSuggestions({
        task,
        ...(itemId ? { itemId } : {}),
        ...(marketplace ? { marketplace } : {}),
        item: {
          title: details.title,
          description: details.description,
          brand: details.brand,
          category: details.category,
          condition: details.condition,
          colour: details.primaryColor,
          size: details.size,
        },
      }),
    onSuccess: (answer, task) => {
      const fresh = offersFrom(answer.suggestions);
      // A new answer replaces the offers of the fields it is about, and keeps the others.
      const covered: readonly SuggestedField[] =
        task === 'title'
          ? ['title']
          : task === 'description'
            ? ['description']
            : ['brand', 'condition', 'price', 'category', 'colour'];
      setOffers((previous) => {
        const next = { ...previous };
        for (const field of covered) delete next[field];
        return { ...next, ...fresh };
      });
      if (task === 'predictions') {
        setPrice(answer.suggestions.price ?? null);
        setPriceGap(answer.suggestions.priceGap ?? null);
      }
      setAnswered(answer);
      setAnnouncement('');
    },
  });

  const fieldLabel = (field: SuggestedField) =>
    field === 'colour'
      ? intl.formatMessage({ id: regionLabelId(region.colourLabel) })
      : intl.formatMessage(itemFieldMessages[field]);
  const shown = (field: SuggestedField, value: string | null) => {
    if (value === null) return null;
    if (field === 'condition') {
      return intl.formatMessage(conditionMessages[value as keyof typeof conditionMessages]);
    }
    if (field === 'price') return money(Number(value));
    return value;
  };
  const forget = (field: SuggestedField) =>
    setOffers((previous) => {
      const next = { ...previous };
      delete next[field];
      return next;
    });
  const use = (offer: SuggestionChange) => {
    acceptOffer(setDetail, offer);
    forget(offer.field);
    setAnnouncement(intl.formatMessage(aiHelperMessages.used, { field: fieldLabel(offer.field) }));
  };

  const listed = SUGGESTED_FIELDS.flatMap((field) => (offers[field] ? [offers[field]] : []));
  const noneNew = answered !== null && !ask.isPending && listed.length === 0 && !priceGap && !price;

  return (
    <SectionCard
      titleId={titleId}
      title={intl.formatMessage(aiHelperMessages.title)}
      icon={<IconSparkles size={16} />}
      description={intl.formatMessage(aiHelperMessages.intro)}
    >
      <Stack gap="sm">
        <Group gap="xs" align="flex-end" wrap="wrap">
          {ACTIONS.map(({ task, label }) => (
            <Button
              key={task}
              variant="light"
              size="sm"
              leftSection={<IconSparkles size={14} />}
              loading={ask.isPending && ask.variables === task}
              disabled={ask.isPending && ask.variables !== task}
              onClick={() => ask.mutate(task)}
            >
              {intl.formatMessage(aiHelperMessages[label])}
            </Button>
          ))}
          <Select
            size="sm"
            w={220}
            label={intl.formatMessage(aiHelperMessages.marketplace)}
            placeholder={intl.formatMessage(aiHelperMessages.marketplaceAny)}
            clearable
            value={marketplace}
            onChange={(value) => setMarketplace(value as MarketplaceId | null)}
            data={marketplaceOrder(session.allowedMarketplaces).map((id) => ({
              value: id,
              label: MARKETPLACE_NAMES[id],
            }))}
          />
        </Group>

        <Box aria-live="polite" aria-atomic>
          {ask.isPending ? (
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(aiHelperMessages.working)}
            </Text>
          ) : answered && !ask.isError ? (
            <Text fz="sm" c="dimmed">
              {answered.provider === 'offline'
                ? intl.formatMessage(aiHelperMessages.offline)
                : intl.formatMessage(aiHelperMessages.byModel, { model: answered.model })}
            </Text>
          ) : null}
          {announcement && (
            <Text fz="sm" c="teal.8">
              {announcement}
            </Text>
          )}
        </Box>

        {ask.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(aiHelperMessages.failedTitle)}
          >
            {errorText(intl, ask.error)}
          </Alert>
        )}
        {noneNew && (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(aiHelperMessages.nothing)}
          </Text>
        )}

        {listed.map((offer) => (
          <OfferRow
            key={offer.field}
            label={fieldLabel(offer.field)}
            now={shown(offer.field, currentValue(details, offer.field))}
            suggested={shown(offer.field, String(offer.value))!}
            same={holds(details, offer)}
            useLabel={
              offer.field === 'price'
                ? intl.formatMessage(aiHelperMessages.usePrice, { price: money(offer.value) })
                : intl.formatMessage(aiHelperMessages.use)
            }
            note={
              offer.field === 'price' && price
                ? `${intl.formatMessage(aiHelperMessages.priceRange, {
                    min: money(price.min, price.currency),
                    max: money(price.max, price.currency),
                  })}. ${intl.formatMessage(aiHelperMessages.priceBasis, {
                    count: price.basedOnSales,
                  })}`
                : null
            }
            multiline={offer.field === 'description'}
            onUse={() => use(offer)}
            onDismiss={() => forget(offer.field)}
          />
        ))}
        {priceGap && !offers.price && (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(priceGapMessages[priceGap])}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

function OfferRow({
  label,
  now,
  suggested,
  same,
  useLabel,
  note,
  multiline,
  onUse,
  onDismiss,
}: {
  label: string;
  now: string | null;
  suggested: string;
  same: boolean;
  useLabel: string;
  note: string | null;
  multiline: boolean;
  onUse: () => void;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const valueStyle = multiline ? { whiteSpace: 'pre-wrap' as const } : undefined;
  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Text fw={600} fz="sm" id={headingId} mb={4}>
        {label}
      </Text>
      <Stack gap={4}>
        <Text fz="sm">
          <Text span c="dimmed" fz="sm">
            {intl.formatMessage(aiHelperMessages.now)}:{' '}
          </Text>
          <Text span fz="sm" style={valueStyle} fs={now === null ? 'italic' : undefined}>
            {now ?? intl.formatMessage(aiHelperMessages.empty)}
          </Text>
        </Text>
        <Text fz="sm">
          <Text span c="dimmed" fz="sm">
            {intl.formatMessage(aiHelperMessages.suggested)}:{' '}
          </Text>
          <Text span fz="sm" fw={500} style={valueStyle}>
            {suggested}
          </Text>
        </Text>
        {note && (
          <Text fz="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
      <Group gap="xs" mt="xs">
        {same ? (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(aiHelperMessages.same)}
          </Text>
        ) : (
          <Button size="xs" onClick={onUse}>
            {useLabel}
          </Button>
        )}
        <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
          {intl.formatMessage(aiHelperMessages.dismiss)}
        </Button>
      </Group>
    </Box>
  );
}
