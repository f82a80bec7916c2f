import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiEmulator, type OpenAiFaultKind } from '@listloop/emulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiProviderError } from './ai-provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

describe('the OpenAI-compatible provider against the stand-in server on loopback', () => {
  const emulator = new OpenAiEmulator({ apiKey: 'sk-test' });
  let running: { url: string; close(): Promise<void> };
  const provider = (options: { apiKey?: string | null; timeoutMs?: number } = {}) =>
    new OpenAiCompatibleProvider({
      baseUrl: `${running.url}/v1/`,
      model: 'stand-in-model',
      apiKey: options.apiKey === undefined ? 'sk-test' : options.apiKey,
      vision: true,
      timeoutMs: options.timeoutMs ?? 2_000,
      retryDelayMs: 10,
    });

  beforeAll(async () => {
    running = await emulator.listen();
  });
  afterAll(() => running.close());
  beforeEach(() => emulator.reset());

  it('sends the model, the messages, the key, the token limit and JSON mode', async () => {
    emulator.answerWith(() => ({ title: 'Blue jeans' }));
    const answer = await provider().complete({
      messages: [
        { role: 'system', content: 'Answer in JSON.' },
        { role: 'user', content: 'Jeans, blue' },
      ],
      maxTokens: 50,
      responseFormat: 'json',
    });
    expect(answer).toEqual({
      text: '{"title":"Blue jeans"}',
      model: 'stand-in-model',
      usage: { promptTokens: 7, completionTokens: 6 },
      attempts: 1,
    });
    const [request] = emulator.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'stand-in-model',
      messages: [
        { role: 'system', content: 'Answer in JSON.' },
        { role: 'user', content: 'Jeans, blue' },
      ],
      max_tokens: 50,
      response_format: { type: 'json_object' },
    });
  });

  it('sends photos as data: URLs in image parts', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await provider().complete({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this? Answer in JSON.' },
            { type: 'image', mimeType: 'image/jpeg', bytes },
          ],
        },
      ],
      responseFormat: 'json',
    });
    expect(emulator.requests[0]?.images).toEqual([{ mimeType: 'image/jpeg', bytes }]);
  });

  it.each<[OpenAiFaultKind, number]>([
    ['server-error', 500],
    ['rate-limit', 429],
    ['disconnect', 0],
    ['timeout', 0],
  ])('retries once after %s and answers', async (kind) => {
    emulator.failNext({ kind, holdMs: 5_000 });
    const answer = await provider({ timeoutMs: 300 }).complete({
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(answer.attempts).toBe(2);
    expect(answer.text).toBe('Stand-in answer to: Hello');
    expect(emulator.requests).toHaveLength(2);
  });

  it.each<[OpenAiFaultKind, string]>([
    ['server-error', 'server-error'],
    ['rate-limit', 'rate-limited'],
    ['disconnect', 'unreachable'],
    ['timeout', 'timeout'],
  ])('gives up after %s twice', async (kind, reason) => {
    emulator.failNext({ kind, count: 2, holdMs: 5_000 });
    const failed = await provider({ timeoutMs: 300 })
      .complete({ messages: [{ role: 'user', content: 'Hello' }] })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AiProviderError);
    expect(failed).toMatchObject({ reason, attempts: 2 });
    expect(emulator.requests).toHaveLength(2);
  });

  it('never retries a refusal: a wrong key, an unknown model', async () => {
    const wrongKey = await provider({ apiKey: 'sk-wrong' })
      .complete({ messages: [{ role: 'user', content: 'Hello' }] })
      .catch((error: unknown) => error);
    expect(wrongKey).toMatchObject({ reason: 'refused', status: 401, attempts: 1 });
    expect((wrongKey as Error).message).toContain('Incorrect API key provided.');
    const noKey = await provider({ apiKey: null })
      .complete({ messages: [{ role: 'user', content: 'Hello' }] })
      .catch((error: unknown) => error);
    expect(noKey).toMatchObject({ reason: 'refused', status: 401 });
    expect(emulator.requests[1]?.headers.authorization).toBeUndefined();
    expect(emulator.requests).toHaveLength(2);
  });

  it('calls a 200 that is not a chat completion a bad answer, without retrying', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const failed = await new OpenAiCompatibleProvider({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model: 'any',
        apiKey: null,
        vision: false,
        timeoutMs: 1_000,
      })
        .complete({ messages: [{ role: 'user', content: 'Hello' }] })
        .catch((error: unknown) => error);
      expect(failed).toMatchObject({ reason: 'bad-answer', attempts: 1 });
      expect(calls).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
