import type { RegionalTextSet, Weight } from '@listloop/domain';
import { Group, Input } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NumberField } from '../../../components/ui/number-field';
import { itemFieldMessages } from '../../../lib/inventory/item.messages';
import {
  WEIGHT_INPUTS,
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

  const change = (key: keyof WeightParts) => (input: number | null) => {
    const next = { ...parts, [key]: input };
    setParts(next);
    const weight = weightFromParts(next, units);
    setShown({ value: weight, units });
    onChange(weight);
  };

  return (
    <Input.Wrapper label={intl.formatMessage(itemFieldMessages.weight)} withAsterisk={required}>
      <Group gap="xs" grow wrap="nowrap">
        {(['major', 'minor'] as const).map((key) => (
          <NumberField
            key={key}
            aria-label={intl.formatMessage(
              key === 'major' ? itemEditorMessages.weightMajor : itemEditorMessages.weightMinor,
              { unit: units[key] },
            )}
            unit={units[key]}
            {...WEIGHT_INPUTS[units[key]]}
            value={parts[key]}
            placeholder="0"
            onChange={change(key)}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
