import { QUANTITY_MAX, SKU_MAX_LENGTH, type RegionalTextSet, type Variant } from '@listloop/domain';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Card,
  Group,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { regionLabelId } from '../../../i18n/dynamic-messages';
import { itemFieldMessages } from '../../../lib/inventory/item.messages';
import { newVariant } from '../item-draft';
import { itemEditorMessages } from '../item-editor.messages';

/** Size and colour variants, each with its own SKU, quantity and price. */
export function VariantsTable({
  variants,
  onChange,
  options,
  colourLabel,
}: {
  variants: Variant[];
  onChange: (variants: Variant[]) => void;
  options: { sizes: string[]; colors: string[] } | undefined;
  colourLabel: RegionalTextSet['labels']['colour'];
}) {
  const intl = useIntl();
  const colour = intl.formatMessage({ id: regionLabelId(colourLabel) });
  const change = (index: number, patch: Partial<Variant>) =>
    onChange(variants.map((variant, at) => (at === index ? { ...variant, ...patch } : variant)));

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="variants-title">
      <Group justify="space-between" mb="sm">
        <Text fw={650} id="variants-title">
          {intl.formatMessage(itemEditorMessages.variantsTitle)}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...variants, newVariant()])}
          disabled={variants.length >= 100}
        >
          {intl.formatMessage(itemEditorMessages.addVariant)}
        </Button>
      </Group>
      {variants.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(itemEditorMessages.variantsEmpty)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing={4} horizontalSpacing={6} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(itemFieldMessages.size)}</Table.Th>
                <Table.Th>{colour}</Table.Th>
                <Table.Th>{intl.formatMessage(itemFieldMessages.sku)}</Table.Th>
                <Table.Th w={90}>{intl.formatMessage(itemFieldMessages.quantity)}</Table.Th>
                <Table.Th w={120}>{intl.formatMessage(itemFieldMessages.price)}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((variant, index) => {
                const row = index + 1;
                const named = (field: string) =>
                  intl.formatMessage(itemEditorMessages.variantField, { field, row });
                return (
                  <Table.Tr key={variant.id}>
                    <Table.Td>
                      <Autocomplete
                        size="xs"
                        aria-label={named(intl.formatMessage(itemFieldMessages.size))}
                        data={options?.sizes ?? []}
                        maxLength={40}
                        value={variant.size}
                        onChange={(size) => change(index, { size })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Autocomplete
                        size="xs"
                        aria-label={named(colour)}
                        data={options?.colors ?? []}
                        maxLength={40}
                        value={variant.color}
                        onChange={(color) => change(index, { color })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                        aria-label={named(intl.formatMessage(itemFieldMessages.sku))}
                        maxLength={SKU_MAX_LENGTH}
                        value={variant.sku}
                        onChange={(event) => change(index, { sku: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        size="xs"
                        aria-label={named(intl.formatMessage(itemFieldMessages.quantity))}
                        max={QUANTITY_MAX}
                        emptyValue={0}
                        value={variant.quantity}
                        onChange={(quantity) => change(index, { quantity: quantity ?? 0 })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        size="xs"
                        aria-label={named(intl.formatMessage(itemFieldMessages.price))}
                        value={variant.price}
                        onChange={(price) => change(index, { price })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onChange(variants.filter((_, at) => at !== index))}
                        aria-label={intl.formatMessage(itemEditorMessages.removeVariant, { row })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
