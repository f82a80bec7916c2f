import type { CompletenessIssue, RegionalTextSet } from '@listloop/domain';
import { Card, Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { ItemStatusBadge } from '../../../components/inventory/status-badges';
import { completenessTexts } from '../../../lib/inventory/completeness-text';
import { completenessMessages } from '../../../lib/inventory/item.messages';
import { itemEditorMessages } from '../item-editor.messages';

/** Spec §5 completeness, live: the same rule the server runs on every save. */
export function CompletenessPanel({
  issues,
  weightUnits,
}: {
  issues: readonly CompletenessIssue[];
  weightUnits: RegionalTextSet['weightUnits'];
}) {
  const intl = useIntl();
  const complete = issues.length === 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="completeness-title"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={650} id="completeness-title">
          {intl.formatMessage(itemEditorMessages.completenessTitle)}
        </Text>
        <ItemStatusBadge status={complete ? 'complete' : 'inProgress'} style={{ flexShrink: 0 }} />
      </Group>
      <div aria-live="polite">
        {complete ? (
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon color="teal" variant="light" radius="xl" size="sm" aria-hidden>
              <IconCircleCheck size={14} />
            </ThemeIcon>
            <Text fz="sm">{intl.formatMessage(completenessMessages.complete)}</Text>
          </Group>
        ) : (
          <>
            <Text fz="xs" c="dimmed" mb={6}>
              {intl.formatMessage(itemEditorMessages.completenessIntro)}
            </Text>
            <List
              size="sm"
              spacing={4}
              icon={
                <ThemeIcon color="orange" variant="light" radius="xl" size={18} aria-hidden>
                  <IconAlertCircle size={12} />
                </ThemeIcon>
              }
              aria-label={intl.formatMessage(itemEditorMessages.completenessListLabel)}
            >
              {completenessTexts(intl, issues, weightUnits).map(({ key, text }) => (
                <List.Item key={key}>{text}</List.Item>
              ))}
            </List>
          </>
        )}
      </div>
    </Card>
  );
}
