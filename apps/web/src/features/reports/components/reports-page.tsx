import { Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/document-title';
import { reportsMessages as m } from '../reports.messages';
import { ItemReportCard } from './item-report-card';
import { ItemsCreatedCard } from './items-created-card';

/** /app/reports: the item report (CSV or XLSX) and the totals of items created by date. */
export function ReportsPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.title));
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(m.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={680}>
          {intl.formatMessage(m.intro)}
        </Text>
      </Stack>
      <ItemReportCard />
      <ItemsCreatedCard />
    </Stack>
  );
}
