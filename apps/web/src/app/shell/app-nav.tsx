import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { hasPermission, type PermissionKey } from '@listloop/domain';
import { useSignedInSession } from '../../lib/session/use-session';
import { isNavAreaActive, visibleNavAreas } from './nav-areas';

export function AppNav({ onNavigate }: { onNavigate: () => void }) {
  const intl = useIntl();
  const pathname = useLocation({ select: (location) => location.pathname });
  const session = useSignedInSession();
  const can = (required: PermissionKey) =>
    hasPermission({ required, accessLevel: session.accessLevel, permissions: session.permissions });
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {visibleNavAreas(can, undefined, session.accessLevel === 'staff').map((area) => {
        const active = isNavAreaActive(area, pathname);
        return (
          <li key={area.key}>
            <NavLink
              component={Link}
              to={area.to}
              label={intl.formatMessage(area.label)}
              leftSection={<area.icon size={18} stroke={1.75} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
              fw={active ? 600 : 500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
