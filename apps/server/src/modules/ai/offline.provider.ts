import type { AiCompletion, AiCompletionCall, AiProvider } from './ai-provider';
import { composeAll, CONDITION_LABELS, type ComposedSuggestions } from './offline-composer';

export const OFFLINE_MODEL = 'listloop-offline-1';

/**
 * The provider used when no AI server is configured: no model, no network, no cost. It reads
 * no prose: it composes from the facts the service gives it (the item's fields, the seller's
 * similar items), or, with none, from the words of the messages alone. It cannot see photos.
 */
export class OfflineProvider implements AiProvider {
  readonly kind = 'offline' as const;
  readonly model = OFFLINE_MODEL;
  readonly vision = false;

  complete(call: AiCompletionCall): Promise<AiCompletion> {
    const prompt = call.messages
      .filter((message) => message.role === 'user')
      .map((message) =>
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' '),
      )
      .join('\n');
    const facts = call.facts ?? {
      item: {
        title: '',
        description: '',
        brand: '',
        category: null,
        categoryPath: [],
        condition: null,
        colour: null,
        size: '',
      },
      prompt,
      titleMax: null,
      descriptionMax: null,
      neighbours: [],
      knownBrands: [],
    };
    const suggestions = composeAll(facts);
    return Promise.resolve({
      text: call.responseFormat === 'json' ? JSON.stringify(suggestions) : summaryOf(suggestions),
      usage: { promptTokens: 0, completionTokens: 0 },
      model: OFFLINE_MODEL,
      attempts: 1,
    });
  }
}

/** The suggestions as plain text, one fact a line. */
export function summaryOf(suggestions: ComposedSuggestions): string {
  return [
    suggestions.title,
    suggestions.description,
    suggestions.category ? `Category: ${suggestions.category}` : '',
    suggestions.brand ? `Brand: ${suggestions.brand}` : '',
    suggestions.condition ? `Condition: ${CONDITION_LABELS[suggestions.condition]}` : '',
    suggestions.colour ? `Colour: ${suggestions.colour}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
