import {
  MARKETPLACE_NAMES,
  isInPerson,
  textSetForCountry,
  type DashboardNeedsYou,
} from '@listloop/domain';
import { Anchor, Box, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { useCountry } from '../../../i18n/locale-provider';
import { completenessTexts } from '../../../lib/inventory/completeness-text';
import { saleChannelName } from '../../../lib/sales/sale-channel';
import { needsYouSections, type NeedsYouSection } from '../dashboard-view';
import { homeMessages } from '../home.messages';
import { FailedListingRow } from './failed-listing-row';

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;
const ROW_STYLE = { borderTop: '1px solid var(--mantine-color-default-border)' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={3} fz="sm" fw={650} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FailedListings({ failed }: { failed: NonNullable<DashboardNeedsYou['failedListings']> }) {
  const intl = useIntl();
  return (
    <Section id="home-failed" title={intl.formatMessage(homeMessages.failedTitle)}>
      <Group gap="md">
        {failed.lists > 0 && (
          <Anchor
            fz="sm"
            fw={600}
            renderRoot={(props) => (
              <Link to="/app/inventory" search={{ listingStatus: 'list_failure' }} {...props} />
            )}
          >
            {intl.formatMessage(homeMessages.failedLists, { count: failed.lists })}
          </Anchor>
        )}
        {failed.delists > 0 && (
          <Anchor
            fz="sm"
            fw={600}
            renderRoot={(props) => (
              <Link to="/app/inventory" search={{ listingStatus: 'delist_failure' }} {...props} />
            )}
          >
            {intl.formatMessage(homeMessages.failedDelists, { count: failed.delists })}
          </Anchor>
        )}
      </Group>
      <Stack gap={0} component="ul" aria-labelledby="home-failed" style={LIST_STYLE}>
        {failed.entries.map((entry) => (
          <FailedListingRow key={`${entry.itemId}/${entry.marketplace}`} entry={entry} />
        ))}
      </Stack>
    </Section>
  );
}

function DoubleSales({ double }: { double: NonNullable<DashboardNeedsYou['doubleSales']> }) {
  const intl = useIntl();
  return (
    <Section id="home-double" title={intl.formatMessage(homeMessages.doubleTitle)}>
      <Anchor
        fz="sm"
        fw={600}
        renderRoot={(props) => <Link to="/app/sales" search={{ state: 'open' }} {...props} />}
      >
        {intl.formatMessage(homeMessages.doubleCount, { count: double.total })}
      </Anchor>
      <Stack gap={0} component="ul" aria-labelledby="home-double" style={LIST_STYLE}>
        {double.entries.map((sale) => (
          <Box component="li" key={sale.eventId} py="xs" style={ROW_STYLE}>
            <Anchor
              fz="sm"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
              renderRoot={(props) => (
                <Link
                  to="/app/sales"
                  search={{
                    state: 'open',
                    marketplace: sale.marketplace,
                  }}
                  {...props}
                />
              )}
            >
              {sale.itemTitle || intl.formatMessage(homeMessages.untitled)}
            </Anchor>
            <Text fz="sm">
              {intl.formatMessage(homeMessages.doubleEntry, {
                where: isInPerson(sale.marketplace) ? 'inPerson' : 'marketplace',
                marketplace: saleChannelName(intl, sale.marketplace),
              })}
              {sale.firstSoldOn &&
                ` ${intl.formatMessage(homeMessages.doubleFirst, {
                  where: isInPerson(sale.firstSoldOn) ? 'inPerson' : 'marketplace',
                  first: saleChannelName(intl, sale.firstSoldOn),
                })}`}
            </Text>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function WaitingForExtension({
  waiting,
}: {
  waiting: NonNullable<DashboardNeedsYou['waitingForExtension']>;
}) {
  const intl = useIntl();
  return (
    <Section id="home-extension" title={intl.formatMessage(homeMessages.extensionTitle)}>
      <Stack gap={0} component="ul" aria-labelledby="home-extension" style={LIST_STYLE}>
        {waiting.marketplaces.map((row) => {
          const marketplace = MARKETPLACE_NAMES[row.marketplace];
          return (
            <Box component="li" key={row.marketplace} py="xs" style={ROW_STYLE}>
              {row.waiting > 0 && (
                <Text fz="sm">
                  {intl.formatMessage(homeMessages.extensionWaiting, {
                    count: row.waiting,
                    marketplace,
                  })}{' '}
                  {row.absence &&
                    intl.formatMessage(homeMessages.extensionAbsence, {
                      absence: row.absence,
                      marketplace,
                    })}
                </Text>
              )}
              {row.held > 0 && (
                <Text fz="sm">
                  {intl.formatMessage(homeMessages.extensionHeld, {
                    count: row.held,
                    marketplace,
                  })}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
      <Anchor fz="sm" renderRoot={(props) => <Link to="/app/marketplaces" {...props} />}>
        {intl.formatMessage(homeMessages.extensionOpen)}
      </Anchor>
    </Section>
  );
}

function OrdersToPack({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <Section id="home-pack" title={intl.formatMessage(homeMessages.packTitle)}>
      <Anchor
        fz="sm"
        fw={600}
        // The picking list's screen, under the app's own paths.
        renderRoot={(props) => <Link to="/app/$" params={{ _splat: 'picking-list' }} {...props} />}
      >
        {intl.formatMessage(homeMessages.packCount, { count })}
      </Anchor>
    </Section>
  );
}

function IncompleteItems({
  incomplete,
}: {
  incomplete: NonNullable<DashboardNeedsYou['incompleteItems']>;
}) {
  const intl = useIntl();
  const units = textSetForCountry(useCountry()).weightUnits;
  return (
    <Section id="home-incomplete" title={intl.formatMessage(homeMessages.incompleteTitle)}>
      <Anchor
        fz="sm"
        fw={600}
        renderRoot={(props) => (
          <Link to="/app/inventory" search={{ status: 'inProgress' }} {...props} />
        )}
      >
        {intl.formatMessage(
          incomplete.totalCapped
            ? homeMessages.incompleteCountCapped
            : homeMessages.incompleteCount,
          { count: incomplete.total },
        )}
      </Anchor>
      <Stack gap={0} component="ul" aria-labelledby="home-incomplete" style={LIST_STYLE}>
        {incomplete.entries.map((item) => (
          <Box component="li" key={item.itemId} py="xs" style={ROW_STYLE}>
            <Anchor
              fz="sm"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
              renderRoot={(props) => (
                <Link to="/app/inventory/$itemId" params={{ itemId: item.itemId }} {...props} />
              )}
            >
              {item.title || intl.formatMessage(homeMessages.untitled)}
            </Anchor>
            <Text fz="xs" c="dimmed">
              {intl.formatList(
                completenessTexts(intl, item.issues, units).map((issue) => issue.text),
                { type: 'conjunction' },
              )}
            </Text>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

/** "Needs you": what the seller must see to, each part leading where it is fixed. */
export function NeedsYouCard({ needsYou }: { needsYou: DashboardNeedsYou }) {
  const intl = useIntl();
  const sections = needsYouSections(needsYou);
  const render = (section: NeedsYouSection): ReactNode => {
    switch (section) {
      case 'failedListings':
        return <FailedListings failed={needsYou.failedListings!} />;
      case 'doubleSales':
        return <DoubleSales double={needsYou.doubleSales!} />;
      case 'waitingForExtension':
        return <WaitingForExtension waiting={needsYou.waitingForExtension!} />;
      case 'ordersToPack':
        return <OrdersToPack count={needsYou.ordersToPack!.count} />;
      case 'incompleteItems':
        return <IncompleteItems incomplete={needsYou.incompleteItems!} />;
    }
  };

  return (
    <SectionCard
      titleId="home-needs-you"
      icon={<IconChecklist size={18} />}
      title={intl.formatMessage(homeMessages.needsYouTitle)}
    >
      {sections.length === 0 ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="teal" radius="xl" size="lg" aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600}>{intl.formatMessage(homeMessages.caughtUp)}</Text>
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(homeMessages.caughtUpBody)}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Stack gap="md">
          {sections.map((section, index) => (
            <Fragment key={section}>
              {index > 0 && <Divider />}
              {render(section)}
            </Fragment>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
