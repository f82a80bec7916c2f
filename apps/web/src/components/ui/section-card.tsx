import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: ReactNode;
  icon?: ReactNode;
  /** Right side of the header: a badge, a count, an action. */
  aside?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** The id given to the title, for `aria-labelledby` on the card. */
  titleId: string;
}

/** The dashboard's panel: a titled, bordered card whose title names its region. */
export function SectionCard({
  title,
  icon,
  aside,
  description,
  children,
  titleId,
}: SectionCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={description ? 4 : 'sm'}>
        <Group gap="xs" wrap="nowrap">
          {icon && (
            <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
          )}
          <Title order={2} fz="md" fw={650} id={titleId}>
            {title}
          </Title>
        </Group>
        {aside}
      </Group>
      {description && (
        <Text c="dimmed" fz="sm" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}
