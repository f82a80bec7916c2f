import type { RegionalTextSet, Weight } from '@listloop/domain';
import { Group, Input, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { itemFieldMessages } from '../../../lib/inventory/item.messages';
import {
  sameWeight,
  weightFromParts,
  weightToParts,
  type WeightParts,
} from '../../../lib/inventory/weight';
import { itemEditorMessages } from '../item-editor.messages';

/**
 * Weight in the region's units (lb + oz in the US, kg + g elsewhere), stored in pounds and
 * ounces. What is typed stays as typed; it is re-read from the stored value only when that
 * changes from elsewhere.
 */
export function WeightField({
  value,
  onChange,
  units,
  required,
}: {
  value: Weight;
  onChange: (weight: Weight) => void;
  units: RegionalTextSet['weightUnits'];
  required?: boolean;
}) {
  const intl = useIntl();
  const [parts, setParts] = useState<WeightParts>(() => weightToParts(value, units));
  const [shown, setShown] = useState({ value, units });
  if (!sameWeight(shown.value, value) || shown.units !== units) {
    setShown({ value, units });
    if (!sameWeight(weightFromParts(parts, units), value) || shown.units !== units) {
      setParts(weightToParts(value, units));
    }
  }

  const change = (key: keyof WeightParts) => (input: string | number) => {
    const next = { ...parts, [key]: typeof input === 'number' ? input : 0 };
    setParts(next);
    const weight = weightFromParts(next, units);
    setShown({ value: weight, units });
    onChange(weight);
  };

  const metric = units.major === 'kg';
  return (
    <Input.Wrapper label={intl.formatMessage(itemFieldMessages.weight)} withAsterisk={required}>
      <Group gap="xs" grow wrap="nowrap">
        <NumberInput
          aria-label={intl.formatMessage(itemEditorMessages.weightMajor, { unit: units.major })}
          rightSection={units.major}
          rightSectionWidth={36}
          min={0}
          allowNegative={false}
          allowDecimal={!metric}
          decimalScale={2}
          value={parts.major || ''}
          placeholder="0"
          onChange={change('major')}
        />
        <NumberInput
          aria-label={intl.formatMessage(itemEditorMessages.weightMinor, { unit: units.minor })}
          rightSection={units.minor}
          rightSectionWidth={36}
          min={0}
          allowNegative={false}
          allowDecimal={!metric}
          decimalScale={2}
          value={parts.minor || ''}
          placeholder="0"
          onChange={change('minor')}
        />
      </Group>
    </Input.Wrapper>
  );
}
