import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../core/emulator-server';
import { DEFAULT_JSON_ANSWER, OpenAiEmulator } from './openai-emulator';

describe('the OpenAI-compatible stand-in', () => {
  const emulator = new OpenAiEmulator({ apiKey: 'sk-unit' });
  let running: RunningEmulator;
  const post = (body: unknown, key = 'sk-unit') =>
    fetch(`${running.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    running = await emulator.listen();
  });
  afterAll(() => running.close());
  beforeEach(() => emulator.reset());

  it('answers a chat completion with usage, and JSON content when JSON is asked for', async () => {
    const response = await post({
      model: 'stand-in-model',
      messages: [{ role: 'user', content: 'Answer in JSON please' }],
      response_format: { type: 'json_object' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      object: string;
      choices: { message: { content: string } }[];
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    expect(body.object).toBe('chat.completion');
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual(DEFAULT_JSON_ANSWER);
    expect(body.usage.prompt_tokens).toBe(6);
    expect(emulator.requests[0]).toMatchObject({ wantsJson: true, status: 200 });
  });

  it('refuses what OpenAI refuses, in its error format', async () => {
    const cases: [unknown, string | undefined, number, string][] = [
      [{ model: 'stand-in-model', messages: [] }, undefined, 400, 'messages'],
      [{ model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }] }, undefined, 404, 'gpt-9'],
      [
        { model: 'stand-in-model', messages: [{ role: 'user', content: 'hi' }] },
        'sk-x',
        401,
        'API key',
      ],
      [
        {
          model: 'stand-in-model',
          messages: [{ role: 'user', content: 'hi' }],
          response_format: { type: 'json_object' },
        },
        undefined,
        400,
        "must contain the word 'json'",
      ],
      [
        {
          model: 'stand-in-model',
          messages: [
            {
              role: 'user',
              content: [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }],
            },
          ],
        },
        undefined,
        400,
        'Invalid image URL',
      ],
    ];
    for (const [body, key, status, fragment] of cases) {
      const response = await post(body, key);
      expect(response.status, JSON.stringify(body)).toBe(status);
      const answer = (await response.json()) as { error: { message: string } };
      expect(answer.error.message).toContain(fragment);
    }
  });

  it('fails as told, then answers again', async () => {
    emulator.failNext({ kind: 'server-error', status: 503 });
    emulator.failNext({ kind: 'rate-limit', retryAfterSeconds: 2 });
    const message = { model: 'stand-in-model', messages: [{ role: 'user', content: 'hi' }] };
    expect((await post(message)).status).toBe(503);
    const limited = await post(message);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await post(message)).status).toBe(200);
    expect(emulator.requests.map((r) => r.status)).toEqual([503, 429, 200]);
  });
});
