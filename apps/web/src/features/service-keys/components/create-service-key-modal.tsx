import { SERVICE_KEY_NAME_MAX, type ServiceKeyKind } from '@listloop/domain';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { usePermission, useSignedInSession } from '../../../lib/session';
import { createServiceKey, keyRolesQueryOptions, serviceKeyKeys } from '../api/service-keys.api';
import { givableRoles, keyFormProblem, type KeyFormProblem } from '../service-keys';
import { serviceKeysMessages as m } from '../service-keys.messages';

const PROBLEM_TEXT = {
  nameRequired: m.problemNameRequired,
  nameTooLong: m.problemNameTooLong,
  roleRequired: m.problemRoleRequired,
} as const;

/**
 * Making a key: its name, its kind, the role of a role key (only roles within the maker's own
 * reach are offered), and then, once, the key itself to copy.
 */
export function CreateServiceKeyModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const session = useSignedInSession();
  const canManageRoles = usePermission('roles.manage');
  const roles = useQuery({ ...keyRolesQueryOptions(), enabled: opened && canManageRoles });
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ServiceKeyKind>('search');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [problem, setProblem] = useState<KeyFormProblem | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  // Without roles.manage the account's roles cannot be read: the person's own role is offered.
  const choices = useMemo(() => {
    const available = canManageRoles ? (roles.data ?? []) : session.role ? [session.role] : [];
    return givableRoles(available, session, intl.locale);
  }, [canManageRoles, roles.data, session, intl.locale]);

  const create = useMutation({
    mutationFn: () =>
      createServiceKey(
        kind === 'user_role' && roleId
          ? { name: name.trim(), kind, roleId }
          : { name: name.trim(), kind: 'search' },
      ),
    onSuccess: (result) => setCreated({ name: result.serviceKey.name, secret: result.secret }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeyKeys.all }),
  });

  const close = () => {
    setName('');
    setKind('search');
    setRoleId(null);
    setProblem(null);
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = keyFormProblem({ name, kind, roleId });
    setProblem(found);
    if (!found) create.mutate();
  };

  const problemText = (which: KeyFormProblem) =>
    intl.formatMessage(PROBLEM_TEXT[which], { max: SERVICE_KEY_NAME_MAX });
  const nameProblem = problem === 'nameRequired' || problem === 'nameTooLong' ? problem : null;

  return (
    <Modal
      opened={opened}
      onClose={create.isPending ? () => undefined : close}
      // The key is shown once: a stray click outside must not throw it away.
      closeOnClickOutside={false}
      closeOnEscape={!created}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={<Text fw={650}>{intl.formatMessage(created ? m.secretTitle : m.createTitle)}</Text>}
      centered
      size="lg"
    >
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconKey size={18} />} role="status">
            {intl.formatMessage(m.secretBody)}
          </Alert>
          <TextInput
            label={intl.formatMessage(m.secretLabel, { name: created.name })}
            value={created.secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="service-key-secret"
          />
          <Group justify="space-between">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {intl.formatMessage(copied ? m.secretCopied : m.secretCopy)}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{intl.formatMessage(m.secretDone)}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={intl.formatMessage(m.createName)}
              description={intl.formatMessage(m.createNameDescription)}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameProblem ? problemText(nameProblem) : undefined}
              required
              data-autofocus
            />
            <Radio.Group
              label={intl.formatMessage(m.createKind)}
              value={kind}
              onChange={(value) => setKind(value as ServiceKeyKind)}
            >
              <Stack gap="xs" mt={6}>
                <Radio
                  value="search"
                  label={intl.formatMessage(m.kindSearch)}
                  description={intl.formatMessage(m.kindSearchDescription)}
                />
                <Radio
                  value="user_role"
                  label={intl.formatMessage(m.kindUserRole)}
                  description={intl.formatMessage(m.kindUserRoleDescription)}
                />
              </Stack>
            </Radio.Group>
            {kind === 'user_role' &&
              (roles.isError ? (
                <LoadErrorAlert
                  title={intl.formatMessage(m.createRolesLoadFailed)}
                  error={roles.error}
                  onRetry={() => void roles.refetch()}
                />
              ) : canManageRoles && roles.isPending ? null : choices.length === 0 ? (
                <Alert color="gray" variant="light">
                  {intl.formatMessage(m.createNoRoles)}
                </Alert>
              ) : (
                <Select
                  label={intl.formatMessage(m.createRole)}
                  description={intl.formatMessage(
                    canManageRoles ? m.createRoleDescription : m.createOwnRoleOnly,
                  )}
                  placeholder={intl.formatMessage(m.createRolePlaceholder)}
                  data={choices.map((role) => ({ value: role.id, label: role.name }))}
                  value={roleId}
                  onChange={setRoleId}
                  error={problem === 'roleRequired' ? problemText('roleRequired') : undefined}
                  required
                  allowDeselect={false}
                />
              ))}
            {create.isError && (
              <Alert color="red" variant="light" role="alert">
                {intl.formatMessage(m.createFailed)}: {errorText(intl, create.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                {intl.formatMessage(commonMessages.cancel)}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {intl.formatMessage(m.createSubmit)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
