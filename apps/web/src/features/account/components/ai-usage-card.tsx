import { DataList, Skeleton, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { errorText } from '../../../lib/error-text';
import { aiUsageQueryOptions } from '../api/account.api';
import { aiUsageMessages } from '../ai-usage.messages';

const DAYS = 30;

/** What the account's AI helper calls took over the last 30 days: calls, tokens and cost. */
export function AiUsageCard() {
  const intl = useIntl();
  const usage = useQuery(aiUsageQueryOptions(DAYS));
  return (
    <SectionCard
      titleId="account-ai-usage"
      icon={<IconSparkles size={18} />}
      title={intl.formatMessage(aiUsageMessages.title)}
      description={intl.formatMessage(aiUsageMessages.description, { days: DAYS })}
    >
      {usage.isPending ? (
        <Skeleton h={72} aria-hidden />
      ) : usage.isError ? (
        <Text fz="sm" c="red" role="alert">
          {intl.formatMessage(aiUsageMessages.loadFailed)} {errorText(intl, usage.error)}
        </Text>
      ) : (
        <DataList size="sm" gap={8} labelWidth={130}>
          <DataList.Item>
            <DataList.ItemLabel>{intl.formatMessage(aiUsageMessages.calls)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {intl.formatMessage(aiUsageMessages.callsValue, {
                count: usage.data.calls,
                failed: usage.data.failedCalls,
              })}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{intl.formatMessage(aiUsageMessages.tokens)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {intl.formatMessage(aiUsageMessages.tokensValue, {
                prompt: intl.formatNumber(usage.data.promptTokens),
                answer: intl.formatNumber(usage.data.completionTokens),
              })}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{intl.formatMessage(aiUsageMessages.cost)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {intl.formatNumber(usage.data.cost, {
                style: 'currency',
                currency: usage.data.currency,
                maximumFractionDigits: 4,
              })}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      )}
    </SectionCard>
  );
}
