import { MARKETPLACE_NAMES, type DashboardListings } from '@listloop/domain';
import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { homeMessages } from '../home.messages';

/** The caller's listings listed now, per marketplace; each count opens the Inventory filtered. */
export function ListingsCard({ listings }: { listings: DashboardListings }) {
  const intl = useIntl();
  return (
    <SectionCard
      titleId="home-listings"
      icon={<IconBuildingStore size={18} />}
      title={intl.formatMessage(homeMessages.listingsTitle)}
      aside={
        <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          {intl.formatMessage(homeMessages.listingsTotal, { count: listings.total })}
        </Badge>
      }
    >
      {listings.marketplaces.length === 0 ? (
        <Stack gap={6} align="flex-start">
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(homeMessages.listingsEmpty)}
          </Text>
          <Anchor fz="sm" renderRoot={(props) => <Link to="/app/inventory" {...props} />}>
            {intl.formatMessage(homeMessages.listingsOpen)}
          </Anchor>
        </Stack>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-labelledby="home-listings"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {listings.marketplaces.map(({ marketplace, listed }) => (
            <Box
              component="li"
              key={marketplace}
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Anchor
                fz="sm"
                underline="hover"
                display="block"
                renderRoot={(props) => (
                  <Link
                    to="/app/inventory"
                    search={{ marketplace, listingStatus: 'listed' }}
                    {...props}
                  />
                )}
              >
                <Group justify="space-between" wrap="nowrap" component="span">
                  <Text component="span" fz="sm" fw={500}>
                    {MARKETPLACE_NAMES[marketplace]}
                  </Text>
                  <Text component="span" fz="sm" fw={700}>
                    {intl.formatMessage(homeMessages.listingsTotal, { count: listed })}
                  </Text>
                </Group>
              </Anchor>
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
