import type { Logger } from 'pino';
import { z } from 'zod';
import {
  defaultCatalogue,
  DESCRIPTION_MAX_LENGTH,
  ITEM_CONDITIONS,
  PhotoSuggestionsSchema,
  TITLE_MAX_LENGTH,
  type AiCompletionRequest,
  type AiCompletionResponse,
  type AiSuggestions,
  type AiTask,
  type AiUsage,
  type AiUsageTotals,
  type Item,
  type MarketplaceId,
  type PhotoSuggestions,
} from '@listloop/domain';
import { AppError } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import {
  AiProviderError,
  type AiChatMessage,
  type AiCompletion,
  type AiCompletionCall,
  type AiProvider,
} from './ai-provider';
import type { AiUsageKind } from './ai-usage.table';
import type { AiRepository } from './ai.repository';
import {
  categoryLeaf,
  CONDITION_LABELS,
  cutAtWord,
  keyWordsOf,
  type ComposerFacts,
  type ComposerItem,
} from './offline-composer';
import { summaryOf } from './offline.provider';
import { priceRangeFrom } from './price-range';
import { visionCopy } from './vision-copy';

/** Prices per 1,000 tokens, in `currency`, for what a provider's calls cost. */
export interface AiPrices {
  inputPer1k: number;
  outputPer1k: number;
  currency: string;
}

/** What the AI helper needs of the items and accounts modules. */
export interface AiServiceDeps {
  items: {
    owner(ctx: RequestContext, userId: string | undefined): Promise<string>;
    get(ctx: RequestContext, userId: string, itemId: string): Promise<Item>;
  };
  currencyOf(accountId: string): Promise<string | null>;
}

/** The photos the enrichment of items from images hands over, with what is known of the item. */
export interface PhotoSuggestionsInput {
  accountId: string;
  userId: string;
  photos: Array<{ mimeType: string; bytes: Buffer }>;
  item?: { title?: string; description?: string; brand?: string; category?: string };
}

/** The most photos one call shows a model: more cost tokens and rarely tell more. */
export const PHOTOS_PER_CALL_MAX = 4;
/** Words of the item matched against the seller's items: the first ones, where the noun usually is. */
const MATCH_WORDS_MAX = 8;
const ANSWER_TOKENS: Record<AiTask | 'chat', number> = {
  title: 200,
  description: 1_200,
  predictions: 300,
  all: 1_500,
  chat: 1_000,
};

const modelText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((value) => cutAtWord(value.replace(/\s+/g, ' '), max))
    .optional()
    .catch(undefined);

/** A model's JSON answer, each field checked on its own (one bad field does not lose the rest). */
const ModelAnswerSchema = z.object({
  title: modelText(TITLE_MAX_LENGTH),
  description: z.string().trim().min(1).optional().catch(undefined),
  category: modelText(200),
  brand: modelText(100),
  condition: z.enum(ITEM_CONDITIONS).optional().catch(undefined),
  colour: modelText(40),
});

const TASK_FIELDS: Record<AiTask, readonly (keyof AiSuggestions)[]> = {
  title: ['title'],
  description: ['description'],
  predictions: ['category', 'brand', 'condition', 'colour'],
  all: ['title', 'description', 'category', 'brand', 'condition', 'colour'],
};

/**
 * The AI helper (decision 0052): titles, descriptions and an item's details from the
 * configured provider, a price range from the seller's own sales, and what a vision-capable
 * provider sees in an item's photos. Every call to a provider is recorded with its tokens and
 * cost, failures too; a provider's failure is a 502, 503 or 504 with a code of its own.
 */
export class AiService {
  constructor(
    private readonly repository: AiRepository,
    private readonly provider: AiProvider,
    private readonly deps: AiServiceDeps,
    private readonly prices: AiPrices,
    private readonly logger: Logger,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Which provider answers, for the web's wording ("written offline" or the model's name). */
  get providerKind() {
    return this.provider.kind;
  }

  async complete(ctx: RequestContext, request: AiCompletionRequest): Promise<AiCompletionResponse> {
    const owner = await this.deps.items.owner(ctx, request.userId);
    const saved = request.itemId ? await this.deps.items.get(ctx, owner, request.itemId) : null;
    const item = composerItem(saved, request.item);
    const hasItem = saved !== null || request.item !== undefined;
    const task: AiTask | 'chat' = request.task ?? (hasItem ? 'all' : 'chat');
    const prompt =
      request.prompt ??
      (request.messages ?? [])
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
    const limits = limitsFor(request.marketplace);
    // The offline helper answers a bare prompt with everything it can read from it.
    const effective: AiTask | 'chat' =
      task === 'chat' && this.provider.kind === 'offline' ? 'all' : task;

    const words = keyWordsOf(`${item.title} ${prompt}`).slice(0, MATCH_WORDS_MAX);
    const readsInventory = effective !== 'chat';
    // The seller's brands met in these words are among the items sharing them (the searchable
    // text holds the brand), so the neighbours name them: no read of the whole inventory.
    const neighbours = readsInventory
      ? await this.repository.neighbours(ctx.accountId, owner, words, saved?.itemID ?? null)
      : [];
    const knownBrands = [...new Set(neighbours.map((n) => n.brand).filter(Boolean))];
    const facts: ComposerFacts = {
      item,
      prompt,
      titleMax: limits.title,
      descriptionMax: limits.description,
      neighbours,
      knownBrands,
    };

    const call: AiCompletionCall =
      effective === 'chat'
        ? {
            messages: request.messages ?? [{ role: 'user', content: prompt }],
            maxTokens: request.maxTokens ?? ANSWER_TOKENS.chat,
          }
        : {
            messages: taskMessages(effective, facts, request, limits),
            maxTokens: request.maxTokens ?? ANSWER_TOKENS[effective],
            responseFormat: 'json',
            temperature: 0.2,
            facts,
          };
    const completion = await this.call(ctx.accountId, ctx.user.id, 'completion', call);

    if (effective === 'chat') {
      return this.answer(completion, completion.text, {});
    }
    const answered = jsonObjectIn(completion.text);
    if (answered === null) throw new AppError(502, 'ai/bad-answer');
    const parsed = ModelAnswerSchema.parse(answered);
    const suggestions: AiSuggestions = {};
    for (const field of TASK_FIELDS[effective]) {
      const value = parsed[field as keyof typeof parsed];
      if (value !== undefined) Object.assign(suggestions, { [field]: value });
    }
    if (suggestions.title) suggestions.title = cutAtWord(suggestions.title, limits.title);
    if (suggestions.description) {
      suggestions.description = [...suggestions.description].slice(0, limits.description).join('');
    }
    if (effective === 'predictions' || effective === 'all') {
      Object.assign(
        suggestions,
        await this.priceFor(ctx.accountId, owner, {
          brand: suggestions.brand ?? (item.brand || null),
          category: suggestions.category ?? item.category,
          words,
        }),
      );
    }
    const text =
      effective === 'title'
        ? (suggestions.title ?? '')
        : effective === 'description'
          ? (suggestions.description ?? '')
          : [summaryOf(suggestions), priceLine(suggestions)].filter(Boolean).join('\n\n');
    return this.answer(completion, text, suggestions);
  }

  /**
   * What a vision-capable provider sees in the item's photos: brand, category, condition,
   * colour and a title. Null when the provider cannot see photos (the offline one, or a model
   * configured without vision) or no photo was given. A provider that fails after its retry
   * throws the same AppError (502, 503 or 504, code `ai/…`) a completion answers with.
   */
  async suggestFromPhotos(input: PhotoSuggestionsInput): Promise<PhotoSuggestions | null> {
    if (this.provider.kind === 'offline' || !this.provider.vision) return null;
    const photos = input.photos
      .filter((photo) => photo.mimeType.startsWith('image/') && photo.bytes.length > 0)
      .slice(0, PHOTOS_PER_CALL_MAX);
    if (photos.length === 0) return null;
    // The model sees a smaller copy of each, made one at a time (a decode holds a whole frame).
    const copies: Array<{ mimeType: string; bytes: Buffer }> = [];
    for (const photo of photos) copies.push(await visionCopy(photo.bytes));
    const known = [
      input.item?.title ? `Title: ${input.item.title}` : '',
      input.item?.brand ? `Brand: ${input.item.brand}` : '',
      input.item?.category ? `Category: ${input.item.category}` : '',
      input.item?.description ? `Description: ${input.item.description.slice(0, 1_000)}` : '',
    ].filter(Boolean);
    const completion = await this.call(input.accountId, input.userId, 'photo_suggestions', {
      messages: [
        {
          role: 'system',
          content: [
            'You look at photos of one item a reseller is listing for sale.',
            'Answer with one JSON object and nothing else, with these keys where the photos show them:',
            'brand (from a visible logo or label), category (a short product type such as "Denim jacket"),',
            `condition (one of ${ITEM_CONDITIONS.join(', ')}), colour (the main colour, one or two words),`,
            `title (a marketplace title of at most ${TITLE_MAX_LENGTH} characters).`,
            'Leave out any key you cannot tell from the photos; never guess a brand.',
          ].join(' '),
        },
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: known.length
                ? `What the seller has written so far:\n${known.join('\n')}`
                : 'The seller has written nothing about the item yet.',
            },
            ...copies.map((photo) => ({
              type: 'image' as const,
              mimeType: photo.mimeType,
              bytes: photo.bytes,
            })),
          ],
        },
      ],
      maxTokens: 400,
      responseFormat: 'json',
      temperature: 0,
    });
    const answered = jsonObjectIn(completion.text);
    if (answered === null) throw new AppError(502, 'ai/bad-answer');
    const parsed = PhotoSuggestionsSchema.parse(answered);
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => value !== undefined),
    ) as PhotoSuggestions;
  }

  /** The account's calls, tokens and cost since a date. */
  async usage(ctx: RequestContext, since: Date): Promise<AiUsageTotals> {
    const totals = await this.repository.usageSince(ctx.accountId, since);
    return {
      since: since.toISOString(),
      ...totals,
      cost: Math.round(totals.cost * 1e6) / 1e6,
      currency: this.prices.currency,
    };
  }

  private answer(
    completion: AiCompletion,
    text: string,
    suggestions: AiSuggestions,
  ): AiCompletionResponse {
    return {
      text,
      suggestions,
      provider: this.provider.kind,
      model: completion.model,
      usage: completion.usage,
    };
  }

  private async priceFor(
    accountId: string,
    owner: string,
    target: { brand: string | null; category: string | null; words: string[] },
  ): Promise<Pick<AiSuggestions, 'price' | 'priceGap'>> {
    const currency = (await this.deps.currencyOf(accountId)) ?? 'USD';
    const sales = await this.repository.soldLike(accountId, owner, target, currency);
    if (sales.length === 0) {
      const any = await this.repository.hasPricedSales(accountId, owner);
      return { priceGap: any ? 'no_similar_sales' : 'no_sales' };
    }
    const range = priceRangeFrom(sales, target, currency);
    return 'price' in range ? { price: range.price } : { priceGap: range.gap };
  }

  /** One call to the provider, recorded whatever its outcome. */
  private async call(
    accountId: string,
    userId: string,
    kind: AiUsageKind,
    call: AiCompletionCall,
  ): Promise<AiCompletion> {
    const started = this.now();
    try {
      const completion = await this.provider.complete(call);
      await this.record(accountId, userId, kind, started, {
        outcome: 'ok',
        errorCode: null,
        attempts: completion.attempts,
        model: completion.model,
        usage: completion.usage,
      });
      return completion;
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      const answer = appErrorFor(error);
      this.logger.warn(
        { reason: error.reason, status: error.status, attempts: error.attempts, kind },
        `AI provider failed: ${error.message}`,
      );
      await this.record(accountId, userId, kind, started, {
        outcome: 'failed',
        errorCode: answer.code,
        attempts: error.attempts,
        model: this.provider.model,
        usage: { promptTokens: 0, completionTokens: 0 },
      });
      throw answer;
    }
  }

  private async record(
    accountId: string,
    userId: string,
    kind: AiUsageKind,
    started: number,
    outcome: {
      outcome: 'ok' | 'failed';
      errorCode: string | null;
      attempts: number;
      model: string;
      usage: AiUsage;
    },
  ): Promise<void> {
    const cost =
      (outcome.usage.promptTokens / 1000) * this.prices.inputPer1k +
      (outcome.usage.completionTokens / 1000) * this.prices.outputPer1k;
    try {
      await this.repository.recordUsage({
        accountId,
        userId,
        kind,
        provider: this.provider.kind,
        model: outcome.model.slice(0, 200),
        outcome: outcome.outcome,
        errorCode: outcome.errorCode,
        attempts: outcome.attempts,
        promptTokens: outcome.usage.promptTokens,
        completionTokens: outcome.usage.completionTokens,
        cost: Math.round(cost * 1e6) / 1e6,
        currency: this.prices.currency,
        durationMs: Math.max(0, Math.round(this.now() - started)),
      });
    } catch (error) {
      // The seller's answer is worth more than its line in the figures.
      this.logger.error({ err: error }, 'AI usage not recorded');
    }
  }
}

/** The saved item's fields with what the seller has typed over them. */
function composerItem(saved: Item | null, draft: AiCompletionRequest['item']): ComposerItem {
  const details = saved?.generalDetails;
  const pick = <T>(typed: T | undefined, stored: T): T => (typed === undefined ? stored : typed);
  return {
    title: pick(draft?.title, details?.title ?? ''),
    description: pick(draft?.description, details?.description ?? ''),
    brand: pick(draft?.brand, details?.brand ?? ''),
    category: pick(draft?.category, details?.category ?? null) || null,
    categoryPath:
      draft?.category !== undefined && draft.category !== (details?.category ?? null)
        ? []
        : (details?.categoryV2?.path ?? []),
    condition: pick(draft?.condition, details?.condition ?? null),
    colour: pick(draft?.colour, details?.primaryColor ?? null) || null,
    size: pick(draft?.size, details?.size ?? ''),
  };
}

/** The title and description limits of the marketplace, within ListLoop's own. */
function limitsFor(marketplace: MarketplaceId | undefined): { title: number; description: number } {
  const limits = marketplace ? defaultCatalogue[marketplace].limits : null;
  return {
    title: Math.min(limits?.title.max ?? TITLE_MAX_LENGTH, TITLE_MAX_LENGTH),
    description: Math.min(
      limits?.description.max ?? DESCRIPTION_MAX_LENGTH,
      DESCRIPTION_MAX_LENGTH,
    ),
  };
}

/** The instructions and the item's facts a model writes from. */
function taskMessages(
  task: AiTask,
  facts: ComposerFacts,
  request: AiCompletionRequest,
  limits: { title: number; description: number },
): AiChatMessage[] {
  const { item } = facts;
  const keys: Record<AiTask, string> = {
    title: `title (at most ${limits.title} characters)`,
    description: `description (plain text, no HTML, at most ${limits.description} characters)`,
    predictions: `category, brand, condition (one of ${ITEM_CONDITIONS.join(', ')}), colour`,
    all: `title (at most ${limits.title} characters), description (plain text, no HTML, at most ${limits.description} characters), category, brand, condition (one of ${ITEM_CONDITIONS.join(', ')}), colour`,
  };
  const marketplace = request.marketplace ? defaultCatalogue[request.marketplace].name : null;
  const known = [
    item.title ? `Title: ${item.title}` : '',
    item.brand ? `Brand: ${item.brand}` : '',
    item.category ? `Category: ${categoryLeaf(item) ?? item.category}` : '',
    item.condition ? `Condition: ${CONDITION_LABELS[item.condition]}` : '',
    item.colour ? `Colour: ${item.colour}` : '',
    item.size ? `Size: ${item.size}` : '',
    item.description ? `Description: ${item.description}` : '',
  ].filter(Boolean);
  const similar = facts.neighbours
    .slice(0, 10)
    .map((n) => `- ${[n.title, n.brand, n.category].filter(Boolean).join(' | ')}`);
  const system = [
    `You help a reseller list a second-hand item${marketplace ? ` on ${marketplace}` : ' on online marketplaces'}.`,
    `Answer with one JSON object and nothing else, with these keys: ${keys[task]}.`,
    'Use only the facts given; never invent measurements, materials, flaws or a brand.',
    'Leave out a key you cannot tell.',
  ].join(' ');
  const context = [
    known.length ? `The item:\n${known.join('\n')}` : 'The seller has written nothing yet.',
    similar.length
      ? `The seller's similar items (title | brand | category):\n${similar.join('\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const asked: AiChatMessage[] = request.messages
    ? request.messages.map((m) => ({ role: m.role, content: m.content }))
    : request.prompt
      ? [{ role: 'user', content: request.prompt }]
      : [];
  return [{ role: 'system', content: system }, { role: 'user', content: context }, ...asked];
}

/** The first JSON object in a model's answer (some wrap it in a code fence). */
function jsonObjectIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

function priceLine(suggestions: AiSuggestions): string {
  const { price, priceGap } = suggestions;
  if (price) {
    return `Price: ${price.min}–${price.max} ${price.currency}, from ${price.basedOnSales} of your sales of similar items`;
  }
  if (priceGap === 'no_sales') return 'No price: you have no sales with a price yet.';
  if (priceGap === 'no_similar_sales') return 'No price: none of your sales is of a similar item.';
  return '';
}

function appErrorFor(error: AiProviderError): AppError {
  switch (error.reason) {
    case 'timeout':
      return new AppError(504, 'ai/timeout');
    case 'refused':
      return new AppError(502, 'ai/refused');
    case 'bad-answer':
      return new AppError(502, 'ai/bad-answer');
    default:
      return new AppError(503, 'ai/unavailable', undefined, {}, 60);
  }
}
