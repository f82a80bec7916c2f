import type { ExecutorQueueEntry } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { createWorkClient, type FetchLike } from '../api';
import { groupQueue, readQueue, tryAgain } from './queue';

function entry(over: Partial<ExecutorQueueEntry>): ExecutorQueueEntry {
  return {
    operationId: 'op_1',
    itemId: 'item_1',
    userId: 'user_1',
    marketplace: 'vinted',
    operation: 'list',
    executor: 'extension',
    status: 'queued',
    attempts: 0,
    lastError: null,
    cancelReason: null,
    leaseExpiresAt: null,
    needsYou: null,
    title: 'Blue denim jacket',
    ...over,
  };
}
const held = { reason: 'captcha' as const, detail: null, pageUrl: null, since: 1 };

/** A fetch that answers with each response in turn and records what it was asked. */
function answers(...responses: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next;
  };
  return { client: createWorkClient('https://ll.example', 'tok', fetchImpl), calls };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the popup’s queue', () => {
  it('groups running, held for the seller and waiting, keeping the server’s order', () => {
    const groups = groupQueue([
      entry({ operationId: 'a' }),
      entry({ operationId: 'b', needsYou: held }),
      entry({ operationId: 'c', status: 'running' }),
      entry({ operationId: 'd' }),
      entry({ operationId: 'e', status: 'failed' }),
    ]);
    expect(groups.running.map((e) => e.operationId)).toEqual(['c']);
    expect(groups.needsYou.map((e) => e.operationId)).toEqual(['b']);
    expect(groups.waiting.map((e) => e.operationId)).toEqual(['a', 'd']);
  });

  it('reads the queue with the token alone', async () => {
    const { client, calls } = answers(
      json(200, { operations: [entry({ status: 'running' }), entry({ operationId: 'op_2' })] }),
    );
    const read = await readQueue(client);
    expect(read.kind).toBe('ok');
    if (read.kind === 'ok') {
      expect(read.groups.running).toHaveLength(1);
      expect(read.groups.waiting).toHaveLength(1);
    }
    expect(calls[0]!.url).toBe('https://ll.example/api/rest/v1/executor/queue');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.credentials).toBe('omit');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('tells a refused token from a server out of reach and from an odd answer', async () => {
    expect(await readQueue(answers(json(401, { message: 'Revoked.' })).client)).toEqual({
      kind: 'unpaired',
    });
    expect(await readQueue(answers(new TypeError('Failed to fetch')).client)).toEqual({
      kind: 'unreachable',
    });
    expect(await readQueue(answers(json(503, {})).client)).toEqual({ kind: 'unreachable' });
    expect(await readQueue(answers(json(403, { message: 'Not allowed.' })).client)).toEqual({
      kind: 'failed',
      message: 'Not allowed.',
    });
    expect(await readQueue(answers(json(200, { operations: 'none' })).client)).toEqual({
      kind: 'failed',
      message: 'The server answered in an unexpected shape.',
    });
  });

  it('tries a held operation again, and passes on the server’s refusal', async () => {
    const ok = answers(json(200, { operation: entry({ operationId: 'op 7' }) }));
    expect(await tryAgain(ok.client, 'op 7')).toEqual({ kind: 'ok' });
    expect(ok.calls[0]!.url).toBe(
      'https://ll.example/api/rest/v1/executor/operations/op%207/resume',
    );
    expect(ok.calls[0]!.init.method).toBe('POST');

    const refused = answers(json(409, { message: 'The operation is running now.' }));
    expect(await tryAgain(refused.client, 'op_1')).toEqual({
      kind: 'refused',
      message: 'The operation is running now.',
    });
    expect(await tryAgain(answers(json(401, {})).client, 'op_1')).toEqual({ kind: 'unpaired' });
    expect(await tryAgain(answers(new Error('offline')).client, 'op_1')).toEqual({
      kind: 'unreachable',
    });
  });
});
