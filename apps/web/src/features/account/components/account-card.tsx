import {
  PERMISSION_KEYS,
  RESERVED_ROLE_NAMES,
  hasPermission,
  type RoleSummary,
} from '@listloop/domain';
import { Badge, ColorSwatch, DataList, Group, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useIntl, type IntlShape } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import {
  accessLevelMessageId,
  editionMessageId,
  permissionMessageId,
} from '../../../i18n/dynamic-messages';
import { useSignedInSession } from '../../../lib/session';
import { permissionsShown } from '../account-permissions';
import { homeMessages } from '../home.messages';

function roleName(intl: IntlShape, role: RoleSummary): string {
  // The protected built-in roles have reserved names; they read as the product's words.
  if (role.isProtected && role.name === RESERVED_ROLE_NAMES[0]) {
    return intl.formatMessage(homeMessages.roleAdmin);
  }
  if (role.isProtected && role.name === RESERVED_ROLE_NAMES[1]) {
    return intl.formatMessage(homeMessages.roleViewer);
  }
  return role.name;
}

export function AccountCard() {
  const intl = useIntl();
  const session = useSignedInSession();
  const granted = permissionsShown(
    PERMISSION_KEYS.filter((key) =>
      hasPermission({
        required: key,
        accessLevel: session.accessLevel,
        permissions: session.permissions,
      }),
    ),
  );
  const memberSince = Date.parse(session.details.createdAt);

  return (
    <SectionCard
      titleId="home-account"
      icon={<IconBuildingStore size={18} />}
      title={intl.formatMessage(homeMessages.accountTitle)}
    >
      <DataList size="sm" gap={8} labelWidth={130}>
        <DataList.Item>
          <DataList.ItemLabel>{intl.formatMessage(homeMessages.company)}</DataList.ItemLabel>
          <DataList.ItemValue fw={600}>{session.account.companyName}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{intl.formatMessage(homeMessages.edition)}</DataList.ItemLabel>
          <DataList.ItemValue>
            {intl.formatMessage({ id: editionMessageId(session.account.accountName) })}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{intl.formatMessage(homeMessages.role)}</DataList.ItemLabel>
          <DataList.ItemValue>
            {session.role ? (
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={session.role.color} size={12} withShadow={false} />
                <Text fz="sm" tt="capitalize" component="span">
                  {roleName(intl, session.role)}
                </Text>
              </Group>
            ) : (
              <Text fz="sm" c="dimmed" component="span">
                {intl.formatMessage(homeMessages.noRole)}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{intl.formatMessage(homeMessages.accessLevel)}</DataList.ItemLabel>
          <DataList.ItemValue>
            {intl.formatMessage({ id: accessLevelMessageId(session.accessLevel) })}
          </DataList.ItemValue>
        </DataList.Item>
        {!Number.isNaN(memberSince) && (
          <DataList.Item>
            <DataList.ItemLabel>{intl.formatMessage(homeMessages.memberSince)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {intl.formatDate(memberSince, { dateStyle: 'long' })}
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>

      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mt="md" mb={6}>
        {intl.formatMessage(homeMessages.permissions)}
      </Text>
      {session.accessLevel === 'staff' ? (
        <Text fz="sm">{intl.formatMessage(homeMessages.allPermissions)}</Text>
      ) : granted.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(homeMessages.noPermissions)}
        </Text>
      ) : (
        <Group gap={6}>
          {granted.map((key) => (
            <Badge key={key} variant="default" radius="sm" tt="none" fw={500}>
              {intl.formatMessage({ id: permissionMessageId(key) })}
            </Badge>
          ))}
        </Group>
      )}
    </SectionCard>
  );
}
