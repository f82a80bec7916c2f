import {
  CROSSLIST_WORKFLOWS,
  workflowSteps,
  type CrosslistWorkflow,
  type Workflow,
  type WorkflowInput,
} from '@listloop/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { usePermission } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { useSaveWorkflow, useWorkflow } from '../hooks/use-workflow';
import {
  EVERY_OPTIONS,
  inputOf,
  isChanged,
  scheduleLine,
  WORKFLOW_CHOICE_TEXT,
  WORKFLOW_STEP_TEXT,
} from '../workflow-form';
import { workflowMessages as m } from '../workflow.messages';

/** Spec §7 workflow: how new items come in, what happens next, and the eBay import's schedule. */
export function WorkflowPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.documentTitle));
  const workflow = useWorkflow();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...m.title} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...m.intro} />
        </Text>
      </Stack>
      <HelpTextAlert helpKey="workflow" />
      {workflow.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={intl.formatMessage(m.title)} />
        </Group>
      ) : workflow.isError ? (
        <LoadErrorAlert
          title={<FormattedMessage {...m.loadFailed} />}
          error={workflow.error}
          onRetry={() => void workflow.refetch()}
        />
      ) : (
        <WorkflowForm key={workflow.data.updatedAt ?? 'new'} workflow={workflow.data} />
      )}
    </Stack>
  );
}

function WorkflowForm({ workflow }: { workflow: Workflow }) {
  const intl = useIntl();
  const canManage = usePermission('account.manage');
  const save = useSaveWorkflow();
  const now = useNow();
  const [input, setInput] = useState<WorkflowInput>(() => inputOf(workflow));
  const changed = isChanged(workflow, input);
  const schedule = scheduleLine(workflow, now);
  const ebayWorkflow = input.crosslistWorkflow === 'keep_importing_from_ebay';

  const submit = () =>
    save.mutate(input, {
      onSuccess: () => notifications.show({ color: 'teal', message: intl.formatMessage(m.saved) }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: intl.formatMessage(m.notSaved, { reason: errorText(intl, error) }),
        }),
    });

  return (
    <Stack gap="lg">
      {!canManage && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          <FormattedMessage {...m.readOnly} />
        </Alert>
      )}
      <Radio.Group
        value={input.crosslistWorkflow}
        onChange={(value) =>
          setInput((current) => ({ ...current, crosslistWorkflow: value as CrosslistWorkflow }))
        }
        label={intl.formatMessage(m.choiceLabel)}
        labelProps={{ mb: 'xs' }}
      >
        <Stack gap="xs">
          {CROSSLIST_WORKFLOWS.map((option) => (
            <Radio
              key={option}
              value={option}
              disabled={!canManage}
              label={intl.formatMessage(WORKFLOW_CHOICE_TEXT[option])}
            />
          ))}
        </Stack>
      </Radio.Group>

      <Card withBorder radius="md" component="section" aria-labelledby="workflow-steps-title">
        <Title order={2} fz={16} id="workflow-steps-title" mb="xs">
          <FormattedMessage {...m.stepsTitle} />
        </Title>
        <List type="ordered" spacing={4} fz="sm">
          {workflowSteps(input.crosslistWorkflow).map((step) => (
            <List.Item key={step}>{intl.formatMessage(WORKFLOW_STEP_TEXT[step])}</List.Item>
          ))}
        </List>
      </Card>

      {ebayWorkflow && (
        <Card withBorder radius="md" component="section" aria-labelledby="workflow-ebay-title">
          <Stack gap="sm">
            <Title order={2} fz={16} id="workflow-ebay-title">
              <FormattedMessage {...m.ebayTitle} />
            </Title>
            <Switch
              label={intl.formatMessage(m.ebayEnabled)}
              checked={input.importFromEbay.enabled}
              disabled={!canManage}
              onChange={(event) => {
                const enabled = event.currentTarget.checked;
                setInput((current) => ({
                  ...current,
                  importFromEbay: { ...current.importFromEbay, enabled },
                }));
              }}
            />
            <Select
              label={intl.formatMessage(m.ebayEvery)}
              maw={260}
              allowDeselect={false}
              disabled={!canManage || !input.importFromEbay.enabled}
              value={String(input.importFromEbay.everyHours)}
              data={EVERY_OPTIONS.map((option) => ({
                value: String(option.hours),
                label: intl.formatMessage(option.text),
              }))}
              onChange={(value) => {
                if (!value) return;
                setInput((current) => ({
                  ...current,
                  importFromEbay: { ...current.importFromEbay, everyHours: Number(value) },
                }));
              }}
            />
            <Stack gap={2} role="status">
              {workflow.crosslistWorkflow === 'keep_importing_from_ebay' && (
                <Text fz="sm">
                  {schedule.kind === 'next' ? (
                    <FormattedMessage
                      {...m.ebayNext}
                      values={{
                        date: intl.formatDate(schedule.at, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        }),
                      }}
                    />
                  ) : schedule.kind === 'soon' ? (
                    <FormattedMessage {...m.ebayNextSoon} />
                  ) : (
                    <FormattedMessage {...m.ebayNotScheduled} />
                  )}
                </Text>
              )}
              {workflow.schedule.lastImportAt && (
                <Text fz="sm" c="dimmed">
                  <FormattedMessage
                    {...m.ebayLast}
                    values={{
                      date: intl.formatDate(workflow.schedule.lastImportAt, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }),
                    }}
                  />
                </Text>
              )}
            </Stack>
            {!workflow.schedule.ebayConnected && (
              <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
                <Stack gap={4}>
                  <Text fz="sm">
                    <FormattedMessage {...m.ebayConnect} />
                  </Text>
                  <Anchor component={Link} to="/app/marketplaces" fz="sm">
                    <FormattedMessage {...m.openMarketplaces} />
                  </Anchor>
                </Stack>
              </Alert>
            )}
          </Stack>
        </Card>
      )}

      {canManage && (
        <Group>
          <Button onClick={submit} loading={save.isPending} disabled={!changed}>
            <FormattedMessage {...m.save} />
          </Button>
        </Group>
      )}
    </Stack>
  );
}
