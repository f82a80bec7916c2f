import {
  ACTIVITY_ACTION_NAMES,
  ACTIVITY_SUBJECT_TYPES,
  type ActivityAction,
  type ActivitySubjectType,
} from '@listloop/domain';
import {
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { activityListQueryOptions } from '../api/activity.api';
import { EMPTY_FILTERS, filtersOf, hasFilters, type ActivityFilterForm } from '../activity-filters';
import { actionNames, activityMessages as m, subjectTypeNames } from '../activity.messages';
import { actorsOf } from '../../../lib/activity/activity-text';
import { ActivityTable } from './activity-table';

/** /app/activity: the account's activity log, newest first, with its filters. */
export function ActivityPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.title));
  const [form, setForm] = useState<ActivityFilterForm>(EMPTY_FILTERS);
  const filters = useMemo(() => filtersOf(form), [form]);
  const log = useInfiniteQuery(activityListQueryOptions(filters));
  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.entries) ?? [], [log.data]);

  // The members to filter by: those the log has shown, kept while the filters narrow it.
  const [seenActors, setSeenActors] = useState<{ value: string; label: string }[]>([]);
  const actors = useMemo(() => {
    const merged = new Map(seenActors.map((a) => [a.value, a.label]));
    for (const a of actorsOf(entries)) merged.set(a.value, a.label);
    return [...merged].map(([value, label]) => ({ value, label }));
  }, [seenActors, entries]);
  if (actors.length !== seenActors.length) setSeenActors(actors);

  const actionOptions = useMemo(
    () =>
      ACTIVITY_ACTION_NAMES.map((action) => ({
        value: action,
        label: intl.formatMessage(actionNames[action]),
      })).sort((a, b) => a.label.localeCompare(b.label, intl.locale)),
    [intl],
  );
  const set = (change: Partial<ActivityFilterForm>) => setForm((f) => ({ ...f, ...change }));

  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(m.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={640}>
          {intl.formatMessage(m.intro)}
        </Text>
      </Stack>

      <Group
        gap="sm"
        wrap="wrap"
        align="flex-end"
        role="group"
        aria-label={intl.formatMessage(m.filters)}
      >
        <Select
          label={intl.formatMessage(m.filterMember)}
          placeholder={intl.formatMessage(m.filterAll)}
          data={actors}
          value={form.actor}
          onChange={(actor) => set({ actor })}
          clearable
          searchable
          size="sm"
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.filterSubject)}
          placeholder={intl.formatMessage(m.filterAll)}
          data={ACTIVITY_SUBJECT_TYPES.map((type) => ({
            value: type,
            label: intl.formatMessage(subjectTypeNames[type]),
          }))}
          value={form.subjectType}
          onChange={(value) => set({ subjectType: value as ActivitySubjectType | null })}
          clearable
          size="sm"
          w={{ base: '100%', xs: 180 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.filterAction)}
          placeholder={intl.formatMessage(m.filterAll)}
          data={actionOptions}
          value={form.action}
          onChange={(value) => set({ action: value as ActivityAction | null })}
          clearable
          searchable
          size="sm"
          w={{ base: '100%', xs: 240 }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          type="date"
          label={intl.formatMessage(m.filterFrom)}
          value={form.fromDay}
          onChange={(event) => set({ fromDay: event.currentTarget.value })}
          size="sm"
          w={{ base: '100%', xs: 160 }}
        />
        <TextInput
          type="date"
          label={intl.formatMessage(m.filterTo)}
          value={form.toDay}
          onChange={(event) => set({ toDay: event.currentTarget.value })}
          size="sm"
          w={{ base: '100%', xs: 160 }}
        />
        {hasFilters(form) && (
          <Button variant="subtle" size="sm" onClick={() => setForm(EMPTY_FILTERS)}>
            {intl.formatMessage(m.clearFilters)}
          </Button>
        )}
      </Group>

      <Card withBorder radius="md" padding={0}>
        {log.isPending ? (
          <Stack
            p="md"
            gap="sm"
            aria-busy="true"
            aria-label={intl.formatMessage(commonMessages.loading)}
          >
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} h={28} />
            ))}
          </Stack>
        ) : log.isError ? (
          <LoadErrorAlert
            m="md"
            title={intl.formatMessage(m.loadFailed)}
            error={log.error}
            onRetry={() => void log.refetch()}
          />
        ) : entries.length === 0 ? (
          <EmptyState
            py="xl"
            variant="light"
            icon={<IconHistory size={26} />}
            title={intl.formatMessage(hasFilters(form) ? m.emptyFiltered : m.empty)}
          />
        ) : (
          <ActivityTable entries={entries} />
        )}
      </Card>

      {log.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void log.fetchNextPage()}
            loading={log.isFetchingNextPage}
          >
            {intl.formatMessage(m.loadMore)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
