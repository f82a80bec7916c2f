import {
  ENRICHMENT_MAX_PHOTOS,
  isApplicableField,
  type EnrichByImagesResponse,
  type EnrichmentField,
  type EnrichmentSuggestion,
  type ItemCondition,
} from '@listloop/domain';
import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { regionLabelId } from '../../../i18n/dynamic-messages';
import { errorText } from '../../../lib/error-text';
import { conditionMessages, itemFieldMessages } from '../../../lib/inventory/item.messages';
import type { DetailsHelperProps } from '../../../lib/inventory/item-editor-slots';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { enrichByImages } from '../api/enrichment.api';
import { enrichmentMessages } from '../enrichment.messages';
import { fillsForEmptyFields, isEmptyField, suggestionKey } from '../suggestions';

type ColourLabel = ReturnType<typeof useRegionFormat>['colourLabel'];

function fieldName(intl: IntlShape, field: EnrichmentField, colourLabel: ColourLabel): string {
  switch (field) {
    case 'primaryColor':
      return intl.formatMessage({ id: regionLabelId(colourLabel) });
    case 'material':
      return intl.formatMessage(enrichmentMessages.fieldMaterial);
    case 'barcode':
      return intl.formatMessage(enrichmentMessages.fieldBarcode);
    default:
      return intl.formatMessage(itemFieldMessages[field]);
  }
}

function valueText(intl: IntlShape, suggestion: Pick<EnrichmentSuggestion, 'field' | 'value'>) {
  return suggestion.field === 'condition' && suggestion.value in conditionMessages
    ? intl.formatMessage(conditionMessages[suggestion.value as ItemCondition])
    : suggestion.value;
}

/** Where a suggestion comes from, as the seller can check it: a swatch, a line, a code. */
function Evidence({ suggestion }: { suggestion: EnrichmentSuggestion }) {
  const intl = useIntl();
  const { evidence } = suggestion;
  switch (suggestion.source) {
    case 'colour':
      return (
        <Group gap={6} wrap="nowrap">
          <Box
            aria-hidden
            w={16}
            h={16}
            style={{
              background: evidence.hex,
              borderRadius: 4,
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(enrichmentMessages.fromColour, {
              hex: evidence.hex ?? '',
              share: evidence.share ?? 0,
            })}
          </Text>
        </Group>
      );
    case 'text':
      return (
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(enrichmentMessages.fromText, { line: evidence.text ?? '' })}
        </Text>
      );
    case 'barcode':
      return (
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(enrichmentMessages.fromBarcode, {
            format: evidence.barcode?.format.replace('_', '-') ?? '',
            value: evidence.barcode?.value ?? suggestion.value,
          })}
        </Text>
      );
    case 'vision':
      return (
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(enrichmentMessages.fromVision)}
        </Text>
      );
  }
}

/**
 * "Fill from photos": asks the server what the item's photos show (in the loop: nothing is
 * saved by asking) and lists each suggestion with its evidence. The seller uses or dismisses
 * each one, or fills every empty field at once; a field with a value changes only when the
 * seller clicks that suggestion's own button.
 */
export function FillFromPhotos({ itemId, details, setDetail, disabled }: DetailsHelperProps) {
  const intl = useIntl();
  const region = useRegionFormat();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [used, setUsed] = useState<ReadonlySet<string>>(new Set());
  const [copied, setCopied] = useState<string | null>(null);
  const [appliedCount, setAppliedCount] = useState<number | null>(null);
  const photos = details.images.map((image) => image.url).slice(0, ENRICHMENT_MAX_PHOTOS);
  const enrichment = useMutation({
    mutationFn: () => enrichByImages({ ...(itemId ? { itemId } : {}), photos, inTheLoop: true }),
    onSuccess: () => {
      setHidden(new Set());
      setUsed(new Set());
      setAppliedCount(null);
    },
  });
  const answer: EnrichByImagesResponse | undefined = enrichment.data;
  const shown = (answer?.suggestions ?? []).filter((s) => !hidden.has(suggestionKey(s)));
  const fills = answer ? fillsForEmptyFields(answer.suggestions, details, hidden) : [];

  const accept = (suggestion: EnrichmentSuggestion) => {
    if (!isApplicableField(suggestion.field)) return;
    if (suggestion.field === 'condition') {
      setDetail('condition', suggestion.value as ItemCondition);
    } else setDetail(suggestion.field, suggestion.value);
    setUsed((before) => new Set(before).add(suggestionKey(suggestion)));
  };
  const applyEmpty = () => {
    for (const fill of fills)
      accept({ ...fill, source: 'text', confidence: 1, evidence: { photo: null } });
    setAppliedCount(fills.length);
  };
  const copy = async (suggestion: EnrichmentSuggestion) => {
    await navigator.clipboard.writeText(suggestion.value);
    setCopied(suggestionKey(suggestion));
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="enrichment-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Text fw={650} id="enrichment-title">
            {intl.formatMessage(enrichmentMessages.title)}
          </Text>
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(
              photos.length === 0 ? enrichmentMessages.needsPhoto : enrichmentMessages.intro,
            )}
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} />}
          onClick={() => enrichment.mutate()}
          loading={enrichment.isPending}
          disabled={disabled || photos.length === 0}
        >
          {intl.formatMessage(enrichmentMessages.fill)}
        </Button>
      </Group>

      <Box aria-live="polite" mt={enrichment.isIdle ? 0 : 'sm'}>
        {enrichment.isPending && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text fz="sm">{intl.formatMessage(enrichmentMessages.reading)}</Text>
          </Group>
        )}
        {enrichment.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(enrichmentMessages.failed)}
          >
            {errorText(intl, enrichment.error)}
          </Alert>
        )}
        {answer && !enrichment.isPending && (
          <Stack gap="sm">
            {answer.skippedPhotos.length > 0 && (
              <Text fz="sm" c="dimmed">
                {intl.formatMessage(enrichmentMessages.skippedPhotos, {
                  count: answer.skippedPhotos.length,
                })}
              </Text>
            )}
            {shown.length === 0 ? (
              <Text fz="sm">{intl.formatMessage(enrichmentMessages.nothing)}</Text>
            ) : (
              <Stack
                gap="xs"
                component="ul"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label={intl.formatMessage(enrichmentMessages.title)}
              >
                {shown.map((suggestion) => {
                  const key = suggestionKey(suggestion);
                  const name = fieldName(intl, suggestion.field, region.colourLabel);
                  const value = valueText(intl, suggestion);
                  const { field } = suggestion;
                  const applicable = isApplicableField(field);
                  const current =
                    isApplicableField(field) && !isEmptyField(details, field)
                      ? String(details[field])
                      : null;
                  const isUsed = used.has(key) || current === suggestion.value;
                  return (
                    <Paper key={key} component="li" withBorder radius="sm" px="sm" py="xs">
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                          <Group gap={6}>
                            <Text fz="sm" fw={600}>
                              {name}:
                            </Text>
                            <Text fz="sm">{value}</Text>
                            <Badge variant="light" size="sm">
                              {intl.formatMessage(enrichmentMessages.confidence, {
                                confidence: suggestion.confidence,
                              })}
                            </Badge>
                          </Group>
                          <Evidence suggestion={suggestion} />
                          {current !== null && !isUsed && (
                            <Text fz="xs" c="dimmed">
                              {intl.formatMessage(enrichmentMessages.now, { value: current })}
                            </Text>
                          )}
                          {suggestion.field === 'barcode' && (
                            <Text fz="xs" c="dimmed">
                              {intl.formatMessage(enrichmentMessages.barcodeHint)}
                            </Text>
                          )}
                        </Stack>
                        <Group gap="xs">
                          {applicable ? (
                            isUsed ? (
                              <Text fz="sm" c="teal.8" fw={600}>
                                {intl.formatMessage(enrichmentMessages.used)}
                              </Text>
                            ) : (
                              <Button
                                size="xs"
                                onClick={() => accept(suggestion)}
                                disabled={disabled}
                                aria-label={intl.formatMessage(enrichmentMessages.useLabel, {
                                  field: name,
                                  value,
                                })}
                              >
                                {intl.formatMessage(enrichmentMessages.use)}
                              </Button>
                            )
                          ) : (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => void copy(suggestion)}
                              aria-label={intl.formatMessage(enrichmentMessages.copyLabel, {
                                action: intl.formatMessage(
                                  copied === key
                                    ? enrichmentMessages.copied
                                    : enrichmentMessages.copy,
                                ),
                                field: name,
                                value,
                              })}
                            >
                              {intl.formatMessage(
                                copied === key
                                  ? enrichmentMessages.copied
                                  : enrichmentMessages.copy,
                              )}
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="subtle"
                            color="gray"
                            onClick={() => setHidden((before) => new Set(before).add(key))}
                            aria-label={intl.formatMessage(enrichmentMessages.dismissLabel, {
                              field: name,
                              value,
                            })}
                          >
                            {intl.formatMessage(enrichmentMessages.dismiss)}
                          </Button>
                        </Group>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            )}
            {shown.length > 0 && (
              <Group gap="sm">
                <Button
                  variant="light"
                  onClick={applyEmpty}
                  disabled={disabled || fills.length === 0}
                >
                  {intl.formatMessage(enrichmentMessages.applyEmpty)}
                </Button>
                <Text fz="sm" c="dimmed">
                  {appliedCount !== null
                    ? intl.formatMessage(enrichmentMessages.appliedCount, { count: appliedCount })
                    : fills.length === 0
                      ? intl.formatMessage(enrichmentMessages.nothingEmpty)
                      : null}
                </Text>
              </Group>
            )}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
