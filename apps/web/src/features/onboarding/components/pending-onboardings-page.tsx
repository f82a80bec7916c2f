import { Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useApproveOnboarding, usePendingOnboardings } from '../hooks/use-onboarding';
import { STEP_LABEL } from '../onboarding-flow';
import { staffOnboardingsMessages as m } from '../onboarding.messages';

/**
 * Provider staff only (decision 0044): every account's onboarding still in progress, oldest
 * first, and approving one for a seller who asked for help.
 */
export function PendingOnboardingsPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.documentTitle));
  const pending = usePendingOnboardings();
  const approve = useApproveOnboarding();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...m.title} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...m.intro} />
        </Text>
      </Stack>
      {pending.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={intl.formatMessage(m.title)} />
        </Group>
      ) : pending.isError ? (
        <LoadErrorAlert
          title={<FormattedMessage {...m.loadFailed} />}
          error={pending.error}
          onRetry={() => void pending.refetch()}
        />
      ) : pending.data.length === 0 ? (
        <Text c="dimmed" role="status">
          <FormattedMessage {...m.empty} />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage(m.company)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.contact)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.step)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.started)}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{intl.formatMessage(m.actions)}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.data.map((onboarding) => {
                const contact = [
                  onboarding.contact.name,
                  onboarding.contact.role,
                  onboarding.contact.email,
                ]
                  .filter(Boolean)
                  .join(' · ');
                const approving = approve.isPending && approve.variables === onboarding.id;
                return (
                  <Table.Tr key={onboarding.id}>
                    <Table.Th scope="row" fw={600}>
                      {onboarding.companyName}
                    </Table.Th>
                    <Table.Td>{contact || intl.formatMessage(m.noContact)}</Table.Td>
                    <Table.Td>{intl.formatMessage(STEP_LABEL[onboarding.step])}</Table.Td>
                    <Table.Td>
                      {intl.formatDate(onboarding.startedAt, { dateStyle: 'medium' })}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        loading={approving}
                        aria-label={intl.formatMessage(m.approveLabel, {
                          company: onboarding.companyName,
                        })}
                        onClick={() =>
                          approve.mutate(onboarding.id, {
                            onSuccess: () =>
                              notifications.show({
                                color: 'teal',
                                message: intl.formatMessage(m.approved, {
                                  company: onboarding.companyName,
                                }),
                              }),
                            onError: (error) =>
                              notifications.show({
                                color: 'red',
                                message: intl.formatMessage(m.notApproved, {
                                  reason: errorText(intl, error),
                                }),
                              }),
                          })
                        }
                      >
                        <FormattedMessage {...m.approve} />
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
