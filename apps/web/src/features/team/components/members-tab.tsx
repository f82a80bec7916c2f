import {
  ACCOUNT_USER_STATUSES,
  NO_ROLE_FILTER,
  type AccountUserStatus,
  type RoleViewData,
  type TeamMember,
} from '@listloop/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDots,
  IconFilterOff,
  IconMailOff,
  IconSearch,
  IconUserPlus,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { accountUserStatusMessageId } from '../../../i18n/dynamic-messages';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSignedInSession } from '../../../lib/session';
import { membersQueryOptions, rolesQueryOptions } from '../api/team.api';
import {
  useReinviteMember,
  useRemoveMember,
  useUpdateMemberStatus,
} from '../hooks/use-team-mutations';
import {
  isFiltered,
  memberSearchQuery,
  NO_MEMBER_FILTERS,
  type MemberFilters,
} from '../invite-list';
import {
  memberActionStates,
  memberStatusLabel,
  MEMBER_ACTION_PERMISSIONS,
  type ActionState,
  type Can,
  type MemberBlock,
} from '../team-access';
import { teamErrorMessage } from '../team-errors';
import { teamMessages as m } from '../team.messages';
import { ChangeRoleModal, InviteMemberModal, InviteSeveralModal } from './member-dialogs';
import { TeamNotice, type Notice } from './team-notice';
import { RoleBadge, roleDisplayName } from './role-name';

const STATUS_COLOURS = {
  active: 'teal',
  pending: 'yellow',
  inactive: 'gray',
  invitationExpired: 'orange',
} as const;

export const BLOCK_MESSAGES: Record<MemberBlock, MessageDescriptor> = {
  missingPermission: m.blockedMissingPermission,
  ownerProtected: m.blockedOwnerProtected,
  memberAboveYou: m.blockedMemberAboveYou,
  yourself: m.blockedYourself,
  notPending: m.blockedNotPending,
};

/** What the last action did, or why it failed, said above the table. */

/** A readable name for a member: their name, else their e-mail. */
const nameOf = (member: Pick<TeamMember, 'name' | 'email'>) => member.name.trim() || member.email;

export function MembersTab({ can }: { can: Can }) {
  const intl = useIntl();
  const session = useSignedInSession();
  const [filters, setFilters] = useState<MemberFilters>(NO_MEMBER_FILTERS);
  const [debouncedQuery] = useDebouncedValue(filters.query, 300);
  const search = memberSearchQuery({ ...filters, query: debouncedQuery });
  const members = useQuery(membersQueryOptions(search));
  // The whole team, unfiltered: the caller's own row says whether they own the account.
  const everyone = useQuery(membersQueryOptions({}));
  const canReadRoles = can('roles.manage');
  const roles = useQuery({ ...rolesQueryOptions(), enabled: canReadRoles });
  const roleById = new Map((roles.data ?? []).map((role) => [role.id, role]));
  const isOwner = everyone.data?.some((u) => u.userId === session.userId && u.isOwner) ?? false;
  const caller = {
    userId: session.userId,
    accessLevel: session.accessLevel,
    permissions: session.permissions,
    isOwner,
  };

  const [notice, setNotice] = useState<Notice>(null);
  const [emailOff, setEmailOff] = useState(false);
  const [dialog, setDialog] = useState<
    | { kind: 'invite' }
    | { kind: 'inviteSeveral' }
    | { kind: 'changeRole'; member: TeamMember }
    | { kind: 'remove'; member: TeamMember }
    | null
  >(null);

  const reinvite = useReinviteMember();
  const updateStatus = useUpdateMemberStatus();
  const remove = useRemoveMember();

  /** The team's own words for its refusals; the app's general text for anything else. */
  const failureText = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'team/email-off') setEmailOff(true);
    const message = teamErrorMessage(error);
    return message ? intl.formatMessage(message) : errorText(intl, error);
  };
  const failed = (error: unknown) => setNotice({ kind: 'failed', text: failureText(error) });
  const done = (text: string) => setNotice({ kind: 'done', text });

  const canInvite = MEMBER_ACTION_PERMISSIONS.invite.every(can) && !emailOff;

  return (
    <Stack gap="md">
      {emailOff && (
        <Alert color="orange" variant="light" icon={<IconMailOff size={18} />}>
          {intl.formatMessage(m.emailOff)}
        </Alert>
      )}
      <TeamNotice notice={notice} onDismiss={() => setNotice(null)} />

      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={intl.formatMessage(m.membersSearchLabel)}
            placeholder={intl.formatMessage(m.membersSearchPlaceholder)}
            leftSection={<IconSearch size={16} />}
            value={filters.query}
            onChange={(event) => setFilters({ ...filters, query: event.currentTarget.value })}
            w={240}
          />
          <Select
            label={intl.formatMessage(m.membersStatusFilter)}
            placeholder={intl.formatMessage(m.membersStatusAny)}
            data={ACCOUNT_USER_STATUSES.map((status) => ({
              value: status,
              label: intl.formatMessage({ id: accountUserStatusMessageId(status) }),
            }))}
            value={filters.status}
            onChange={(value) =>
              setFilters({ ...filters, status: (value as AccountUserStatus | null) ?? null })
            }
            clearable
            w={170}
          />
          {canReadRoles && (
            <Select
              label={intl.formatMessage(m.membersRoleFilter)}
              placeholder={intl.formatMessage(m.membersRoleAny)}
              data={[
                { value: NO_ROLE_FILTER, label: intl.formatMessage(m.membersNoRole) },
                ...(roles.data ?? []).map((role) => ({
                  value: role.id,
                  label: roleDisplayName(intl, role),
                })),
              ]}
              value={filters.role}
              onChange={(value) => setFilters({ ...filters, role: value })}
              clearable
              w={200}
            />
          )}
          {isFiltered(filters) && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => setFilters(NO_MEMBER_FILTERS)}
            >
              {intl.formatMessage(m.membersClearFilters)}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUsersPlus size={16} />}
            disabled={!canInvite}
            onClick={() => setDialog({ kind: 'inviteSeveral' })}
          >
            {intl.formatMessage(m.membersInviteSeveral)}
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} />}
            disabled={!canInvite}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            {intl.formatMessage(m.membersInvite)}
          </Button>
        </Group>
      </Group>

      {members.isError ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.membersLoadFailed)}
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : members.isPending ? (
        <Stack gap={6} aria-hidden>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      ) : members.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {intl.formatMessage(m.membersEmpty)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table
            verticalSpacing="xs"
            highlightOnHover
            aria-label={intl.formatMessage(m.membersTableLabel)}
          >
            <Table.Caption>
              {intl.formatMessage(m.membersCount, { count: members.data.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage(m.membersColumnName)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.membersColumnEmail)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.membersColumnRole)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.membersColumnStatus)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.membersColumnActions)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.map((member) => {
                const role = member.role ? roleById.get(member.role) : null;
                const states = memberActionStates(
                  member,
                  canReadRoles ? (role ?? null) : undefined,
                  caller,
                  can,
                );
                const status = memberStatusLabel(member);
                return (
                  <Table.Tr key={member.userId}>
                    <Table.Th scope="row" fw={500}>
                      <Group gap={6} wrap="nowrap">
                        <Text fz="sm" fw={500} c={member.name.trim() ? undefined : 'dimmed'}>
                          {member.name.trim() || intl.formatMessage(m.membersNoName)}
                        </Text>
                        {member.isOwner && (
                          <Badge size="xs" variant="filled" radius="sm" tt="none">
                            {intl.formatMessage(m.membersOwner)}
                          </Badge>
                        )}
                        {member.userId === session.userId && (
                          <Badge size="xs" variant="outline" radius="sm" tt="none">
                            {intl.formatMessage(m.membersYou)}
                          </Badge>
                        )}
                      </Group>
                    </Table.Th>
                    <Table.Td>
                      <Text fz="sm">{member.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <MemberRole
                        role={role}
                        hasRole={member.role !== null}
                        canRead={canReadRoles}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge color={STATUS_COLOURS[status]} variant="light" radius="sm" tt="none">
                          {status === 'invitationExpired'
                            ? intl.formatMessage(m.membersInvitationExpired)
                            : intl.formatMessage({ id: accountUserStatusMessageId(status) })}
                        </Badge>
                        {status === 'invitationExpired' && (
                          <Text fz="xs" c="dimmed" maw={260}>
                            {intl.formatMessage(m.membersInvitationExpiredHint)}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <MemberMenu
                        name={nameOf(member)}
                        status={member.status}
                        states={states}
                        emailOff={emailOff}
                        onReinvite={() =>
                          reinvite.mutate(member.userId, {
                            onSuccess: () =>
                              done(intl.formatMessage(m.membersReinvited, { email: member.email })),
                            onError: failed,
                          })
                        }
                        onChangeRole={() => setDialog({ kind: 'changeRole', member })}
                        onStatus={(next) =>
                          updateStatus.mutate(
                            { userId: member.userId, status: next },
                            {
                              onSuccess: () =>
                                done(
                                  intl.formatMessage(
                                    next === 'inactive'
                                      ? m.membersDeactivated
                                      : m.membersReactivated,
                                    { name: nameOf(member) },
                                  ),
                                ),
                              onError: failed,
                            },
                          )
                        }
                        onRemove={() => setDialog({ kind: 'remove', member })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <InviteMemberModal
        opened={dialog?.kind === 'invite'}
        onClose={() => setDialog(null)}
        roles={canReadRoles ? (roles.data ?? []) : null}
        caller={caller}
        onInvited={(email) => {
          setDialog(null);
          done(intl.formatMessage(m.membersInvited, { email }));
        }}
        failureText={failureText}
      />
      <InviteSeveralModal
        opened={dialog?.kind === 'inviteSeveral'}
        onClose={() => setDialog(null)}
        roles={canReadRoles ? (roles.data ?? []) : null}
        caller={caller}
        failureText={failureText}
      />
      {dialog?.kind === 'changeRole' && (
        <ChangeRoleModal
          member={dialog.member}
          name={nameOf(dialog.member)}
          roles={roles.data ?? []}
          caller={caller}
          onClose={() => setDialog(null)}
          onChanged={(roleName) => {
            done(
              intl.formatMessage(m.membersRoleChanged, {
                name: nameOf(dialog.member),
                role: roleName,
              }),
            );
            setDialog(null);
          }}
          failureText={failureText}
        />
      )}
      <ConfirmModal
        opened={dialog?.kind === 'remove'}
        title={
          dialog?.kind === 'remove'
            ? intl.formatMessage(m.removeTitle, { name: nameOf(dialog.member) })
            : ''
        }
        confirmLabel={intl.formatMessage(m.membersRemove)}
        danger
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'remove') return;
          const member = dialog.member;
          remove.mutate(member.userId, {
            onSuccess: () => done(intl.formatMessage(m.membersRemoved, { name: nameOf(member) })),
            onError: failed,
            onSettled: () => setDialog(null),
          });
        }}
      >
        <Text fz="sm">
          {dialog?.kind === 'remove'
            ? intl.formatMessage(m.removeBody, { name: nameOf(dialog.member) })
            : ''}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function MemberRole({
  role,
  hasRole,
  canRead,
}: {
  role: RoleViewData | null | undefined;
  hasRole: boolean;
  canRead: boolean;
}) {
  const intl = useIntl();
  if (!hasRole)
    return (
      <Text fz="sm" c="dimmed">
        {intl.formatMessage(m.membersNoRole)}
      </Text>
    );
  if (!canRead || !role)
    return (
      <Text fz="xs" c="dimmed">
        {intl.formatMessage(m.membersRoleHidden)}
      </Text>
    );
  return <RoleBadge intl={intl} role={role} />;
}

/** One member's actions; an action out of reach stays in the menu, disabled, with its reason. */
function MemberMenu({
  name,
  status,
  states,
  emailOff,
  onReinvite,
  onChangeRole,
  onStatus,
  onRemove,
}: {
  name: string;
  status: AccountUserStatus;
  states: ReturnType<typeof memberActionStates>;
  emailOff: boolean;
  onReinvite: () => void;
  onChangeRole: () => void;
  onStatus: (next: AccountUserStatus) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const reason = (state: ActionState) =>
    state.allowed ? null : (
      <Text fz="xs" c="dimmed" maw={260}>
        {intl.formatMessage(BLOCK_MESSAGES[state.reason])}
      </Text>
    );
  const item = (
    state: ActionState,
    label: MessageDescriptor,
    onClick: () => void,
    extra: { color?: string; disabledBecause?: string } = {},
  ) => (
    <Menu.Item
      disabled={!state.allowed || extra.disabledBecause !== undefined}
      color={extra.color}
      onClick={onClick}
    >
      <Stack gap={0}>
        <Text fz="sm">{intl.formatMessage(label)}</Text>
        {reason(state)}
        {state.allowed && extra.disabledBecause && (
          <Text fz="xs" c="dimmed" maw={260}>
            {extra.disabledBecause}
          </Text>
        )}
      </Stack>
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={intl.formatMessage(m.membersActionsFor, { name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={intl.formatMessage(m.membersActionsFor, { name })}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {status === 'pending' &&
          item(states.reinvite, m.membersReinvite, onReinvite, {
            ...(emailOff ? { disabledBecause: intl.formatMessage(m.emailOff) } : {}),
          })}
        {item(states.changeRole, m.membersChangeRole, onChangeRole)}
        {status === 'inactive'
          ? item(states.reactivate, m.membersReactivate, () => onStatus('active'))
          : item(states.deactivate, m.membersDeactivate, () => onStatus('inactive'))}
        <Menu.Divider />
        {item(states.remove, m.membersRemove, onRemove, { color: 'red' })}
      </Menu.Dropdown>
    </Menu>
  );
}
