import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCheck,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import {
  lastMetafieldSyncQueryOptions,
  metafieldMapperQueryOptions,
  putMetafieldMapping,
  shopifyMetafieldKeys,
  startMetafieldSync,
} from '../api/shopify-metafields.api';
import { connectionErrorText } from '../connection-text';
import {
  checkDraft,
  draftChanged,
  draftFromMapping,
  isSyncActive,
  MAX_MAPPING_ROWS,
  metafieldChoices,
  SHOPIFY_METAFIELD_SOURCES,
  type LastMetafieldSync,
  type MappingDraftRow,
  type MappingProblem,
  type MetafieldMappingRow,
  type MetafieldSync,
} from '../shopify-metafields';
import { metafieldSourceMessages, shopifyMetafieldsMessages } from '../shopify-metafields.messages';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

const TITLE_ID = 'shopify-metafields-title';

/** Ids for the editor's rows, unique for the page's lifetime. */
let rowCount = 0;
const newId = () => `metafield-row-${(rowCount += 1)}`;
const m = shopifyMetafieldsMessages;

/**
 * Spec §7 Shopify metafields: copy the store's product metafield definitions (a background
 * sync, followed until it ends), and choose which item fact fills which metafield when an item
 * is published to Shopify. Shown only with a usable Shopify connection.
 */
export function ShopifyMetafieldsSection() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const last = useQuery(lastMetafieldSyncQueryOptions());
  const mapper = useQuery(metafieldMapperQueryOptions());

  const sync = useMutation({
    mutationFn: startMetafieldSync,
    onSuccess: (started) => {
      queryClient.setQueryData<LastMetafieldSync>(shopifyMetafieldKeys.lastSync(), (old) => ({
        sync: started,
        definitions: old?.definitions ?? [],
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopifyMetafieldKeys.lastSync() }),
  });
  const active = isSyncActive(last.data?.sync);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="md" fw={650} id={TITLE_ID}>
            {intl.formatMessage(m.title)}
          </Title>
          <Text fz="sm" c="dimmed" maw={760}>
            {intl.formatMessage(m.intro)}
          </Text>
        </Stack>

        <HelpTextAlert helpKey="mapShopifyMetafields" />

        <Group gap="sm" align="center">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={sync.isPending || active}
            disabled={last.isPending}
            onClick={() => sync.mutate()}
          >
            {intl.formatMessage(m.sync)}
          </Button>
          <Text fz="sm" role="status" aria-live="polite" data-testid="metafield-sync-state">
            {last.isPending ? (
              <Skeleton component="span" height={12} width={220} display="inline-block" />
            ) : last.data ? (
              syncStateText(intl, last.data.sync)
            ) : null}
          </Text>
        </Group>

        {sync.isError && (
          <DismissibleErrorAlert
            title={intl.formatMessage(m.syncStartFailed)}
            text={connectionErrorText(intl, sync.error)}
            onDismiss={() => sync.reset()}
          />
        )}
        {last.isError && (
          <LoadErrorAlert
            title={intl.formatMessage(m.lastSyncLoadFailed)}
            error={last.error}
            onRetry={() => void last.refetch()}
          />
        )}
        {mapper.isError && (
          <LoadErrorAlert
            title={intl.formatMessage(m.mappingLoadFailed)}
            error={mapper.error}
            onRetry={() => void mapper.refetch()}
          />
        )}

        {mapper.isPending || last.isPending ? (
          <Skeleton height={120} radius="md" />
        ) : mapper.data && last.data ? (
          <MappingEditor saved={mapper.data} last={last.data} />
        ) : null}
      </Stack>
    </Card>
  );
}

function syncStateText(intl: IntlShape, sync: MetafieldSync | null): string {
  if (!sync) return intl.formatMessage(m.syncNever);
  const when = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  switch (sync.status) {
    case 'queued':
      return intl.formatMessage(m.syncQueued, { time: when(sync.requestedAt) });
    case 'running':
      return intl.formatMessage(m.syncRunning, { time: when(sync.requestedAt) });
    case 'done':
      return intl.formatMessage(m.syncDone, {
        time: when(sync.finishedAt ?? sync.requestedAt),
        count: sync.definitionCount ?? 0,
      });
    case 'failed':
      return intl.formatMessage(m.syncFailed, {
        time: when(sync.requestedAt),
        error: sync.error ?? intl.formatMessage(commonMessages.unexpectedError),
      });
  }
}

function DismissibleErrorAlert({
  title,
  text,
  onDismiss,
}: {
  title: string;
  text: string;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      withCloseButton
      closeButtonLabel={intl.formatMessage(commonMessages.dismiss)}
      onClose={onDismiss}
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{text}</Text>
      </Stack>
    </Alert>
  );
}

function MappingEditor({ saved, last }: { saved: MetafieldMappingRow[]; last: LastMetafieldSync }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<MappingDraftRow[]>(() => draftFromMapping(saved, newId));
  const [problems, setProblems] = useState<Map<string, MappingProblem[]>>(new Map());
  const [justSaved, setJustSaved] = useState(false);

  const choices = useMemo(
    () => metafieldChoices(last.definitions, saved),
    [last.definitions, saved],
  );
  const options = useMemo(
    () =>
      choices.map((choice) => ({
        value: choice.ref,
        label: choice.name ? `${choice.ref} — ${choice.name}` : choice.ref,
      })),
    [choices],
  );
  const byRef = useMemo(() => new Map(choices.map((choice) => [choice.ref, choice])), [choices]);
  const sourceOptions = SHOPIFY_METAFIELD_SOURCES.map((source) => ({
    value: source,
    label: intl.formatMessage(metafieldSourceMessages[source]),
  }));

  const save = useMutation({
    mutationFn: putMetafieldMapping,
    onSuccess: (kept) => {
      queryClient.setQueryData(shopifyMetafieldKeys.mapper(), kept);
      setRows(draftFromMapping(kept, newId));
      setJustSaved(true);
    },
  });

  const changed = draftChanged(rows, saved);
  const edit = (next: MappingDraftRow[]) => {
    setRows(next);
    setJustSaved(false);
    if (problems.size > 0) setProblems(new Map());
    if (save.isError) save.reset();
  };
  const update = (id: string, patch: Partial<MappingDraftRow>) =>
    edit(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  const submit = () => {
    const check = checkDraft(rows, choices);
    if (!check.ok) {
      setProblems(check.problems);
      return;
    }
    save.mutate(check.mapping);
  };

  const problemText = (problem: MappingProblem) => intl.formatMessage(m[problem]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="sm" fw={650}>
          {intl.formatMessage(m.mappingTitle)}
        </Title>
        {last.definitions.length === 0 && (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.noDefinitions)}
          </Text>
        )}

        {rows.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.noRows)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">{intl.formatMessage(m.columnSource)}</Table.Th>
                  <Table.Th w={28} aria-hidden />
                  <Table.Th>{intl.formatMessage(m.columnMetafield)}</Table.Th>
                  <Table.Th w="22%">{intl.formatMessage(m.columnType)}</Table.Th>
                  <Table.Th w={52}>
                    <VisuallyHidden>{intl.formatMessage(m.columnActions)}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const number = index + 1;
                  const rowProblems = problems.get(row.id) ?? [];
                  const sourceProblem = rowProblems.find((p) => p === 'sourceRequired');
                  const metafieldProblem = rowProblems.find((p) => p !== 'sourceRequired');
                  const choice = row.metafield ? byRef.get(row.metafield) : undefined;
                  return (
                    <Table.Tr key={row.id} style={{ verticalAlign: 'top' }}>
                      <Table.Td>
                        <Select
                          aria-label={intl.formatMessage(m.sourceLabel, { row: number })}
                          placeholder={intl.formatMessage(m.sourcePlaceholder)}
                          data={sourceOptions}
                          value={row.source}
                          allowDeselect={false}
                          error={sourceProblem ? problemText(sourceProblem) : undefined}
                          onChange={(value) =>
                            update(row.id, {
                              source:
                                SHOPIFY_METAFIELD_SOURCES.find((source) => source === value) ??
                                null,
                            })
                          }
                        />
                      </Table.Td>
                      <Table.Td aria-hidden c="dimmed" pt={14}>
                        <IconArrowRight size={16} />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={intl.formatMessage(m.metafieldLabel, { row: number })}
                          placeholder={intl.formatMessage(m.metafieldPlaceholder)}
                          data={options}
                          value={row.metafield}
                          searchable
                          allowDeselect={false}
                          nothingFoundMessage={intl.formatMessage(m.noMatch)}
                          description={
                            choice?.missing ? intl.formatMessage(m.missingDefinition) : undefined
                          }
                          error={metafieldProblem ? problemText(metafieldProblem) : undefined}
                          onChange={(value) => update(row.id, { metafield: value })}
                        />
                      </Table.Td>
                      <Table.Td pt={14}>
                        <Text fz="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {choice?.type ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={intl.formatMessage(m.removeRow, { row: number })}
                          onClick={() => edit(rows.filter((other) => other.id !== row.id))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Group gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            disabled={rows.length >= MAX_MAPPING_ROWS}
            onClick={() => edit([...rows, { id: newId(), source: null, metafield: null }])}
          >
            {intl.formatMessage(m.addRow)}
          </Button>
          {rows.length >= MAX_MAPPING_ROWS && (
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(m.maxRows, { max: MAX_MAPPING_ROWS })}
            </Text>
          )}
        </Group>

        {problems.size > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {intl.formatMessage(m.fixRows)}
          </Alert>
        )}
        {save.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={intl.formatMessage(m.saveFailed)}
            role="alert"
          >
            {connectionErrorText(intl, save.error)}
          </Alert>
        )}

        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {intl.formatMessage(m.save)}
          </Button>
          {changed && (
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => edit(draftFromMapping(saved, newId))}
            >
              {intl.formatMessage(m.discard)}
            </Button>
          )}
          <Text fz="sm" c="teal" role="status" aria-live="polite">
            {justSaved && !changed && (
              <Group component="span" gap={4} display="inline-flex">
                <IconCheck size={16} aria-hidden />
                {intl.formatMessage(m.saved)}
              </Group>
            )}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
