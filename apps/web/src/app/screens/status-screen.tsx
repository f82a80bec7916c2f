import { Center, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusScreenProps {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  color?: string;
  /** Fill the viewport (outside the shell) or only the content area (inside it). */
  fullPage?: boolean;
}

export function StatusScreen({
  icon,
  title,
  description,
  actions,
  color,
  fullPage,
}: StatusScreenProps) {
  return (
    <Center mih={fullPage ? '100dvh' : '60vh'} p="md">
      <EmptyState maw={480} variant="light" color={color} icon={icon}>
        {/* The screen's only heading: it names the page for screen readers. */}
        <EmptyState.Title order={1}>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
      </EmptyState>
    </Center>
  );
}
