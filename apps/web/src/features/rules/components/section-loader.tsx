import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { rulesMessages } from '../rules.messages';

interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A section's content once its rules have loaded; a skeleton before, a retry on failure. */
export function SectionLoader({ query, children }: { query: LoadingQuery; children: ReactNode }) {
  const intl = useIntl();
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={28} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={intl.formatMessage(rulesMessages.loadFailed)}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{errorText(intl, query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children}</>;
}
