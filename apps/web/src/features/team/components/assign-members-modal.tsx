import type { RoleViewData } from '@listloop/domain';
import { Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { membersQueryOptions } from '../api/team.api';
import { useAssignMembers } from '../hooks/use-team-mutations';
import { teamMessages as m } from '../team.messages';
import { DialogActions } from './dialog-actions';
import { roleDisplayName } from './role-name';

/** Assign members: the chosen members of the team leave their role for this one. */
export function AssignMembersModal({
  role,
  onClose,
  onAssigned,
  failureText,
}: {
  role: RoleViewData;
  onClose: () => void;
  onAssigned: (count: number) => void;
  failureText: (error: unknown) => string;
}) {
  const intl = useIntl();
  const members = useQuery(membersQueryOptions({}));
  const assign = useAssignMembers();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const options = (members.data ?? [])
    .filter((member) => member.role !== role.id)
    .map((member) => ({
      value: member.userId,
      label: member.name.trim() ? `${member.name.trim()} <${member.email}>` : member.email,
    }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text fw={650}>
          {intl.formatMessage(m.assignTitle, { name: roleDisplayName(intl, role) })}
        </Text>
      }
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (userIds.length === 0) return;
          setFailure(null);
          assign.mutate(
            { roleId: role.id, userIds },
            {
              onSuccess: () => onAssigned(userIds.length),
              onError: (error) => setFailure(failureText(error)),
            },
          );
        }}
      >
        <Stack gap="sm">
          <MultiSelect
            label={intl.formatMessage(m.assignMembers)}
            description={intl.formatMessage(m.assignHint)}
            data={options}
            value={userIds}
            onChange={setUserIds}
            searchable
            disabled={members.isPending}
            data-autofocus
          />
          <DialogActions
            failure={failure}
            onCancel={onClose}
            submitLabel={intl.formatMessage(m.assignSubmit)}
            loading={assign.isPending}
            disabled={userIds.length === 0}
          />
        </Stack>
      </form>
    </Modal>
  );
}
