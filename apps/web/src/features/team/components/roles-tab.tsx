import { type RoleViewData } from '@listloop/domain';
import {
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  ColorSwatch,
  Tooltip,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorText } from '../../../lib/error-text';
import { rolesQueryOptions } from '../api/team.api';
import { useDeleteRole } from '../hooks/use-team-mutations';
import type { Can } from '../team-access';
import { teamErrorMessage } from '../team-errors';
import { teamMessages as m } from '../team.messages';
import { AssignMembersModal } from './assign-members-modal';
import { RoleEditorModal } from './role-editor-modal';
import { TeamNotice, type Notice } from './team-notice';
import { roleDisplayName } from './role-name';

export function RolesTab({ can }: { can: Can }) {
  const intl = useIntl();
  const roles = useQuery(rolesQueryOptions());
  const remove = useDeleteRole();
  const canPickMembers = can('team.manage');
  const [notice, setNotice] = useState<Notice>(null);
  const [dialog, setDialog] = useState<
    | { kind: 'editor'; role: RoleViewData | null }
    | { kind: 'assign'; role: RoleViewData }
    | { kind: 'delete'; role: RoleViewData }
    | null
  >(null);

  const failureText = (error: unknown) => {
    const message = teamErrorMessage(error);
    return message ? intl.formatMessage(message) : errorText(intl, error);
  };

  return (
    <Stack gap="md">
      <TeamNotice notice={notice} onDismiss={() => setNotice(null)} />
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: 'editor', role: null })}
        >
          {intl.formatMessage(m.rolesCreate)}
        </Button>
      </Group>

      {roles.isError ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.rolesLoadFailed)}
          error={roles.error}
          onRetry={() => void roles.refetch()}
        />
      ) : roles.isPending ? (
        <Stack gap={6} aria-hidden>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Caption>{intl.formatMessage(m.rolesTableLabel)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage(m.rolesColumnName)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.rolesColumnMembers)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.rolesColumnActions)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.data.map((role) => {
                const name = roleDisplayName(intl, role);
                return (
                  <Table.Tr key={role.id}>
                    <Table.Th scope="row" fw={500}>
                      <Group gap={8} wrap="nowrap">
                        <ColorSwatch color={role.color} size={14} withShadow={false} />
                        <Text fz="sm" fw={500}>
                          {name}
                        </Text>
                        {role.isProtected && (
                          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
                            {intl.formatMessage(m.rolesBuiltIn)}
                          </Badge>
                        )}
                      </Group>
                    </Table.Th>
                    <Table.Td>
                      {intl.formatMessage(m.rolesMemberCount, { count: role.members.length })}
                    </Table.Td>
                    <Table.Td>
                      <Group
                        gap={4}
                        wrap="nowrap"
                        role="group"
                        aria-label={intl.formatMessage(m.rolesActionsFor, { name })}
                      >
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: 'editor', role })}
                        >
                          {intl.formatMessage(role.isProtected ? m.rolesView : m.rolesEdit)}
                        </Button>
                        {/* The member list is the team's: without its key there is nobody to pick. */}
                        <Tooltip
                          label={intl.formatMessage(m.blockedMissingPermission)}
                          disabled={canPickMembers}
                        >
                          <Button
                            size="xs"
                            variant="subtle"
                            disabled={!canPickMembers}
                            onClick={() => setDialog({ kind: 'assign', role })}
                          >
                            {intl.formatMessage(m.rolesAssign)}
                          </Button>
                        </Tooltip>
                        {!role.isProtected && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDialog({ kind: 'delete', role })}
                          >
                            {intl.formatMessage(m.rolesDelete)}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {dialog?.kind === 'editor' && (
        <RoleEditorModal
          role={dialog.role}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            setNotice({
              kind: 'done',
              text: intl.formatMessage(m.rolesSaved, { name: roleDisplayName(intl, saved) }),
            });
          }}
          failureText={failureText}
        />
      )}
      {dialog?.kind === 'assign' && (
        <AssignMembersModal
          role={dialog.role}
          onClose={() => setDialog(null)}
          onAssigned={(count) => {
            setNotice({
              kind: 'done',
              text: intl.formatMessage(m.assignDone, {
                count,
                name: roleDisplayName(intl, dialog.role),
              }),
            });
            setDialog(null);
          }}
          failureText={failureText}
        />
      )}
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        title={
          dialog?.kind === 'delete'
            ? intl.formatMessage(m.rolesDeleteTitle, { name: roleDisplayName(intl, dialog.role) })
            : ''
        }
        confirmLabel={intl.formatMessage(m.rolesDeleteConfirm)}
        danger
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const role = dialog.role;
          remove.mutate(role.id, {
            onSuccess: (removed) =>
              setNotice({
                kind: 'done',
                text: intl.formatMessage(m.rolesDeleted, {
                  name: roleDisplayName(intl, role),
                  count: removed.membersMoved,
                }),
              }),
            onError: (error) => setNotice({ kind: 'failed', text: failureText(error) }),
            onSettled: () => setDialog(null),
          });
        }}
      >
        <Text fz="sm">
          {dialog?.kind === 'delete'
            ? intl.formatMessage(m.rolesDeleteBody, { count: dialog.role.members.length })
            : ''}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
