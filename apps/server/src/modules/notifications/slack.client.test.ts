import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGuardedFetcher, trustOrigins } from '../../platform/net/guarded-fetch';
import { postToSlack, SlackRejectedError, SlackUnavailableError } from './slack.client';

const MESSAGE = { text: 'Sold: denim jacket', blocks: [] };

describe('postToSlack', () => {
  it('posts only to public addresses: a webhook on this machine is refused for good, never asked', async () => {
    const posted: string[] = [];
    const receiver = createServer((req, res) => {
      posted.push(req.url ?? '');
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/T0/B0/secret`;
    const guard = createGuardedFetcher();
    const trusting = createGuardedFetcher({ trusts: trustOrigins([url]) });
    try {
      const error = await postToSlack(url, MESSAGE, guard).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SlackRejectedError);
      expect((error as Error).message).toBe(
        'ListLoop did not post to this Slack webhook address: 127.0.0.1 is on a private network, and ListLoop fetches nothing there.',
      );
      expect((error as Error).message).not.toContain('secret');
      expect(posted).toEqual([]);
      // The tests' trusted stand-in is posted to.
      await postToSlack(url, MESSAGE, trusting);
      expect(posted).toEqual(['/services/T0/B0/secret']);
    } finally {
      await Promise.all([guard.close(), trusting.close()]);
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('takes a host that does not answer as Slack being down, to try again', async () => {
    const guard = createGuardedFetcher({
      lookup: async () => {
        throw Object.assign(new Error('getaddrinfo EAI_AGAIN hooks.slack.com'), {
          code: 'EAI_AGAIN',
        });
      },
    });
    try {
      const error = await postToSlack(
        'https://hooks.slack.com/services/T/B/x',
        MESSAGE,
        guard,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SlackUnavailableError);
    } finally {
      await guard.close();
    }
  });
});
