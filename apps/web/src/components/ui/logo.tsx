import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { commonMessages } from '../../i18n/common.messages';

export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size} radius="md" variant="gradient" aria-hidden>
        <IconRepeat size={18} stroke={2.25} />
      </ThemeIcon>
      <Text fw={800} fz={size} lts={-0.3} component="span">
        <FormattedMessage {...commonMessages.appName} />
      </Text>
    </Group>
  );
}
