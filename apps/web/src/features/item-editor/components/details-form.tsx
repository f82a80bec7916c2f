import {
  DESCRIPTION_MAX_LENGTH,
  ITEM_CONDITIONS,
  QUANTITY_MAX,
  SKU_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  type GeneralDetails,
  type ItemCondition,
} from '@listloop/domain';
import {
  Autocomplete,
  Card,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useIntl } from 'react-intl';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { regionLabelId } from '../../../i18n/dynamic-messages';
import { conditionMessages, itemFieldMessages } from '../../../lib/inventory/item.messages';
import type { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useSignedInSession } from '../../../lib/session';
import type { DetailsPath, DraftValue } from '../item-draft';
import { itemEditorMessages } from '../item-editor.messages';
import { WeightField } from './weight-field';

type Update = <P extends DetailsPath>(path: P, value: DraftValue<P>) => void;

export function DetailsForm({
  details,
  update,
  region,
  skuError,
}: {
  details: GeneralDetails;
  update: Update;
  region: ReturnType<typeof useRegionFormat>;
  /** Why the server refused the SKU (another item has it). */
  skuError?: string | null;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const label = (descriptor: (typeof itemFieldMessages)[keyof typeof itemFieldMessages]) =>
    intl.formatMessage(descriptor);
  const text = (path: DetailsPath) => (event: { currentTarget: { value: string } }) =>
    update(path, event.currentTarget.value as never);

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="details-title">
      <Text fw={650} mb="sm" id="details-title">
        {intl.formatMessage(itemEditorMessages.detailsTitle)}
      </Text>
      <Stack gap="sm">
        <TextInput
          label={label(itemFieldMessages.title)}
          withAsterisk
          maxLength={TITLE_MAX_LENGTH}
          value={details.title}
          onChange={text('generalDetails.title')}
          description={
            details.title.length > TITLE_MAX_LENGTH * 0.8
              ? intl.formatMessage(itemEditorMessages.charactersLeft, {
                  count: TITLE_MAX_LENGTH - details.title.length,
                })
              : undefined
          }
        />
        <Textarea
          label={label(itemFieldMessages.description)}
          withAsterisk
          autosize
          minRows={4}
          maxRows={14}
          maxLength={DESCRIPTION_MAX_LENGTH}
          value={details.description}
          onChange={text('generalDetails.description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <Autocomplete
            label={label(itemFieldMessages.brand)}
            withAsterisk
            maxLength={100}
            data={session.customBrands}
            value={details.brand}
            onChange={(value) => update('generalDetails.brand', value)}
          />
          <Select
            label={label(itemFieldMessages.condition)}
            withAsterisk
            placeholder={intl.formatMessage(itemEditorMessages.conditionPlaceholder)}
            clearable
            value={details.condition}
            onChange={(value) => update('generalDetails.condition', value as ItemCondition | null)}
            data={ITEM_CONDITIONS.map((condition) => ({
              value: condition,
              label: intl.formatMessage(conditionMessages[condition]),
            }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <MoneyInput
            label={label(itemFieldMessages.price)}
            withAsterisk
            value={details.price}
            onChange={(value) => update('generalDetails.price', value)}
          />
          <MoneyInput
            label={label(itemFieldMessages.costOfGoods)}
            value={details.costOfGoods}
            onChange={(value) => update('generalDetails.costOfGoods', value)}
          />
          <NumberField
            label={label(itemFieldMessages.quantity)}
            max={QUANTITY_MAX}
            emptyValue={0}
            value={details.quantity}
            onChange={(value) => update('generalDetails.quantity', value ?? 0)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={label(itemFieldMessages.category)}
            withAsterisk
            maxLength={200}
            placeholder={intl.formatMessage(itemEditorMessages.categoryPlaceholder)}
            value={details.category ?? ''}
            onChange={(event) =>
              update('generalDetails.category', event.currentTarget.value || null)
            }
          />
          <TextInput
            label={intl.formatMessage({ id: regionLabelId(region.colourLabel) })}
            maxLength={40}
            value={details.primaryColor ?? ''}
            onChange={(event) =>
              update('generalDetails.primaryColor', event.currentTarget.value || null)
            }
          />
          <TextInput
            label={label(itemFieldMessages.size)}
            maxLength={40}
            value={details.size}
            onChange={text('generalDetails.size')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <WeightField
            value={details.weight}
            onChange={(weight) => update('generalDetails.weight', weight)}
            units={region.weightUnits}
            required
          />
          <TextInput
            label={label(itemFieldMessages.sku)}
            maxLength={SKU_MAX_LENGTH}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={details.sku}
            onChange={text('generalDetails.sku')}
            error={skuError}
          />
        </SimpleGrid>
        <TextInput
          label={label(itemFieldMessages.location)}
          description={intl.formatMessage(itemEditorMessages.locationHint)}
          maxLength={100}
          value={details.location}
          onChange={text('generalDetails.location')}
        />
        <Textarea
          label={label(itemFieldMessages.notes)}
          description={intl.formatMessage(itemEditorMessages.notesHint)}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
          value={details.notes}
          onChange={text('generalDetails.notes')}
        />
      </Stack>
    </Card>
  );
}
