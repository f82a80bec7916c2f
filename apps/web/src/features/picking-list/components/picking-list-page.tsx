import { Alert, Badge, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconClipboardList, IconPackage, IconPackageOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import { pickingListQueryOptions } from '../api/picking-list.api';
import { pickingListMessages as m } from '../picking-list.messages';
import { PackedTab } from './packed-tab';
import { ToPackTab } from './to-pack-tab';

type Tab = 'toPack' | 'packed';

/** While the account has the picking list off: what it is, and who turns it on, where. */
function PickingListOff() {
  const intl = useIntl();
  const mayTurnOn = useMayUse('pickingList.turnOn');
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconPackageOff size={18} />}
      title={intl.formatMessage(m.offTitle)}
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{intl.formatMessage(mayTurnOn ? m.offBody : m.offAskManager)}</Text>
        {mayTurnOn && (
          <Button component={Link} to="/app/account" size="sm" variant="light">
            {intl.formatMessage(m.offTurnOn)}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * /app/picking-list: the sold items waiting to be packed, order by order (checked while
 * packing, then marked packed), and the orders packed or removed, by whom and when.
 */
export function PickingListPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.documentTitle));
  const session = useSignedInSession();
  const settings = session.account.config.features.pickingList;
  const [tab, setTab] = useState<Tab>('toPack');
  const list = useQuery({ ...pickingListQueryOptions, enabled: settings.isEnabled });
  const waiting = list.data?.orders.length;

  return (
    <Stack gap="lg" maw={1180}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(m.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={720}>
          {intl.formatMessage(m.intro)}
        </Text>
      </Stack>
      {!settings.isEnabled ? (
        <PickingListOff />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(value as Tab)} keepMounted={false}>
          <Tabs.List aria-label={intl.formatMessage(m.tabsLabel)}>
            <Tabs.Tab
              value="toPack"
              leftSection={<IconClipboardList size={16} />}
              rightSection={
                waiting !== undefined && waiting > 0 ? (
                  <Badge size="sm" variant="light" circle aria-hidden>
                    {waiting}
                  </Badge>
                ) : null
              }
            >
              {intl.formatMessage(m.tabToPack)}
            </Tabs.Tab>
            <Tabs.Tab value="packed" leftSection={<IconPackage size={16} />}>
              {intl.formatMessage(m.tabPacked)}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="toPack" pt="md">
            <ToPackTab list={list} />
          </Tabs.Panel>
          <Tabs.Panel value="packed" pt="md">
            <PackedTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
