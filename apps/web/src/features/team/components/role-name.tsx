import { RESERVED_ROLE_NAMES } from '@listloop/domain';
import { Badge } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { builtInRoleMessageId } from '../../../i18n/dynamic-messages';

/** A role's name as people read it: the built-in roles in the product's words. */
export function roleDisplayName(
  intl: IntlShape,
  role: { name: string; isProtected: boolean },
): string {
  for (const reserved of RESERVED_ROLE_NAMES) {
    if (role.isProtected && role.name === reserved)
      return intl.formatMessage({ id: builtInRoleMessageId(reserved) });
  }
  return role.name;
}

/**
 * A role as a badge marked with its own colour. The colour is the dot's, never the text's: a
 * role's colour is anyone's choice, and text in it would often be too faint to read.
 */
export function RoleBadge({
  intl,
  role,
}: {
  intl: IntlShape;
  role: { name: string; isProtected: boolean; color: string };
}) {
  return (
    <Badge color={role.color} variant="dot" radius="sm" tt="none" style={{ maxWidth: 220 }}>
      {roleDisplayName(intl, role)}
    </Badge>
  );
}
