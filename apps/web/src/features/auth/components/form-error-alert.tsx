import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function FormErrorAlert({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertCircle size={18} />}
      title={title}
    >
      {children}
    </Alert>
  );
}
