import { z } from 'zod';
import { IdSchema } from '../ids/ids';
import {
  DESCRIPTION_MAX_LENGTH,
  ITEM_CONDITIONS,
  PRICE_MAX,
  TITLE_MAX_LENGTH,
} from '../items/item.schema';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';

/**
 * The AI helper (spec §7 `POST /api/gpt/completions`, "retried once"). The spec names the call,
 * not its shape; this one is ours. Decision: docs/decisions/0052-ai-helper.md.
 */
export const AI_API = {
  completions: '/api/gpt/completions',
  usage: '/api/gpt/usage',
} as const;

/**
 * What the seller asks for: a title, a description, the details (category, brand, condition,
 * colour and a price range), or all of them. Without a task, a request about an item asks for
 * all of them and a bare prompt is answered as it is.
 */
export const AI_TASKS = ['title', 'description', 'predictions', 'all'] as const;
export type AiTask = (typeof AI_TASKS)[number];

/** Which kind of provider answered: the built-in offline one, or an OpenAI-compatible server. */
export const AI_PROVIDER_KINDS = ['offline', 'openai-compatible'] as const;
export type AiProviderKind = (typeof AI_PROVIDER_KINDS)[number];

export const AI_PROMPT_MAX_LENGTH = 4_000;
export const AI_MESSAGES_MAX = 40;
export const AI_MAX_TOKENS_MAX = 4_000;

export const AiMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().trim().min(1).max(AI_PROMPT_MAX_LENGTH),
});
export type AiMessage = z.infer<typeof AiMessageSchema>;

/**
 * The item as the seller sees it in the editor right now: what they typed may not be saved
 * yet, so it is sent with the request and wins over the saved item field by field.
 */
export const AiItemDraftSchema = z.object({
  title: z.string().trim().max(TITLE_MAX_LENGTH).optional(),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).optional(),
  brand: z.string().trim().max(100).optional(),
  category: z.string().trim().max(200).nullable().optional(),
  condition: z.enum(ITEM_CONDITIONS).nullable().optional(),
  colour: z.string().trim().max(40).nullable().optional(),
  size: z.string().trim().max(40).optional(),
});
export type AiItemDraft = z.infer<typeof AiItemDraftSchema>;

export const AiCompletionRequestSchema = z
  .object({
    /** A plain question or instruction. */
    prompt: z.string().trim().min(1).max(AI_PROMPT_MAX_LENGTH).optional(),
    /** OpenAI-style messages instead of a prompt. */
    messages: z.array(AiMessageSchema).min(1).max(AI_MESSAGES_MAX).optional(),
    /** The item the request is about: one of the caller's account (another's answers 404). */
    itemId: IdSchema.optional(),
    /** Whose inventory holds the item: the caller's by default, or a member of the account. */
    userId: IdSchema.optional(),
    item: AiItemDraftSchema.optional(),
    task: z.enum(AI_TASKS).optional(),
    /** The marketplace whose title and description limits the answer keeps to. */
    marketplace: MarketplaceIdSchema.optional(),
    maxTokens: z.number().int().min(1).max(AI_MAX_TOKENS_MAX).optional(),
  })
  .superRefine((body, context) => {
    if (body.prompt !== undefined && body.messages !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['messages'],
        message: 'Send a prompt or messages, not both',
      });
    }
    const asks =
      body.prompt !== undefined ||
      body.messages !== undefined ||
      body.task !== undefined ||
      body.itemId !== undefined ||
      body.item !== undefined;
    if (!asks) {
      context.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: 'Send a prompt, messages, or an item and a task to write for',
      });
    }
  });
export type AiCompletionRequest = z.infer<typeof AiCompletionRequestSchema>;

/** Why no price range is suggested: the seller has sold nothing with a price, or nothing like it. */
export const AI_PRICE_GAPS = ['no_sales', 'no_similar_sales'] as const;
export type AiPriceGap = (typeof AI_PRICE_GAPS)[number];

export const AiPriceSuggestionSchema = z.object({
  min: z.number().min(0).max(PRICE_MAX),
  max: z.number().min(0).max(PRICE_MAX),
  currency: z.string().length(3),
  /** How many of the seller's own sales the range comes from. */
  basedOnSales: z.number().int().min(1),
});
export type AiPriceSuggestion = z.infer<typeof AiPriceSuggestionSchema>;

export const AiSuggestionsSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  category: z.string().optional(),
  brand: z.string().optional(),
  condition: z.enum(ITEM_CONDITIONS).optional(),
  colour: z.string().optional(),
  price: AiPriceSuggestionSchema.optional(),
  /** Set when a price range was asked for and none could be given. */
  priceGap: z.enum(AI_PRICE_GAPS).optional(),
});
export type AiSuggestions = z.infer<typeof AiSuggestionsSchema>;

export const AiUsageSchema = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
});
export type AiUsage = z.infer<typeof AiUsageSchema>;

export const AiCompletionResponseSchema = z.object({
  /** The answer as text: the model's own, or the offline helper's summary of its suggestions. */
  text: z.string(),
  suggestions: AiSuggestionsSchema,
  provider: z.enum(AI_PROVIDER_KINDS),
  model: z.string(),
  usage: AiUsageSchema,
});
export type AiCompletionResponse = z.infer<typeof AiCompletionResponseSchema>;

/** The account's AI use since a date: calls, tokens and what they cost at the configured prices. */
export const AiUsageTotalsSchema = z.object({
  since: z.string(),
  calls: z.number().int().min(0),
  failedCalls: z.number().int().min(0),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  cost: z.number().min(0),
  /** The currency the configured prices are in. */
  currency: z.string().length(3),
});
export type AiUsageTotals = z.infer<typeof AiUsageTotalsSchema>;

const suggestedText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((value) => [...value].slice(0, max).join(''))
    .optional()
    .catch(undefined);

/**
 * What a vision-capable provider says about an item from its photos (the enrichment of items
 * from images asks for it). Each field is checked on its own: a provider's answer with one bad
 * field still gives the others; a condition outside the item's vocabulary is dropped.
 */
export const PhotoSuggestionsSchema = z.object({
  brand: suggestedText(100),
  category: suggestedText(200),
  condition: z.enum(ITEM_CONDITIONS).optional().catch(undefined),
  colour: suggestedText(40),
  title: suggestedText(TITLE_MAX_LENGTH),
});
export type PhotoSuggestions = z.infer<typeof PhotoSuggestionsSchema>;

export const AiUsageQuerySchema = z.object({
  /** The last this many days, today included. */
  days: z.coerce.number().int().min(1).max(366).default(30),
});
