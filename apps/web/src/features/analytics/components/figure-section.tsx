import { Box, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTable } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { analyticsMessages as m } from '../analytics.messages';

interface FigureSectionProps {
  title: string;
  description?: ReactNode;
  /** Beside the title: the grouping of a chart over time. */
  controls?: ReactNode;
  /** The CSV of the section's figures, and the download's full name for assistive tech. */
  csv: { href: string; label: string };
  /** What the chart shows, said in a sentence: read by everyone, and for the chart by AT. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  /** The table starts shown (the marketplaces' figures), or behind a toggle (a long series). */
  tableOpen?: boolean;
}

/**
 * A titled card holding a chart and the same figures as a table: the chart is for the eye
 * (hidden from assistive tech), the summary sentence and the table say it in words, and the
 * CSV downloads it.
 */
export function FigureSection({
  title,
  description,
  controls,
  csv,
  summary,
  chart,
  table,
  tableOpen = false,
}: FigureSectionProps) {
  const intl = useIntl();
  const titleId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(tableOpen);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} maw={640}>
            <Title order={2} fz="md" fw={650} id={titleId}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" fz="sm">
                {description}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {controls}
            <Button
              component="a"
              href={csv.href}
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              aria-label={csv.label}
            >
              {intl.formatMessage(m.downloadCsv)}
            </Button>
          </Group>
        </Group>
        <Text fz="sm">{summary}</Text>
        {chart && <Box aria-hidden>{chart}</Box>}
        {!tableOpen && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconTable size={14} />}
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {intl.formatMessage(showTable ? m.hideTable : m.showTable)}
            </Button>
          </Group>
        )}
        <Collapse expanded={showTable} id={tableId}>
          {table}
        </Collapse>
      </Stack>
    </Card>
  );
}
