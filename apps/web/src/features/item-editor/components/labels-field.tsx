import { LABEL_MAX_LENGTH, LABELS_PER_ITEM_MAX } from '@listloop/domain';
import { Card, TagsInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { itemFieldMessages, labelRuleMessages } from '../../../lib/inventory/item.messages';
import { labelsQueryOptions } from '../../../lib/inventory/label.api';
import { itemEditorMessages } from '../item-editor.messages';

/**
 * The item's labels, picked from the seller's own or typed anew (the server adds a new one to
 * the label list when the item is saved). Spec §9: 20 per item, 20 characters each.
 */
export function LabelsField({
  userId,
  labels,
  onChange,
}: {
  userId: string;
  labels: string[];
  onChange: (labels: string[]) => void;
}) {
  const intl = useIntl();
  const known = useQuery(labelsQueryOptions(userId));
  const [error, setError] = useState<string | null>(null);

  const onTags = (next: string[]) => {
    const cleaned = [...new Set(next.map((name) => name.trim()).filter(Boolean))];
    if (cleaned.some((name) => name.length > LABEL_MAX_LENGTH)) {
      setError(intl.formatMessage(labelRuleMessages.tooLong, { max: LABEL_MAX_LENGTH }));
      return;
    }
    setError(null);
    onChange(cleaned);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="labels-title">
      <Text fw={650} mb="sm" id="labels-title">
        {intl.formatMessage(itemFieldMessages.labels)}
      </Text>
      <TagsInput
        aria-labelledby="labels-title"
        description={intl.formatMessage(itemEditorMessages.labelsHint, {
          max: LABELS_PER_ITEM_MAX,
          length: LABEL_MAX_LENGTH,
        })}
        placeholder={
          labels.length < LABELS_PER_ITEM_MAX
            ? intl.formatMessage(itemEditorMessages.labelsPlaceholder)
            : undefined
        }
        data={known.data?.map((label) => label.name) ?? []}
        value={labels}
        onChange={onTags}
        maxTags={LABELS_PER_ITEM_MAX}
        onMaxTags={() =>
          setError(
            intl.formatMessage(labelRuleMessages.perItemLimit, { limit: LABELS_PER_ITEM_MAX }),
          )
        }
        maxLength={LABEL_MAX_LENGTH}
        clearable
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
    </Card>
  );
}
