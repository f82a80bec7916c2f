import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { RunningEmulator } from '../core/emulator-server';
import {
  header,
  json,
  parseBody,
  readRequest,
  sendResponse,
  type EmulatorRequest,
  type EmulatorResponse,
} from '../core/http';

/**
 * A local stand-in for an OpenAI-compatible chat completions server (OpenAI's
 * `POST /v1/chat/completions`, which llama.cpp, Ollama and vLLM also speak), for the tests and
 * the demo: it checks each request the way the real API does, records it, answers
 * deterministically (JSON content when JSON is asked for), and can be told to fail its next
 * calls (500, 429, a timeout, a dropped connection) before it answers again.
 */

const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const ImagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({
    url: z.string().min(1),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
});
const MessageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([
    z.string(),
    z.array(z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema])).min(1),
  ]),
  name: z.string().optional(),
});
export const ChatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(MessageSchema).min(1),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  response_format: z
    .object({
      type: z.enum(['text', 'json_object', 'json_schema']),
      json_schema: z.unknown().optional(),
    })
    .optional(),
  stream: z.literal(false).optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

/** A photo sent in a message, decoded from its data: URL. */
export interface ReceivedImage {
  mimeType: string;
  bytes: Buffer;
}

/** One request as the stand-in received it, answered or not. */
export interface RecordedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed body; null when it was not JSON. */
  body: ChatCompletionRequest | null;
  images: ReceivedImage[];
  /** Whether the body asked for a JSON answer. */
  wantsJson: boolean;
  /** The status answered (0: the connection was dropped, or the answer was still held). */
  status: number;
}

export type OpenAiFaultKind = 'server-error' | 'rate-limit' | 'timeout' | 'disconnect';

export interface OpenAiFault {
  kind: OpenAiFaultKind;
  /** How many of the next calls fail this way; 1 by default. */
  count?: number;
  /** A server error's status, 500 by default. */
  status?: number;
  /** A rate limit's Retry-After, in seconds (0 by default, so a retry is not slowed). */
  retryAfterSeconds?: number;
  /** How long a timeout holds its answer; 120 s by default (far past any client's deadline). */
  holdMs?: number;
}

/** What the stand-in answers: the message's content, as text or as an object sent as JSON. */
export type OpenAiAnswerer = (request: RecordedChatRequest) => string | Record<string, unknown>;

export interface OpenAiEmulatorOptions {
  /** The key callers must send as a Bearer token; null: none is asked for (a local server). */
  apiKey?: string | null;
  /** The models it serves; a request for another is refused as OpenAI does (404). */
  models?: readonly string[];
  answer?: OpenAiAnswerer;
}

/** The answer to a JSON request when no answerer is given: every field the AI helper reads. */
export const DEFAULT_JSON_ANSWER = {
  title: 'Stand-in title from the AI server',
  description: 'Stand-in description from the AI server.',
  category: 'Jackets',
  brand: 'Stand-in Brand',
  condition: 'good',
  colour: 'Grey',
} as const;

const defaultAnswer: OpenAiAnswerer = (request) => {
  if (request.wantsJson) return { ...DEFAULT_JSON_ANSWER };
  const last = [...(request.body?.messages ?? [])].reverse().find((m) => m.role === 'user');
  return `Stand-in answer to: ${textOf(last?.content ?? '').slice(0, 200)}`;
};

/** About four characters a token, and a photo a flat 85 (OpenAI's low-detail price). */
const tokensOf = (text: string) => Math.ceil(text.length / 4);
const IMAGE_TOKENS = 85;

export class OpenAiEmulator {
  private readonly apiKey: string | null;
  private readonly models: readonly string[];
  private answerer: OpenAiAnswerer;
  private faults: Array<Required<OpenAiFault> & { remaining: number }> = [];
  private readonly recorded: RecordedChatRequest[] = [];
  private readonly held = new Set<NodeJS.Timeout>();
  private completions = 0;

  constructor(options: OpenAiEmulatorOptions = {}) {
    this.apiKey = options.apiKey === undefined ? 'sk-stand-in-key' : options.apiKey;
    this.models = options.models ?? ['stand-in-model', 'stand-in-vision-model'];
    this.answerer = options.answer ?? defaultAnswer;
  }

  /** Every chat request received, oldest first. */
  get requests(): readonly RecordedChatRequest[] {
    return this.recorded;
  }

  /** Answer from now on with this. */
  answerWith(answerer: OpenAiAnswerer): void {
    this.answerer = answerer;
  }

  /** The next calls fail as told (faults queue in the order given). */
  failNext(fault: OpenAiFault): void {
    const count = fault.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new Error('A fault count is at least 1');
    this.faults.push({
      kind: fault.kind,
      count,
      status: fault.status ?? 500,
      retryAfterSeconds: fault.retryAfterSeconds ?? 0,
      holdMs: fault.holdMs ?? 120_000,
      remaining: count,
    });
  }

  /** Forgets the requests, the faults and any scripted answer. */
  reset(): void {
    this.recorded.length = 0;
    this.faults = [];
    this.answerer = defaultAnswer;
    for (const timer of this.held) clearTimeout(timer);
    this.held.clear();
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<RunningEmulator> {
    const server = createServer((req, res) => {
      void readRequest(req)
        .then((request) => this.handle(request, res))
        .catch((error: unknown) => {
          if (!res.headersSent) {
            sendResponse(res, openAiError(500, (error as Error).message, 'server_error'));
          }
        });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const { port: bound } = server.address() as AddressInfo;
    return {
      url: `http://${host}:${bound}`,
      close: () =>
        new Promise<void>((resolve, reject) => {
          for (const timer of this.held) clearTimeout(timer);
          this.held.clear();
          server.closeAllConnections();
          server.close((error) => (error ? reject(error) : resolve()));
        }),
    };
  }

  private async handle(request: EmulatorRequest, res: ServerResponse): Promise<void> {
    const path = request.path.replace(/\/+$/, '');
    if (request.method === 'GET' && path === '/v1/models') {
      if (!this.authorised(request)) return sendResponse(res, unauthorised());
      return sendResponse(
        res,
        json(200, {
          object: 'list',
          data: this.models.map((id) => ({ id, object: 'model', owned_by: 'listloop-stand-in' })),
        }),
      );
    }
    if (path !== '/v1/chat/completions') {
      return sendResponse(res, openAiError(404, `Unknown request URL: ${request.method} ${path}`));
    }
    if (request.method !== 'POST') {
      return sendResponse(res, openAiError(405, `Use POST for ${path}`));
    }

    const body = parseBody(request);
    const parsed = body.kind === 'json' ? ChatCompletionRequestSchema.safeParse(body.value) : null;
    const record: RecordedChatRequest = {
      method: request.method,
      path,
      headers: request.headers,
      body: parsed?.success ? parsed.data : null,
      images: parsed?.success ? imagesOf(parsed.data) : [],
      wantsJson: parsed?.success
        ? parsed.data.response_format?.type === 'json_object' ||
          parsed.data.response_format?.type === 'json_schema'
        : false,
      status: 0,
    };
    this.recorded.push(record);
    const answer = (response: EmulatorResponse) => {
      record.status = response.status;
      sendResponse(res, response);
    };

    const fault = this.takeFault();
    if (fault?.kind === 'disconnect') {
      res.destroy();
      return;
    }
    if (fault?.kind === 'server-error') {
      return answer(
        openAiError(
          fault.status,
          'The server had an error while processing your request.',
          'server_error',
        ),
      );
    }
    if (fault?.kind === 'rate-limit') {
      return answer({
        ...openAiError(429, 'Rate limit reached for requests.', 'rate_limit_exceeded'),
        headers: { 'retry-after': String(fault.retryAfterSeconds) },
      });
    }

    if (!this.authorised(request)) return answer(unauthorised());
    if (body.kind !== 'json') {
      return answer(
        openAiError(
          400,
          body.kind === 'invalid'
            ? `We could not parse the JSON body of your request. ${body.error}`
            : 'The request body must be JSON (content-type application/json).',
        ),
      );
    }
    if (!parsed?.success) {
      const issue = parsed?.error.issues[0];
      return answer(
        openAiError(
          400,
          `Invalid request: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unreadable body'}`,
          'invalid_request_error',
          issue?.path.join('.') ?? null,
        ),
      );
    }
    const chat = parsed.data;
    if (!this.models.includes(chat.model)) {
      return answer(
        openAiError(
          404,
          `The model \`${chat.model}\` does not exist or you do not have access to it.`,
          'model_not_found',
        ),
      );
    }
    const badImage = imageProblem(chat);
    if (badImage) return answer(openAiError(400, badImage, 'invalid_image_url'));
    // OpenAI's own rule for JSON mode: the messages must ask for JSON in words too.
    if (
      chat.response_format?.type === 'json_object' &&
      !chat.messages.some((m) => /json/i.test(textOf(m.content)))
    ) {
      return answer(
        openAiError(
          400,
          "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
          'invalid_request_error',
          'messages',
        ),
      );
    }

    const reply = () => {
      const produced = this.answerer(record);
      const content = typeof produced === 'string' ? produced : JSON.stringify(produced);
      const promptTokens =
        chat.messages.reduce((sum, m) => sum + tokensOf(textOf(m.content)), 0) +
        record.images.length * IMAGE_TOKENS;
      this.completions += 1;
      answer(
        json(200, {
          id: `chatcmpl-standin-${this.completions}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: chat.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              finish_reason: 'stop',
            },
          ],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: tokensOf(content),
            total_tokens: promptTokens + tokensOf(content),
          },
        }),
      );
    };
    if (fault?.kind === 'timeout') {
      const timer = setTimeout(() => {
        this.held.delete(timer);
        if (!res.destroyed) reply();
      }, fault.holdMs);
      this.held.add(timer);
      return;
    }
    reply();
  }

  private authorised(request: EmulatorRequest): boolean {
    if (this.apiKey === null) return true;
    return header(request.headers, 'authorization') === `Bearer ${this.apiKey}`;
  }

  private takeFault(): (Required<OpenAiFault> & { remaining: number }) | null {
    const fault = this.faults[0];
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.shift();
    return fault;
  }
}

/** The text of a message's content: the string, or its text parts joined. */
export function textOf(content: ChatCompletionRequest['messages'][number]['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;

function imagesOf(chat: ChatCompletionRequest): ReceivedImage[] {
  const images: ReceivedImage[] = [];
  for (const message of chat.messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'image_url') continue;
      const match = DATA_URL.exec(part.image_url.url);
      if (match)
        images.push({ mimeType: match[1]!.toLowerCase(), bytes: Buffer.from(match[2]!, 'base64') });
    }
  }
  return images;
}

/** OpenAI takes an image as an https:// address or a base64 data: URL of an image type. */
function imageProblem(chat: ChatCompletionRequest): string | null {
  for (const message of chat.messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'image_url') continue;
      const url = part.image_url.url;
      if (message.role !== 'user') return 'Image parts are only accepted in user messages.';
      if (!DATA_URL.test(url) && !/^https?:\/\//.test(url)) {
        return `Invalid image URL: expected a base64 data: URL of an image, or an http(s) address.`;
      }
    }
  }
  return null;
}

function openAiError(
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
): EmulatorResponse {
  const type =
    status === 401
      ? 'invalid_request_error'
      : status === 429
        ? 'requests'
        : status >= 500
          ? 'server_error'
          : 'invalid_request_error';
  return json(status, { error: { message, type, param, code } });
}

function unauthorised(): EmulatorResponse {
  return openAiError(401, 'Incorrect API key provided.', 'invalid_api_key');
}
