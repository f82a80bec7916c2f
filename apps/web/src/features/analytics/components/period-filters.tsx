import { IN_PERSON, type MarketplaceId, type SaleChannel } from '@listloop/domain';
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { useSignedInSession } from '../../../lib/session';
import {
  PERIOD_PRESETS,
  periodProblem,
  type AnalyticsSearch,
  type Period,
  type PeriodPreset,
} from '../analytics-search';
import { analyticsMessages as m, periodProblems, presetNames } from '../analytics.messages';
import { channelName, periodLabel } from '../analytics-text';

/** Two typed days and a Show button: the period changes when the seller says so. */
function CustomPeriod({ period, onShow }: { period: Period; onShow: (period: Period) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(period);
  const [tried, setTried] = useState(false);
  const problem = periodProblem(draft.from, draft.to);
  const shown = tried ? problem : null;
  const message = shown ? intl.formatMessage(periodProblems[shown]) : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (problem === null) onShow(draft);
      }}
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          size="sm"
          w={{ base: '100%', xs: 170 }}
          label={intl.formatMessage(m.customFrom)}
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          error={shown === 'missing' && !draft.from ? message : undefined}
          required
        />
        <TextInput
          type="date"
          size="sm"
          w={{ base: '100%', xs: 170 }}
          label={intl.formatMessage(m.customTo)}
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          error={message && (shown !== 'missing' || !draft.to) ? message : undefined}
          required
        />
        <Button type="submit" size="sm" variant="light" mt={{ base: 0, xs: 25 }}>
          {intl.formatMessage(m.customShow)}
        </Button>
      </Group>
    </form>
  );
}

/** The period (a preset or two typed days) and the marketplace the figures are for. */
export function PeriodFilters({
  preset,
  period,
  timeZone,
  search,
  onSearchChange,
  updating,
}: {
  preset: PeriodPreset;
  period: Period;
  timeZone: string;
  search: AnalyticsSearch;
  onSearchChange: (search: AnalyticsSearch) => void;
  /** A new period's figures are on their way (the last ones stay on screen). */
  updating: boolean;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const marketplaceOrder = useMarketplaceOrder();
  const channels = useMemo(() => {
    const ids = new Set<MarketplaceId>(session.allowedMarketplaces);
    if (search.marketplace && search.marketplace !== IN_PERSON) ids.add(search.marketplace);
    return [...marketplaceOrder(ids), IN_PERSON] as SaleChannel[];
  }, [session.allowedMarketplaces, search.marketplace, marketplaceOrder]);

  return (
    <Stack gap="xs" role="group" aria-label={intl.formatMessage(m.filters)}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          size="sm"
          w={{ base: '100%', xs: 200 }}
          label={intl.formatMessage(m.period)}
          data={PERIOD_PRESETS.map((value) => ({
            value,
            label: intl.formatMessage(presetNames[value]),
          }))}
          value={preset}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            const next = (value ?? 'last30') as PeriodPreset;
            // Custom starts from the days on screen, for the seller to change.
            onSearchChange(
              next === 'custom'
                ? { ...search, period: next, from: period.from, to: period.to, bucket: undefined }
                : { ...search, period: next, from: undefined, to: undefined, bucket: undefined },
            );
          }}
        />
        <Select
          size="sm"
          w={{ base: '100%', xs: 220 }}
          label={intl.formatMessage(m.marketplace)}
          placeholder={intl.formatMessage(m.allMarketplaces)}
          data={channels.map((channel) => ({
            value: channel,
            label: channelName(intl, channel),
          }))}
          value={search.marketplace ?? null}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
          onChange={(value) =>
            onSearchChange({ ...search, marketplace: (value as SaleChannel | null) ?? undefined })
          }
        />
      </Group>
      {preset === 'custom' && (
        <CustomPeriod
          key={`${period.from}/${period.to}`}
          period={period}
          onShow={(next) =>
            onSearchChange({
              ...search,
              period: 'custom',
              from: next.from,
              to: next.to,
              bucket: undefined,
            })
          }
        />
      )}
      <Group gap="xs" aria-live="polite">
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(m.periodRange, {
            range: periodLabel(intl, period.from, period.to),
            timeZone,
          })}
        </Text>
        {updating && (
          <Group gap={6}>
            <Loader size={14} />
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(m.updating)}
            </Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
