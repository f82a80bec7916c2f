import { IMPORT_FILE_MAX_BYTES } from '@listloop/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { errorText } from '../../../lib/error-text';
import { itemKeys } from '../../../lib/inventory/item.api';
import { labelKeys } from '../../../lib/inventory/label.api';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import {
  importPercent,
  importStatusQueryOptions,
  isImportActive,
  normalizeImport,
  startImport,
  type ImportPreview,
} from '../api/item-import.api';
import { importMessages } from '../import.messages';
import { fieldName } from '../import-fields';

/** Rows drawn in the preview table; the counts above it cover every row. */
const PREVIEW_ROWS_SHOWN = 500;

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'import'; importId: string; fileName: string };

/** Upload a CSV → check the preview → import → follow the progress → see what happened. */
export function CsvImport({ canWrite }: { canWrite: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const reset = () => setStep({ kind: 'pick' });

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="csv-import-title"
    >
      <CsvHeader />
      {step.kind === 'pick' && (
        <PickFile
          canWrite={canWrite}
          onPreview={(preview) => setStep({ kind: 'preview', preview })}
        />
      )}
      {step.kind === 'preview' && (
        <PreviewStep
          preview={step.preview}
          onBack={reset}
          onStarted={(importId) =>
            setStep({ kind: 'import', importId, fileName: step.preview.fileName })
          }
        />
      )}
      {step.kind === 'import' && (
        <ImportProgress importId={step.importId} fileName={step.fileName} onAnother={reset} />
      )}
    </Card>
  );
}

function CsvHeader() {
  const intl = useIntl();
  return (
    <Group gap="sm" wrap="nowrap" mb="md">
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
        <IconFileSpreadsheet size={20} />
      </ThemeIcon>
      <Stack gap={0}>
        <Title order={2} fz="md" fw={650} id="csv-import-title">
          {intl.formatMessage(importMessages.csvTitle)}
        </Title>
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(importMessages.csvBody)}
        </Text>
      </Stack>
    </Group>
  );
}

function PickFile({
  canWrite,
  onPreview,
}: {
  canWrite: boolean;
  onPreview: (preview: ImportPreview) => void;
}) {
  const intl = useIntl();
  const normalize = useMutation({ mutationFn: normalizeImport, onSuccess: onPreview });
  const [fileName, setFileName] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  if (!canWrite) {
    return (
      <Text fz="sm" c="dimmed">
        {intl.formatMessage(importMessages.noPermission)}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {normalize.isPending ? (
        <Group gap="sm" py="lg" justify="center" role="status">
          <Loader size="sm" />
          <Text fz="sm">{intl.formatMessage(importMessages.reading, { fileName })}</Text>
        </Group>
      ) : (
        <FileDropZone
          accept=".csv,text/csv"
          onFiles={([file]) => {
            if (!file) return;
            setFileName(file.name);
            if (file.size > IMPORT_FILE_MAX_BYTES) {
              setTooLarge(true);
              return;
            }
            setTooLarge(false);
            normalize.mutate(file);
          }}
          buttonLabel={intl.formatMessage(importMessages.chooseFile)}
          prompt={intl.formatMessage(importMessages.dropPrompt)}
          hint={intl.formatMessage(importMessages.formatsHint)}
        />
      )}
      {tooLarge && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {intl.formatMessage(importMessages.tooLarge, {
            fileName,
            max: IMPORT_FILE_MAX_BYTES / (1024 * 1024),
          })}
        </Alert>
      )}
      {normalize.isError && !tooLarge && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(importMessages.readFailed, { fileName })}
        >
          {errorText(intl, normalize.error)}
        </Alert>
      )}
    </Stack>
  );
}

function PreviewStep({
  preview,
  onBack,
  onStarted,
}: {
  preview: ImportPreview;
  onBack: () => void;
  onStarted: (importId: string) => void;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const { colourLabel, postalCodeLabel } = useRegionFormat();
  const queryClient = useQueryClient();
  const [only, setOnly] = useState<'all' | 'errors'>('all');
  const withErrors = preview.totalRows - preview.validRows;
  const start = useMutation({
    mutationFn: () => startImport(preview.importId),
    onSuccess: (status) => {
      queryClient.setQueryData(importStatusQueryOptions(status.importId).queryKey, status);
      onStarted(status.importId);
    },
  });

  const rows =
    only === 'errors' ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows;
  const shown = rows.slice(0, PREVIEW_ROWS_SHOWN);
  // The counts cover the whole file; the rows below are only its first ones.
  const summary: [string, number, string?][] = [
    [intl.formatMessage(importMessages.countRows), preview.totalRows],
    [intl.formatMessage(importMessages.countValid), preview.validRows, 'teal'],
    [intl.formatMessage(importMessages.countErrors), withErrors, withErrors ? 'red' : undefined],
  ];
  const previewErrors = preview.rows.filter((row) => row.errors.length > 0).length;

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fz="sm" fw={600}>
          {preview.fileName}
        </Text>
        <Badge variant="light" radius="sm" tt="none">
          {intl.formatMessage(
            preview.format === 'ebay' ? importMessages.formatEbay : importMessages.formatListloop,
          )}
        </Badge>
      </Group>

      <SimpleGrid cols={3} spacing="sm" maw={640}>
        {summary.map(([label, value, color]) => (
          <Card key={label} withBorder radius="md" padding="sm">
            <Text fz="xs" c="dimmed">
              {label}
            </Text>
            <Text fz="xl" fw={700} c={color}>
              {intl.formatNumber(value)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Stack gap={6}>
        <Text fw={600} fz="sm">
          {intl.formatMessage(importMessages.columnsTitle)}
        </Text>
        <ScrollArea.Autosize mah={240} type="auto">
          <Table fz="sm" verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(importMessages.csvColumn)}</Table.Th>
                <Table.Th>{intl.formatMessage(importMessages.listloopField)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.columns.map((column) => (
                <Table.Tr key={column.column}>
                  <Table.Td ff="monospace">{column.column}</Table.Td>
                  <Table.Td c={column.field ? undefined : 'dimmed'}>
                    {column.field
                      ? fieldName(intl, column.field, {
                          colour: colourLabel,
                          postalCode: postalCodeLabel,
                        })
                      : intl.formatMessage(importMessages.notImported)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>

      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} fz="sm">
            {intl.formatMessage(importMessages.rowsTitle)}
          </Text>
          <SegmentedControl
            size="xs"
            value={only}
            onChange={(value) => setOnly(value as 'all' | 'errors')}
            data={[
              { value: 'all', label: intl.formatMessage(importMessages.showAllRows) },
              {
                value: 'errors',
                label: intl.formatMessage(importMessages.showErrorRows, { count: previewErrors }),
              },
            ]}
          />
        </Group>
        <ScrollArea.Autosize mah={420} type="auto">
          <Table fz="sm" verticalSpacing={4} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{intl.formatMessage(importMessages.rowNumber)}</Table.Th>
                <Table.Th>{intl.formatMessage(importMessages.rowSku)}</Table.Th>
                <Table.Th>{intl.formatMessage(importMessages.rowTitle)}</Table.Th>
                <Table.Th ta="right">{intl.formatMessage(importMessages.rowPrice)}</Table.Th>
                <Table.Th>{intl.formatMessage(importMessages.rowAction)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr
                  key={row.row}
                  bg={row.errors.length ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td c="dimmed">{row.row}</Table.Td>
                  <Table.Td ff="monospace">{row.sku}</Table.Td>
                  <Table.Td>
                    <Text fz="sm" lineClamp={1}>
                      {row.title}
                    </Text>
                    {row.errors.length > 0 && (
                      <List size="xs" c="red" mt={2}>
                        {row.errors.map((error) => (
                          <List.Item key={error}>{error}</List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{row.price === null ? '—' : money(row.price)}</Table.Td>
                  <Table.Td>
                    <Badge
                      size="sm"
                      variant="light"
                      radius="sm"
                      tt="none"
                      color={
                        row.action === 'create' ? 'teal' : row.action === 'update' ? 'blue' : 'gray'
                      }
                    >
                      {intl.formatMessage(
                        row.action === 'create'
                          ? importMessages.actionCreate
                          : row.action === 'update'
                            ? importMessages.actionUpdate
                            : importMessages.actionSkip,
                      )}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {only === 'all' && preview.totalRows > shown.length && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(importMessages.rowsTruncated, {
              shown: shown.length,
              total: preview.totalRows,
            })}
          </Text>
        )}
      </Stack>

      {start.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {errorText(intl, start.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={start.isPending}>
          {intl.formatMessage(importMessages.chooseAnother)}
        </Button>
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={preview.validRows === 0}
        >
          {intl.formatMessage(importMessages.startImport, { count: preview.validRows })}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportProgress({
  importId,
  fileName,
  onAnother,
}: {
  importId: string;
  fileName: string;
  onAnother: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const status = useQuery(importStatusQueryOptions(importId));
  const data = status.data;
  const finished = data && !isImportActive(data.status) && data.status !== 'previewed';
  const [refreshed, setRefreshed] = useState(false);
  if (finished && !refreshed) {
    setRefreshed(true);
    void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    void queryClient.invalidateQueries({ queryKey: labelKeys.all });
  }

  if (!data) {
    return status.isError ? (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {errorText(intl, status.error)}
      </Alert>
    ) : (
      <Loader size="sm" />
    );
  }

  const percent = importPercent(data);
  if (data.status === 'failed') {
    return (
      <Stack gap="sm">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(importMessages.failedTitle, { fileName })}
        >
          {data.failureReason ?? intl.formatMessage(importMessages.failedBody)}
        </Alert>
        <Group>
          <Button variant="default" onClick={onAnother}>
            {intl.formatMessage(importMessages.importAnother)}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (!finished) {
    return (
      <Stack gap="xs" role="status">
        <Group justify="space-between">
          <Text fz="sm" fw={600}>
            {intl.formatMessage(
              data.status === 'queued' ? importMessages.queued : importMessages.running,
              { fileName },
            )}
          </Text>
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(importMessages.progress, {
              processed: data.processedRows,
              total: data.totalRows,
            })}
          </Text>
        </Group>
        <Progress
          value={percent}
          animated
          size="lg"
          aria-label={intl.formatMessage(importMessages.progressLabel)}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="teal" variant="light" radius="xl" aria-hidden>
          <IconCircleCheck size={18} />
        </ThemeIcon>
        <Text fw={600}>{intl.formatMessage(importMessages.doneTitle, { fileName })}</Text>
      </Group>
      <SimpleGrid cols={{ base: 3 }} spacing="sm" maw={520}>
        {(
          [
            [importMessages.doneCreated, data.createdItems, 'teal'],
            [importMessages.doneUpdated, data.updatedItems, 'blue'],
            [
              importMessages.doneErrors,
              data.errorRows.length,
              data.errorRows.length ? 'red' : undefined,
            ],
          ] as const
        ).map(([label, value, color]) => (
          <Card key={label.id} withBorder radius="md" padding="sm">
            <Text fz="xs" c="dimmed">
              {intl.formatMessage(label)}
            </Text>
            <Text fz="xl" fw={700} c={color}>
              {intl.formatNumber(value)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {data.errorRows.length > 0 && (
        <Stack gap={6}>
          <Text fw={600} fz="sm">
            {intl.formatMessage(importMessages.errorRowsTitle)}
          </Text>
          <ScrollArea.Autosize mah={260} type="auto">
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{intl.formatMessage(importMessages.rowNumber)}</Table.Th>
                  <Table.Th>{intl.formatMessage(importMessages.errorColumn)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.errorRows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td c="dimmed">{row.row}</Table.Td>
                    <Table.Td c="red">{row.messages.join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
      <Group gap="sm">
        <Button component={Link} to="/app/inventory">
          {intl.formatMessage(importMessages.goToInventory)}
        </Button>
        <Button variant="default" onClick={onAnother}>
          {intl.formatMessage(importMessages.importAnother)}
        </Button>
      </Group>
    </Stack>
  );
}
