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
import { accountOverviewMessages } from '../account-overview.messages';

function roleName(intl: IntlShape, role: RoleSummary): string {
  // The protected built-in roles have reserved names; they read as the product's words.
  if (role.isProtected && role.name === RESERVED_ROLE_NAMES[0]) {
    return intl.formatMessage(accountOverviewMessages.roleAdmin);
  }
  if (role.isProtected && role.name === RESERVED_ROLE_NAMES[1]) {
    return intl.formatMessage(accountOverviewMessages.roleViewer);
  }
  return role.name;
}

export function AccountCard() {
  const intl = useIntl();
  const session = useSignedInSession();
  // Every permission the role holds has a screen to act on, reports included.
  const granted = PERMISSION_KEYS.filter((key) =>
    hasPermission({
      required: key,
      accessLevel: session.accessLevel,
      permissions: session.permissions,
    }),
  );
  const memberSince = Date.parse(session.details.createdAt);

  return (
    <SectionCard
      titleId="account-profile"
      icon={<IconBuildingStore size={18} />}
      title={intl.formatMessage(accountOverviewMessages.accountTitle)}
    >
      <DataList size="sm" gap={8} labelWidth={130}>
        <DataList.Item>
          <DataList.ItemLabel>
            {intl.formatMessage(accountOverviewMessages.company)}
          </DataList.ItemLabel>
          <DataList.ItemValue fw={600}>{session.account.companyName}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>
            {intl.formatMessage(accountOverviewMessages.edition)}
          </DataList.ItemLabel>
          <DataList.ItemValue>
            {intl.formatMessage({ id: editionMessageId(session.account.accountName) })}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>
            {intl.formatMessage(accountOverviewMessages.role)}
          </DataList.ItemLabel>
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
                {intl.formatMessage(accountOverviewMessages.noRole)}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>
            {intl.formatMessage(accountOverviewMessages.accessLevel)}
          </DataList.ItemLabel>
          <DataList.ItemValue>
            {intl.formatMessage({ id: accessLevelMessageId(session.accessLevel) })}
          </DataList.ItemValue>
        </DataList.Item>
        {!Number.isNaN(memberSince) && (
          <DataList.Item>
            <DataList.ItemLabel>
              {intl.formatMessage(accountOverviewMessages.memberSince)}
            </DataList.ItemLabel>
            <DataList.ItemValue>
              {intl.formatDate(memberSince, { dateStyle: 'long' })}
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>

      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mt="md" mb={6}>
        {intl.formatMessage(accountOverviewMessages.permissions)}
      </Text>
      {session.accessLevel === 'staff' ? (
        <Text fz="sm">{intl.formatMessage(accountOverviewMessages.allPermissions)}</Text>
      ) : granted.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(accountOverviewMessages.noPermissions)}
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
