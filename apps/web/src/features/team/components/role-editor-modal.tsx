import type { Permissions, RoleViewData } from '@listloop/domain';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { permissionExplanationId, permissionMessageId } from '../../../i18n/dynamic-messages';
import { useSignedInSession } from '../../../lib/session';
import { useSaveRole } from '../hooks/use-team-mutations';
import { permissionsPayload, roleMatrix, togglePermission } from '../role-matrix';
import { roleNameClientProblem, roleNameProblem } from '../team-errors';
import { permissionGroupMessages, teamMessages as m } from '../team.messages';
import { roleDisplayName } from './role-name';

const SWATCHES = [
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#e64980',
  '#7950f2',
  '#868e96',
];

/**
 * Create or edit a role: its name, colour and permission matrix grouped as the domain groups
 * the keys. A built-in role opens read-only; a key the caller does not hold cannot be ticked.
 */
export function RoleEditorModal({
  role,
  onClose,
  onSaved,
  failureText,
}: {
  /** null: a new role. */
  role: RoleViewData | null;
  onClose: () => void;
  onSaved: (role: RoleViewData) => void;
  failureText: (error: unknown) => string;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const save = useSaveRole();
  const builtIn = role?.isProtected ?? false;
  const [name, setName] = useState(role?.name ?? '');
  const [color, setColor] = useState(role?.color ?? SWATCHES[0]!);
  const [permissions, setPermissions] = useState<Permissions>(
    (role?.permissions as Permissions | undefined) ?? {},
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const matrix = roleMatrix(
    permissions,
    { accessLevel: session.accessLevel, permissions: session.permissions },
    { builtIn },
  );

  const title = role
    ? intl.formatMessage(builtIn ? m.rolesViewTitle : m.rolesEditTitle, {
        name: roleDisplayName(intl, role),
      })
    : intl.formatMessage(m.rolesCreateTitle);

  const submit = () => {
    const clientProblem = roleNameClientProblem(name);
    if (clientProblem) {
      setNameError(intl.formatMessage(clientProblem));
      return;
    }
    setNameError(null);
    setFailure(null);
    save.mutate(
      {
        ...(role ? { id: role.id } : {}),
        name,
        color,
        permissions: permissionsPayload(permissions),
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const problem = roleNameProblem(error);
          if (problem) {
            setNameError('message' in problem ? intl.formatMessage(problem.message) : problem.text);
          } else {
            setFailure(failureText(error));
          }
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>{title}</Text>}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      size="xl"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!builtIn) submit();
        }}
      >
        <Stack gap="md">
          {builtIn && (
            <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
              {intl.formatMessage(m.rolesBuiltInNote)}
            </Alert>
          )}
          <Group align="flex-start" grow wrap="wrap">
            <TextInput
              label={intl.formatMessage(m.rolesName)}
              description={intl.formatMessage(m.rolesNameHint)}
              required
              readOnly={builtIn}
              value={builtIn && role ? roleDisplayName(intl, role) : name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              maxLength={200}
              data-autofocus
            />
            <ColorInput
              label={intl.formatMessage(m.rolesColour)}
              format="hex"
              swatches={SWATCHES}
              value={color}
              onChange={setColor}
              readOnly={builtIn}
              disallowInput={builtIn}
              // The eyedropper is a button with no name; the picker and swatches do the job.
              withEyeDropper={false}
            />
          </Group>
          <Text fw={600} fz="sm" component="h3" m={0}>
            {intl.formatMessage(m.rolesPermissions)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {matrix.map(({ group, cells }) => (
              <Fieldset
                key={group}
                legend={intl.formatMessage(permissionGroupMessages[group])}
                variant="filled"
                radius="md"
              >
                <Stack gap="xs">
                  {cells.map((cell) => (
                    <Checkbox
                      key={cell.key}
                      checked={cell.checked}
                      disabled={cell.lock !== null}
                      onChange={(event) =>
                        setPermissions(
                          togglePermission(
                            matrix,
                            permissions,
                            cell.key,
                            event.currentTarget.checked,
                          ),
                        )
                      }
                      label={intl.formatMessage({ id: permissionMessageId(cell.key) })}
                      description={
                        <>
                          {intl.formatMessage({ id: permissionExplanationId(cell.key) })}
                          {cell.lock === 'notHeld' && (
                            <Text component="span" display="block" fz="xs" c="orange.8">
                              {intl.formatMessage(m.rolesNotHeld)}
                            </Text>
                          )}
                        </>
                      }
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(builtIn ? commonMessages.close : commonMessages.cancel)}
            </Button>
            {!builtIn && (
              <Button type="submit" loading={save.isPending}>
                {intl.formatMessage(m.rolesSave)}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
