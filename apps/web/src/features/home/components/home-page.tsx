import type { Dashboard } from '@listloop/domain';
import { SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { useCountry } from '../../../i18n/locale-provider';
import { useDocumentTitle } from '../../../lib/document-title';
import { loadState } from '../../../lib/load-state';
import { displayName, useSignedInSession } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { dashboardQueryOptions } from '../api/dashboard.api';
import { browserTimeZone, dashboardQuery, seesNeedsYou } from '../dashboard-view';
import { homeMessages } from '../home.messages';
import { ActivityCard } from './activity-card';
import { ListingsCard } from './listings-card';
import { NeedsYouCard } from './needs-you-card';
import { SalesCard } from './sales-card';

function DashboardSkeleton() {
  const intl = useIntl();
  return (
    <>
      <VisuallyHidden role="status">{intl.formatMessage(commonMessages.loading)}</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Skeleton h={220} radius="md" />
          <Skeleton h={220} radius="md" />
        </SimpleGrid>
        <Skeleton h={180} radius="md" />
      </Stack>
    </>
  );
}

function DashboardCards({ dashboard }: { dashboard: Dashboard }) {
  const intl = useIntl();
  const { sales, listings, needsYou, activity } = dashboard;
  const needs = seesNeedsYou(needsYou);
  if (!sales && !listings && !needs && !activity) {
    // A role with none of the keys the dashboard reads with: say so rather than show nothing.
    return (
      <Text c="dimmed" fz="sm">
        {intl.formatMessage(homeMessages.nothingToShow)}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {(sales || listings) && (
        <SimpleGrid cols={{ base: 1, md: sales && listings ? 2 : 1 }} spacing="md">
          {sales && <SalesCard sales={sales} />}
          {listings && <ListingsCard listings={listings} />}
        </SimpleGrid>
      )}
      {needs && <NeedsYouCard needsYou={needsYou} />}
      {activity && <ActivityCard entries={activity.entries} />}
    </Stack>
  );
}

/**
 * The root: the seller's day at a glance (decision 0050). Today's and this week's sales, what
 * is listed, what needs them, and what the team did, from one read of GET /api/dashboard in
 * the browser's time zone. The account's facts live on the Account screen.
 */
export function HomePage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(homeMessages.documentTitle));
  const session = useSignedInSession();
  const country = useCountry();
  const [timeZone] = useState(browserTimeZone);
  const now = useNow();
  const query = useQuery(dashboardQueryOptions(dashboardQuery(country, timeZone)));
  const state = loadState(query);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          <FormattedMessage {...homeMessages.greeting} values={{ name: displayName(session) }} />
        </Title>
        <Text c="dimmed" fz="sm">
          {intl.formatMessage(homeMessages.summary, {
            company: session.account.companyName,
            date: intl.formatDate(now, { dateStyle: 'full', timeZone }),
          })}
        </Text>
      </Stack>

      {state.kind === 'loading' ? (
        <DashboardSkeleton />
      ) : state.kind === 'failed' ? (
        <LoadErrorAlert
          title={intl.formatMessage(homeMessages.loadFailed)}
          error={state.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <DashboardCards dashboard={state.data} />
      )}
    </Stack>
  );
}
