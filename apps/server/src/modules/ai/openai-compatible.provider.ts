import { z } from 'zod';
import {
  AiProviderError,
  type AiChatMessage,
  type AiCompletion,
  type AiCompletionCall,
  type AiFailureReason,
  type AiProvider,
} from './ai-provider';

export interface OpenAiCompatibleOptions {
  /** The API's base, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token; null for a local server that takes none. */
  apiKey: string | null;
  vision: boolean;
  /** For each attempt, the whole exchange (connecting, waiting and reading the answer). */
  timeoutMs: number;
  /** The wait before the one retry, unless the provider's Retry-After asks for longer. */
  retryDelayMs?: number;
}

/** The most of an answer read: a chat completion is a few kilobytes. */
const ANSWER_MAX_BYTES = 1024 * 1024;
/** The longest Retry-After honoured before the retry; past it the retry goes anyway. */
const RETRY_AFTER_MAX_MS = 5_000;

const ChatAnswerSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().min(0).optional(),
      completion_tokens: z.number().int().min(0).optional(),
    })
    .optional(),
});

type Attempt =
  | { ok: true; completion: Omit<AiCompletion, 'attempts'> }
  | {
      ok: false;
      reason: AiFailureReason;
      message: string;
      status: number | null;
      retryAfterMs: number | null;
    };

/**
 * Any server speaking OpenAI's chat completions: OpenAI itself, a hosted compatible API, or a
 * local one (llama.cpp, Ollama, vLLM) on this machine. Its address is the operator's
 * configuration, so it is fetched directly, loopback included, never through the guarded
 * fetcher that keeps user-given addresses off private networks (decision 0052). Redirects are
 * not followed, so the key goes to the configured origin only.
 *
 * Retried once (spec §7): after a network error, a timeout, 429 or a 5xx. A 4xx other than
 * 429 is the request or the configuration being wrong, and asking again changes nothing.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  readonly kind = 'openai-compatible' as const;
  readonly model: string;
  readonly vision: boolean;
  private readonly endpoint: string;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.model = options.model;
    this.vision = options.vision;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  async complete(call: AiCompletionCall): Promise<AiCompletion> {
    const body = JSON.stringify({
      model: this.model,
      messages: call.messages.map(toWireMessage),
      ...(call.maxTokens ? { max_tokens: call.maxTokens } : {}),
      ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
      ...(call.responseFormat === 'json' ? { response_format: { type: 'json_object' } } : {}),
    });
    const first = await this.attempt(body);
    if (first.ok) return { ...first.completion, attempts: 1 };
    if (!isRetryable(first.reason)) {
      throw new AiProviderError(first.reason, first.message, 1, first.status);
    }
    await sleep(
      Math.min(
        Math.max(first.retryAfterMs ?? 0, this.options.retryDelayMs ?? 500),
        RETRY_AFTER_MAX_MS,
      ),
    );
    const second = await this.attempt(body);
    if (second.ok) return { ...second.completion, attempts: 2 };
    throw new AiProviderError(second.reason, second.message, 2, second.status);
  }

  private async attempt(body: string): Promise<Attempt> {
    const host = new URL(this.endpoint).host;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body,
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      return failure(
        signal.aborted ? 'timeout' : 'unreachable',
        signal.aborted
          ? `${host} did not answer within ${this.options.timeoutMs} ms`
          : `${host} could not be reached: ${(error as Error).message}`,
      );
    }
    let text: string;
    try {
      text = await readCapped(response, ANSWER_MAX_BYTES);
    } catch (error) {
      return failure(
        signal.aborted ? 'timeout' : 'bad-answer',
        signal.aborted
          ? `${host} did not finish its answer within ${this.options.timeoutMs} ms`
          : `${host}'s answer could not be read: ${(error as Error).message}`,
        response.status,
      );
    }
    if (response.status === 429 || response.status >= 500) {
      return failure(
        response.status === 429 ? 'rate-limited' : 'server-error',
        `${host} answered ${response.status}: ${providerMessage(text)}`,
        response.status,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    if (response.status < 200 || response.status >= 300) {
      return failure(
        'refused',
        `${host} answered ${response.status}: ${providerMessage(text)}`,
        response.status,
      );
    }
    let parsed: z.infer<typeof ChatAnswerSchema>;
    try {
      parsed = ChatAnswerSchema.parse(JSON.parse(text));
    } catch {
      return failure('bad-answer', `${host} answered 200 with no chat completion`, 200);
    }
    return {
      ok: true,
      completion: {
        text: parsed.choices[0]!.message.content ?? '',
        model: parsed.model ?? this.model,
        usage: {
          promptTokens: parsed.usage?.prompt_tokens ?? 0,
          completionTokens: parsed.usage?.completion_tokens ?? 0,
        },
      },
    };
  }
}

function failure(
  reason: AiFailureReason,
  message: string,
  status: number | null = null,
  retryAfter: number | null = null,
): Attempt {
  return { ok: false, reason, message, status, retryAfterMs: retryAfter };
}

function isRetryable(reason: AiFailureReason): boolean {
  return (
    reason === 'timeout' ||
    reason === 'unreachable' ||
    reason === 'rate-limited' ||
    reason === 'server-error'
  );
}

/** OpenAI's `{ error: { message } }`, else the start of the body. */
function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof message === 'string' && message) return message.slice(0, 300);
  } catch {
    // Not JSON: the text itself says what went wrong, if anything.
  }
  return text.slice(0, 300) || 'no message';
}

function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function toWireMessage(message: AiChatMessage) {
  if (typeof message.content === 'string') return { role: message.role, content: message.content };
  return {
    role: message.role,
    content: message.content.map((part) =>
      part.type === 'text'
        ? { type: 'text', text: part.text }
        : {
            type: 'image_url',
            image_url: { url: `data:${part.mimeType};base64,${part.bytes.toString('base64')}` },
          },
    ),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
