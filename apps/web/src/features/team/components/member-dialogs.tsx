import {
  BULK_INVITE_MAX,
  LoginSchema,
  type RoleViewData,
  type TeamMember,
  type BulkInviteResult,
} from '@listloop/domain';
import {
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { useAssignMembers, useBulkInvite, useCreateMember } from '../hooks/use-team-mutations';
import { parseInviteList } from '../invite-list';
import { roleChoices, type Caller, type RoleChoiceBlock } from '../team-access';
import { teamMessages as m } from '../team.messages';
import { DialogActions } from './dialog-actions';
import { roleDisplayName } from './role-name';

const CHOICE_BLOCKS: Record<RoleChoiceBlock, MessageDescriptor> = {
  protectedRole: m.blockedProtectedRole,
  grantBeyondOwn: m.blockedGrantBeyondOwn,
};

/** The roles as select options: those the caller may not give are disabled, saying why. */
function roleOptions(intl: IntlShape, roles: readonly RoleViewData[], caller: Caller) {
  return roleChoices(roles, caller).map(({ role, block }) => ({
    value: role.id,
    disabled: block !== null,
    label: block
      ? intl.formatMessage(m.roleOption, {
          role: roleDisplayName(intl, role),
          reason: intl.formatMessage(CHOICE_BLOCKS[block]),
        })
      : roleDisplayName(intl, role),
  }));
}

const closeLabel = (intl: IntlShape) => ({
  'aria-label': intl.formatMessage(commonMessages.close),
});

/** Invite member: e-mail, name and role; the temporary password goes to them by e-mail. */
export function InviteMemberModal({
  opened,
  onClose,
  roles,
  caller,
  onInvited,
  failureText,
}: {
  opened: boolean;
  onClose: () => void;
  /** null: the caller cannot read roles, and invites without one. */
  roles: RoleViewData[] | null;
  caller: Caller;
  onInvited: (email: string) => void;
  failureText: (error: unknown) => string;
}) {
  const intl = useIntl();
  const create = useCreateMember();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setEmail('');
    setName('');
    setRoleId(null);
    setEmailProblem(null);
    setFailure(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    const parsed = LoginSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setEmailProblem(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setEmailProblem(null);
    setFailure(null);
    create.mutate(
      { email: parsed.data, ...(name.trim() ? { name: name.trim() } : {}), roleId },
      {
        onSuccess: () => {
          const sentTo = parsed.data;
          close();
          onInvited(sentTo);
        },
        onError: (error) => setFailure(failureText(error)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{intl.formatMessage(m.inviteTitle)}</Text>}
      closeButtonProps={closeLabel(intl)}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(m.inviteNote)}
          </Text>
          <TextInput
            label={intl.formatMessage(m.inviteEmail)}
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailProblem}
            data-autofocus
          />
          <TextInput
            label={intl.formatMessage(m.inviteName)}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {roles && (
            <Select
              label={intl.formatMessage(m.inviteRole)}
              placeholder={intl.formatMessage(m.membersNoRole)}
              data={roleOptions(intl, roles, caller)}
              value={roleId}
              onChange={setRoleId}
              clearable
            />
          )}
          <DialogActions
            failure={failure}
            onCancel={close}
            submitLabel={intl.formatMessage(m.inviteSubmit)}
            loading={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Invite several: a box of addresses and a role; then what became of each address. */
export function InviteSeveralModal({
  opened,
  onClose,
  roles,
  caller,
  failureText,
}: {
  opened: boolean;
  onClose: () => void;
  roles: RoleViewData[] | null;
  caller: Caller;
  failureText: (error: unknown) => string;
}) {
  const intl = useIntl();
  const bulk = useBulkInvite();
  const [text, setText] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [results, setResults] = useState<BulkInviteResult[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const parsed = parseInviteList(text);
  const problem =
    parsed.invalid.length > 0
      ? intl.formatMessage(m.inviteSeveralInvalid, { list: parsed.invalid.join(', ') })
      : parsed.tooMany
        ? intl.formatMessage(m.inviteSeveralTooMany, {
            max: BULK_INVITE_MAX,
            count: parsed.emails.length,
          })
        : null;

  const close = () => {
    setText('');
    setRoleId(null);
    setResults(null);
    setFailure(null);
    bulk.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{intl.formatMessage(m.inviteSeveralTitle)}</Text>}
      closeButtonProps={closeLabel(intl)}
      size="lg"
      centered
    >
      {results ? (
        <Stack gap="sm">
          <Text fz="sm" role="status">
            {intl.formatMessage(m.inviteSeveralSummary, {
              sent: results.filter((r) => r.ok).length,
              total: results.length,
            })}
          </Text>
          <Table.ScrollContainer minWidth={400} mah={360}>
            <Table verticalSpacing={4}>
              <Table.Caption>{intl.formatMessage(m.inviteSeveralResultTable)}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    {intl.formatMessage(m.inviteSeveralColumnAddress)}
                  </Table.Th>
                  <Table.Th scope="col">{intl.formatMessage(m.inviteSeveralColumnResult)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((result) => (
                  <Table.Tr key={result.email}>
                    <Table.Td>{result.email}</Table.Td>
                    <Table.Td>
                      <Text fz="sm" c={result.ok ? 'teal' : 'red'}>
                        {result.ok
                          ? intl.formatMessage(m.inviteSeveralSent)
                          : (result.message ?? '')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button onClick={close}>{intl.formatMessage(m.inviteSeveralDone)}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (problem || parsed.emails.length === 0) return;
            setFailure(null);
            bulk.mutate(
              { emails: parsed.emails, roleId },
              { onSuccess: setResults, onError: (error) => setFailure(failureText(error)) },
            );
          }}
        >
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(m.inviteNote)}
            </Text>
            <Textarea
              label={intl.formatMessage(m.inviteSeveralAddresses)}
              description={intl.formatMessage(m.inviteSeveralHint, { max: BULK_INVITE_MAX })}
              autosize
              minRows={5}
              maxRows={12}
              required
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={problem}
              data-autofocus
            />
            {roles && (
              <Select
                label={intl.formatMessage(m.inviteRole)}
                placeholder={intl.formatMessage(m.membersNoRole)}
                data={roleOptions(intl, roles, caller)}
                value={roleId}
                onChange={setRoleId}
                clearable
              />
            )}
            <DialogActions
              failure={failure}
              onCancel={close}
              submitLabel={intl.formatMessage(m.inviteSeveralSubmit, {
                count: parsed.emails.length,
              })}
              loading={bulk.isPending}
              disabled={problem !== null || parsed.emails.length === 0}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Change role: one member to another role (assign-members with one member). */
export function ChangeRoleModal({
  member,
  name,
  roles,
  caller,
  onClose,
  onChanged,
  failureText,
}: {
  member: TeamMember;
  name: string;
  roles: RoleViewData[];
  caller: Caller;
  onClose: () => void;
  onChanged: (roleName: string) => void;
  failureText: (error: unknown) => string;
}) {
  const intl = useIntl();
  const assign = useAssignMembers();
  const [roleId, setRoleId] = useState<string | null>(member.role);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>{intl.formatMessage(m.changeRoleTitle, { name })}</Text>}
      closeButtonProps={closeLabel(intl)}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!roleId) return;
          setFailure(null);
          assign.mutate(
            { roleId, userIds: [member.userId] },
            {
              onSuccess: (role) => onChanged(roleDisplayName(intl, role)),
              onError: (error) => setFailure(failureText(error)),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label={intl.formatMessage(m.inviteRole)}
            data={roleOptions(intl, roles, caller)}
            value={roleId}
            onChange={setRoleId}
            required
            data-autofocus
          />
          <DialogActions
            failure={failure}
            onCancel={onClose}
            submitLabel={intl.formatMessage(m.changeRoleSubmit)}
            loading={assign.isPending}
            disabled={!roleId || roleId === member.role}
          />
        </Stack>
      </form>
    </Modal>
  );
}
