import type { AiProviderKind, AiUsage } from '@listloop/domain';
import type { ComposerFacts } from './offline-composer';

/** A part of a message: text, or a photo (sent to a vision-capable provider as a data: URL). */
export type AiContentPart =
  { type: 'text'; text: string } | { type: 'image'; mimeType: string; bytes: Buffer };

export interface AiChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | AiContentPart[];
}

export interface AiCompletionCall {
  messages: AiChatMessage[];
  maxTokens?: number;
  /** 'json': the answer must be one JSON object (the provider is told so). */
  responseFormat?: 'text' | 'json';
  temperature?: number;
  /**
   * The item's facts behind the messages. A model reads them from the messages; the offline
   * provider, which reads no prose, composes its answer from them.
   */
  facts?: ComposerFacts;
}

export interface AiCompletion {
  text: string;
  usage: AiUsage;
  model: string;
  /** How many requests it took (a retried call took two). */
  attempts: number;
}

/**
 * Where ListLoop's AI answers come from. Two kinds: the built-in offline provider (no model:
 * composes from the item's facts) and any OpenAI-compatible chat completions server.
 */
export interface AiProvider {
  readonly kind: AiProviderKind;
  /** The model asked (the answer names the one that answered). */
  readonly model: string;
  /** Whether it can look at photos. */
  readonly vision: boolean;
  complete(call: AiCompletionCall): Promise<AiCompletion>;
}

/** Why a provider gave no answer; `retryable` says whether the one retry was worth making. */
export type AiFailureReason =
  'timeout' | 'unreachable' | 'rate-limited' | 'server-error' | 'refused' | 'bad-answer';

export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';

  constructor(
    readonly reason: AiFailureReason,
    message: string,
    readonly attempts: number,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
