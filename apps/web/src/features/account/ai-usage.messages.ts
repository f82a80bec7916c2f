import { defineMessages } from '../../i18n/define-messages';

export const aiUsageMessages = defineMessages({
  title: { id: 'account.aiUsage.title' },
  description: { id: 'account.aiUsage.description' },
  calls: { id: 'account.aiUsage.calls' },
  callsValue: { id: 'account.aiUsage.callsValue' },
  tokens: { id: 'account.aiUsage.tokens' },
  tokensValue: { id: 'account.aiUsage.tokensValue' },
  cost: { id: 'account.aiUsage.cost' },
  loadFailed: { id: 'account.aiUsage.loadFailed' },
});
