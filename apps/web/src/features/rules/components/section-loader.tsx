import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
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
      <LoadErrorAlert
        title={intl.formatMessage(rulesMessages.loadFailed)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children}</>;
}
