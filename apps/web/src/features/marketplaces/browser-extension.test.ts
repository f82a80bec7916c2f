import { EXTENSION_ID } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { browserAndSystem, pairExtension, pingExtension } from './browser-extension';

/** A page's `chrome.runtime` as Chromium gives it once an extension lists the page's origin. */
function scopeAnswering(answer: (message: unknown) => unknown, lastError?: string) {
  const sent: { id: string; message: unknown }[] = [];
  const runtime = {
    lastError: lastError ? { message: lastError } : undefined,
    sendMessage(id: string, message: unknown, reply: (answer: unknown) => void) {
      sent.push({ id, message });
      setTimeout(() => reply(answer(message)), 0);
    },
  };
  return { scope: { chrome: { runtime } }, sent };
}

describe('talking to the browser extension', () => {
  it('asks the ListLoop extension by its fixed id and reads its answer', async () => {
    const { scope, sent } = scopeAnswering(() => ({
      version: '0.1.0',
      server: 'http://127.0.0.1:3000',
      tokenId: 'tok',
    }));
    expect(await pingExtension(scope)).toEqual({
      version: '0.1.0',
      server: 'http://127.0.0.1:3000',
      tokenId: 'tok',
    });
    expect(sent).toEqual([{ id: EXTENSION_ID, message: { type: 'listloop.ping' } }]);
  });

  it('is "not installed" without the messaging API, on a messaging error or on nonsense', async () => {
    expect(await pingExtension({})).toBeNull();
    expect(await pingExtension({ chrome: {} })).toBeNull();
    expect(await pingExtension(scopeAnswering(() => undefined, 'No receiver').scope)).toBeNull();
    expect(await pingExtension(scopeAnswering(() => ({ version: 3 })).scope)).toBeNull();
  });

  it('hands the token over and reports what the extension said', async () => {
    const { scope, sent } = scopeAnswering(() => ({ paired: false, error: 'Revoked' }));
    expect(await pairExtension('http://localhost:3000', 'llx_x', scope)).toEqual({
      paired: false,
      error: 'Revoked',
    });
    expect(sent[0]!.message).toEqual({
      type: 'listloop.pair',
      server: 'http://localhost:3000',
      token: 'llx_x',
    });
  });

  it('names the browser by its make and system', () => {
    const linuxChrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const windowsEdge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0';
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    expect(browserAndSystem(linuxChrome)).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(browserAndSystem(windowsEdge)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(browserAndSystem(mac)).toEqual({ browser: 'Chrome', system: 'macOS' });
  });
});
