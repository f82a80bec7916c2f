import '@mantine/charts/styles.css';
import { Alert, Card, EmptyState, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAccountCurrency } from '../../../lib/money/use-money';
import { useMayUse } from '../../../lib/session/use-permission';
import { useNow } from '../../../lib/use-now';
import {
  agingCsvHref,
  agingQueryOptions,
  profitCsvHref,
  profitQueryOptions,
  type ProfitParams,
} from '../api/analytics.api';
import {
  agingMarketplace,
  browserTimeZone,
  bucketsFor,
  searchPeriod,
  todayIn,
  type AnalyticsSearch,
} from '../analytics-search';
import { analyticsMessages as m } from '../analytics.messages';
import { channelName } from '../analytics-text';
import { AgingSection } from './aging-section';
import { CoverageNote, FigureCards } from './figure-cards';
import { MarketplaceSection } from './marketplace-section';
import { OverTimeSection } from './over-time-section';
import { PeriodFilters } from './period-filters';

function Header() {
  const intl = useIntl();
  const currency = useAccountCurrency();
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {intl.formatMessage(m.title)}
      </Title>
      <Text c="dimmed" fz="sm" maw={720}>
        {intl.formatMessage(m.intro, { currency })}
      </Text>
    </Stack>
  );
}

function FiguresLoading() {
  const intl = useIntl();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/**
 * /app/analytics: for a period and a marketplace (or all), what sold, its fees, cost of goods
 * and profit, days to sell and sell-through, over time and per marketplace; and the unsold
 * inventory by age. Every figure downloads as CSV. The period is counted in the browser's
 * time zone.
 */
export function AnalyticsPage({
  search,
  onSearchChange,
}: {
  search: AnalyticsSearch;
  onSearchChange: (search: AnalyticsSearch) => void;
}) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.title));
  const mayView = useMayUse('analytics.view');
  if (!mayView) {
    return (
      <Stack gap="lg" maw={1180}>
        <Header />
        <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
          {intl.formatMessage(m.noAccess)}
        </Alert>
      </Stack>
    );
  }
  return <AnalyticsFigures search={search} onSearchChange={onSearchChange} />;
}

function AnalyticsFigures({
  search,
  onSearchChange,
}: {
  search: AnalyticsSearch;
  onSearchChange: (search: AnalyticsSearch) => void;
}) {
  const intl = useIntl();
  const timeZone = useMemo(() => browserTimeZone(), []);
  // Moves on at midnight while the screen stays open: "last 30 days" ends today.
  const today = todayIn(timeZone, useNow(60_000));
  const { preset, period } = searchPeriod(search, today);
  const buckets = bucketsFor(period);
  const params: ProfitParams = {
    from: period.from,
    to: period.to,
    timeZone,
    marketplace: search.marketplace,
    bucket: search.bucket && buckets.includes(search.bucket) ? search.bucket : undefined,
  };
  const profit = useQuery(profitQueryOptions(params));
  const stockOn = agingMarketplace(search.marketplace);
  const aging = useQuery(agingQueryOptions(stockOn));
  const report = profit.data;
  const switching = profit.isPlaceholderData && profit.isFetching;
  const hasSales = report !== undefined && report.total.sales + report.total.doubleSales > 0;

  return (
    <Stack gap="lg" maw={1180}>
      <Header />
      <PeriodFilters
        preset={preset}
        period={period}
        timeZone={timeZone}
        search={search}
        onSearchChange={onSearchChange}
        updating={switching}
      />

      {profit.isPending ? (
        <FiguresLoading />
      ) : profit.isError ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.loadFailed)}
          error={profit.error}
          onRetry={() => void profit.refetch()}
        />
      ) : !hasSales ? (
        <Card withBorder radius="md" padding="lg">
          <EmptyState variant="light" icon={<IconChartBar size={26} />}>
            <EmptyState.Title order={2}>
              {search.marketplace
                ? intl.formatMessage(m.emptyMarketplace, {
                    where: search.marketplace === 'in_person' ? 'inPerson' : 'marketplace',
                    marketplace: channelName(intl, search.marketplace),
                  })
                : intl.formatMessage(m.empty)}
            </EmptyState.Title>
            <EmptyState.Description>{intl.formatMessage(m.emptyBody)}</EmptyState.Description>
          </EmptyState>
        </Card>
      ) : (
        <Stack gap="lg" style={{ opacity: switching ? 0.6 : 1 }}>
          <FigureCards report={report} />
          <CoverageNote report={report} />
          <OverTimeSection
            report={report}
            buckets={buckets}
            onBucketChange={(bucket) => onSearchChange({ ...search, bucket })}
            csvHref={profitCsvHref(params, 'series', intl.locale)}
          />
          <MarketplaceSection
            report={report}
            csvHref={profitCsvHref(params, 'summary', intl.locale)}
          />
        </Stack>
      )}

      <AgingSection query={aging} csvHref={agingCsvHref(stockOn, intl.locale)} />
    </Stack>
  );
}
