import {
  AI_API,
  AiCompletionRequestSchema,
  AiCompletionResponseSchema,
  AiUsageQuerySchema,
  AiUsageTotalsSchema,
} from '@listloop/domain';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { requireContext } from '../../platform/http/request-context';
import { ErrorBodySchema, errorResponses, type App } from '../../platform/http/types';
import type { AiService } from './ai.service';

const DAY_MS = 86_400_000;

/** Spec §7 AI: `POST /api/gpt/completions`, retried once; and the account's AI use. */
export async function aiRoutes(app: App, deps: { service: AiService }) {
  const tags = ['ai'];
  const { service } = deps;

  app.post(
    AI_API.completions,
    {
      schema: {
        tags,
        summary: 'Suggest a title, a description and an item’s details',
        description:
          'Send `{prompt}` or OpenAI-style `{messages}`, and optionally `itemId` (an item of ' +
          'your account; `userId` names whose inventory, yours by default), `item` (what is ' +
          'typed in the editor and not saved yet; it wins over the saved fields), `task` ' +
          '(title, description, predictions or all; all by default for an item, a plain answer ' +
          'for a bare prompt) and `marketplace` (whose title and description limits to keep ' +
          'to). The answer’s `suggestions` hold what was asked for; `price` is a range from ' +
          'your own sales of similar items, with how many sales it comes from, or `priceGap` ' +
          'says why there is none. With no AI server configured the offline helper answers ' +
          '(`provider: offline`). A provider that fails twice answers 502, 503 or 504 with a ' +
          'code of its own (ai/…); nothing is saved to the item.',
        body: AiCompletionRequestSchema,
        response: {
          200: AiCompletionResponseSchema,
          ...errorResponses,
          502: ErrorBodySchema,
          503: ErrorBodySchema,
          504: ErrorBodySchema,
        },
      },
      config: {
        access: access.member('items.write'),
        activity: activity.none(
          'suggests only; the item changes when the seller saves a suggestion, which records it',
        ),
      },
    },
    async (request) => service.complete(requireContext(request), request.body),
  );

  app.get(
    AI_API.usage,
    {
      schema: {
        tags,
        summary: 'The account’s AI helper calls, tokens and cost over the last days',
        querystring: AiUsageQuerySchema,
        response: { 200: AiUsageTotalsSchema, ...errorResponses },
      },
      config: { access: access.member('account.manage') },
    },
    async (request) => {
      const ctx = requireContext(request);
      const since = new Date(Date.now() - (request.query.days - 1) * DAY_MS);
      since.setUTCHours(0, 0, 0, 0);
      return service.usage(ctx, since);
    },
  );
}
