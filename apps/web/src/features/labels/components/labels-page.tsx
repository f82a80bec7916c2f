import { LABEL_MAX_LENGTH, LABELS_PER_USER_MAX, type Label } from '@listloop/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTags,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { labelsQueryOptions } from '../../../lib/inventory/label.api';
import { labelErrorText, labelProblemText } from '../../../lib/inventory/label-error-text';
import { labelNameProblem } from '../../../lib/inventory/label-rules';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import { useCreateLabel, useDeleteLabel, useRenameLabel } from '../hooks/use-label-mutations';
import { labelsMessages } from '../labels.messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

/** /app/labels: the seller's labels with how many items carry each; create, rename, delete. */
export function LabelsPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(labelsMessages.title));
  const { userId } = useSignedInSession();
  const canWrite = useMayUse('labels.write');
  const labels = useQuery(labelsQueryOptions(userId));
  const [filter, setFilter] = useState('');
  const [deleting, setDeleting] = useState<Label | null>(null);
  const remove = useDeleteLabel();

  const all = useMemo(() => labels.data ?? [], [labels.data]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    const sorted = [...all].sort((a, b) => a.name.localeCompare(b.name, intl.locale));
    return needle
      ? sorted.filter((label) => label.name.toLocaleLowerCase().includes(needle))
      : sorted;
  }, [all, filter, intl.locale]);

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Group gap="sm" align="baseline">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {intl.formatMessage(labelsMessages.title)}
          </Title>
          {labels.data && (
            <Text c="dimmed" fz="sm">
              {intl.formatMessage(labelsMessages.count, {
                count: all.length,
                max: LABELS_PER_USER_MAX,
              })}
            </Text>
          )}
        </Group>
        <Text c="dimmed" fz="sm" maw={640}>
          {intl.formatMessage(labelsMessages.intro)}
        </Text>
      </Stack>

      <HelpTextAlert helpKey="labelManager" />

      {canWrite && <CreateLabelForm labels={all} disabled={!labels.data} />}

      <Card withBorder radius="md" padding={0}>
        {labels.isPending ? (
          <Stack
            p="md"
            gap="sm"
            aria-busy="true"
            aria-label={intl.formatMessage(commonMessages.loading)}
          >
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} h={28} />
            ))}
          </Stack>
        ) : labels.isError ? (
          <LoadErrorAlert
            m="md"
            title={intl.formatMessage(labelsMessages.loadFailed)}
            error={labels.error}
            onRetry={() => void labels.refetch()}
          />
        ) : all.length === 0 ? (
          <EmptyState
            py="xl"
            variant="light"
            icon={<IconTags size={26} />}
            title={intl.formatMessage(labelsMessages.emptyTitle)}
            description={intl.formatMessage(labelsMessages.emptyBody)}
          />
        ) : (
          <>
            {all.length > 8 && (
              <TextInput
                m="sm"
                leftSection={<IconSearch size={16} />}
                placeholder={intl.formatMessage(labelsMessages.filterPlaceholder)}
                aria-label={intl.formatMessage(labelsMessages.filterPlaceholder)}
                value={filter}
                onChange={(event) => setFilter(event.currentTarget.value)}
              />
            )}
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing={6} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{intl.formatMessage(labelsMessages.columnName)}</Table.Th>
                    <Table.Th w={110} ta="right">
                      {intl.formatMessage(labelsMessages.columnItems)}
                    </Table.Th>
                    <Table.Th w={140} visibleFrom="sm">
                      {intl.formatMessage(labelsMessages.columnCreated)}
                    </Table.Th>
                    {canWrite && (
                      <Table.Th w={96}>
                        <VisuallyHidden>
                          {intl.formatMessage(labelsMessages.columnActions)}
                        </VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((label) => (
                    <LabelRow
                      key={label.id}
                      label={label}
                      labels={all}
                      canWrite={canWrite}
                      onDelete={() => setDeleting(label)}
                    />
                  ))}
                  {shown.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text fz="sm" c="dimmed" ta="center" py="sm">
                          {intl.formatMessage(labelsMessages.noMatch)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Card>

      <ConfirmModal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        danger
        loading={remove.isPending}
        title={intl.formatMessage(labelsMessages.deleteTitle, { name: deleting?.name ?? '' })}
        confirmLabel={intl.formatMessage(labelsMessages.deleteConfirm)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        <Stack gap="xs">
          <Text fz="sm">
            {intl.formatMessage(labelsMessages.deleteBody, { count: deleting?.itemCount ?? 0 })}
          </Text>
          {remove.isError && (
            <Text fz="sm" c="red" role="alert">
              {errorText(intl, remove.error)}
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}

function CreateLabelForm({ labels, disabled }: { labels: readonly Label[]; disabled: boolean }) {
  const intl = useIntl();
  const create = useCreateLabel();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = labelNameProblem(name, labels);
  const shownProblem =
    touched && problem && (problem !== 'required' || name.length > 0) ? problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    create.mutate(name, {
      onSuccess: () => {
        setName('');
        setTouched(false);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          maw={420}
          label={intl.formatMessage(labelsMessages.newLabel)}
          placeholder={intl.formatMessage(labelsMessages.newLabelPlaceholder)}
          value={name}
          maxLength={LABEL_MAX_LENGTH + 10}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
            if (create.isError) create.reset();
          }}
          error={
            shownProblem
              ? labelProblemText(intl, shownProblem)
              : create.isError
                ? labelErrorText(intl, create.error)
                : undefined
          }
          rightSection={
            <Text fz={10} c={name.trim().length > LABEL_MAX_LENGTH ? 'red' : 'dimmed'}>
              {name.trim().length}/{LABEL_MAX_LENGTH}
            </Text>
          }
          rightSectionWidth={44}
        />
        <Button
          type="submit"
          mt={25}
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
          disabled={disabled}
        >
          {intl.formatMessage(labelsMessages.addLabel)}
        </Button>
      </Group>
    </form>
  );
}

function LabelRow({
  label,
  labels,
  canWrite,
  onDelete,
}: {
  label: Label;
  labels: readonly Label[];
  canWrite: boolean;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const rename = useRenameLabel();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(label.name);
  const problem = labelNameProblem(name, labels, { renamingId: label.id });

  const save = () => {
    if (problem) return;
    if (name.trim() === label.name) {
      setEditing(false);
      return;
    }
    rename.mutate({ labelId: label.id, name }, { onSuccess: () => setEditing(false) });
  };
  const cancel = () => {
    setEditing(false);
    setName(label.name);
    rename.reset();
  };

  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <Group gap={4} wrap="nowrap" align="flex-start">
              <TextInput
                size="xs"
                flex={1}
                maw={280}
                autoFocus
                aria-label={intl.formatMessage(labelsMessages.renameLabel, { name: label.name })}
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  if (rename.isError) rename.reset();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') cancel();
                }}
                error={
                  problem
                    ? labelProblemText(intl, problem)
                    : rename.isError
                      ? labelErrorText(intl, rename.error)
                      : undefined
                }
              />
              <ActionIcon
                type="submit"
                variant="light"
                size="md"
                loading={rename.isPending}
                disabled={Boolean(problem)}
                aria-label={intl.formatMessage(labelsMessages.saveName)}
              >
                <IconCheck size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                onClick={cancel}
                aria-label={intl.formatMessage(commonMessages.cancel)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </form>
        ) : (
          <Text fz="sm" fw={500}>
            {label.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {label.itemCount > 0 ? (
          <Anchor
            renderRoot={(props) => (
              <Link to="/app/inventory" search={{ label: label.name }} {...props} />
            )}
            fz="sm"
            aria-label={intl.formatMessage(labelsMessages.showItems, {
              count: label.itemCount,
              name: label.name,
            })}
          >
            {intl.formatNumber(label.itemCount)}
          </Anchor>
        ) : (
          <Text fz="sm" c="dimmed">
            0
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text fz="sm" c="dimmed">
          {Number.isNaN(Date.parse(label.createdAt))
            ? ''
            : intl.formatDate(label.createdAt, { dateStyle: 'medium' })}
        </Text>
      </Table.Td>
      {canWrite && (
        <Table.Td>
          {!editing && (
            <Group gap={2} wrap="nowrap" justify="flex-end">
              <Tooltip label={intl.formatMessage(labelsMessages.renameLabel, { name: label.name })}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setEditing(true)}
                  aria-label={intl.formatMessage(labelsMessages.renameLabel, { name: label.name })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={intl.formatMessage(labelsMessages.deleteLabel, { name: label.name })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onDelete}
                  aria-label={intl.formatMessage(labelsMessages.deleteLabel, { name: label.name })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
